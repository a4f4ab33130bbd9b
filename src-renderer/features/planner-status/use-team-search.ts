import { useEffect, useRef, useState } from 'react'
import type { ChannelOutput } from '../../../src-shared/contract'
import { invoke } from '../../app/client'

export type FoundTeam = ChannelOutput<'plannerStatus.find'>[number]

/** Teams whose name or planner's name holds `text`, asked 250 ms after typing stops; the latest answer wins. */
export function useTeamSearch(text: string): FoundTeam[] {
  const [found, setFound] = useState<FoundTeam[]>([])
  const latest = useRef(0)
  useEffect(() => {
    const request = ++latest.current
    const timer = window.setTimeout(() => {
      if (text.trim() === '') return setFound([])
      void invoke('plannerStatus.find', { text }).then((result) => {
        if (request === latest.current) setFound(result.ok ? result.value : [])
      })
    }, 250)
    return () => window.clearTimeout(timer)
  }, [text])
  return found
}

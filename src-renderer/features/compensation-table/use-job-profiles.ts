import { useEffect, useMemo, useState } from 'react'
import type { JobProfileDto } from '../../../src-shared/contract'
import { invoke } from '../../app/client'
import { selectDataStatus, selectJobProfiles } from '../../app/data-slice'
import { useAppSelector } from '../../app/hooks'

export type JobProfiles =
  | { status: 'loading' }
  | { status: 'loaded'; profiles: JobProfileDto[] }
  | { status: 'failed'; message: string }

/**
 * The job profiles a new job profile is picked from: the initial data load's when it is in, else
 * asked for on their own (the table does not wait for the whole load).
 */
export function useJobProfiles(): JobProfiles {
  const loaded = useAppSelector((state) => selectDataStatus(state) === 'loaded')
  const fromLoad = useAppSelector(selectJobProfiles)
  const [own, setOwn] = useState<JobProfiles>({ status: 'loading' })

  useEffect(() => {
    if (loaded) return
    let cancelled = false
    void invoke('jobProfiles.list', {}).then((result) => {
      if (cancelled) return
      setOwn(
        result.ok
          ? { status: 'loaded', profiles: result.value }
          : { status: 'failed', message: result.error.message },
      )
    })
    return () => {
      cancelled = true
    }
  }, [loaded])

  const loadedProfiles = useMemo<JobProfiles>(() => ({ status: 'loaded', profiles: fromLoad }), [fromLoad])
  return loaded ? loadedProfiles : own
}

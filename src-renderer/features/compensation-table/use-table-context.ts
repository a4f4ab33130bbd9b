import { useEffect, useState } from 'react'
import type { PayCycleDto, UserSettingsDto } from '../../../src-shared/contract'
import { invoke } from '../../app/client'
import { selectCurrentPayCycle, selectUserSettings } from '../../app/data-slice'
import { currentPayCycle } from '../../../src-shared/domain/pay-cycles'
import { useAppSelector } from '../../app/hooks'

export interface TableContext {
  settings: UserSettingsDto | null
  payCycle: PayCycleDto | null
  ready: boolean
}

/**
 * The two small things the table needs before its first rows: the user's settings (columns,
 * currency) and the active pay cycle (rates). They come from the initial data load when it is in;
 * until then (a large company's load takes a while) the page asks for just these, so the first
 * rows do not wait for every employee to load.
 */
export function useTableContext(): TableContext {
  const loadedSettings = useAppSelector(selectUserSettings)
  const loadedCycle = useAppSelector(selectCurrentPayCycle)
  const loaded = useAppSelector((state) => state.data.status === 'loaded')
  const [own, setOwn] = useState<{ settings: UserSettingsDto | null; payCycle: PayCycleDto | null } | null>(
    null,
  )

  useEffect(() => {
    if (loaded || own) return
    let cancelled = false
    void Promise.all([invoke('userSettings.get', {}), invoke('payCycles.list', {})]).then(
      ([settings, cycles]) => {
        if (cancelled) return
        setOwn({
          settings: settings.ok ? settings.value : null,
          payCycle: cycles.ok ? currentPayCycle(cycles.value) : null,
        })
      },
    )
    return () => {
      cancelled = true
    }
  }, [loaded, own])

  if (loaded) return { settings: loadedSettings, payCycle: loadedCycle, ready: true }
  return { settings: own?.settings ?? null, payCycle: own?.payCycle ?? null, ready: own !== null }
}

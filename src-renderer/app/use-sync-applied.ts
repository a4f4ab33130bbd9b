import { useEffect, useRef } from 'react'
import type { SyncApplied } from '../../src-shared/contract'
import { bridge } from './client'

/** Calls `onApplied` when others' changes (or a refused change put back) reach the open replica. */
export function useSyncApplied(onApplied: (applied: SyncApplied) => void): void {
  const latest = useRef(onApplied)
  useEffect(() => {
    latest.current = onApplied
  }, [onApplied])
  useEffect(() => bridge.on('sync.applied', (applied) => latest.current(applied)), [])
}

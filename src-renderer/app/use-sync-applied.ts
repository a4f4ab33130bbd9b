import { useEffect, useRef } from 'react'
import type { PushKind, SyncApplied } from '../../src-shared/contract'
import { bridge } from './client'

/** Calls `onApplied` when others' changes (or a refused change put back) reach the open replica. */
export function useSyncApplied(onApplied: (applied: SyncApplied) => void): void {
  const latest = useRef(onApplied)
  useEffect(() => {
    latest.current = onApplied
  }, [onApplied])
  useEffect(() => bridge.on('sync.applied', (applied) => latest.current(applied)), [])
}

/**
 * Calls `onRefused` when the server refused a push of one of `kinds` and the replica put it back:
 * an undo history holding it starts over, so redo never sends the refused change again.
 */
export function useRefusedPush(kinds: readonly PushKind[], onRefused: () => void): void {
  useSyncApplied((applied) => {
    if (applied.refusedPush && kinds.includes(applied.refusedPush)) onRefused()
  })
}

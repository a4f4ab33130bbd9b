import { useEffect, useState } from 'react'
import type { SyncStatus } from '../../../src-shared/contract'
import { useToast } from '../../components/toast'
import { bridge, invoke } from '../client'

/**
 * A replica's sync status under the company name ('Synced', 'Offline — 37 changes waiting'), and
 * the sync's notices as toasts: another's change replaced yours; the server refused a change.
 */
export function SyncStatusLine() {
  const [status, setStatus] = useState<SyncStatus | null>(null)
  const toast = useToast()
  useEffect(() => {
    let live = true
    void invoke('sync.status', {}).then((answer) => {
      if (live && answer.ok) setStatus(answer.value)
    })
    const offStatus = bridge.on('sync.status', (next) => setStatus(next))
    const offApplied = bridge.on('sync.applied', (applied) => {
      for (const notice of applied.notices) toast.info(notice)
    })
    return () => {
      live = false
      offStatus()
      offApplied()
    }
  }, [toast])
  if (!status?.replica) return null
  const state = !status.signedIn
    ? 'signed-out'
    : status.online
      ? status.waiting > 0
        ? 'syncing'
        : 'synced'
      : 'offline'
  return (
    <p className="sidebar__sync" role="status" data-testid="sync-status" data-state={state}>
      <span className={`sidebar__sync-dot sidebar__sync-dot--${state}`} aria-hidden="true" />
      {status.text}
    </p>
  )
}

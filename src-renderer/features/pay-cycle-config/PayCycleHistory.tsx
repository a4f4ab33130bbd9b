import { useEffect, useState } from 'react'
import type { PayCycleHistoryEntry } from '../../../src-shared/contract'
import { invoke } from '../../app/client'

const ACTIONS: Record<string, string> = {
  create: 'Created',
  update: 'Saved',
  'save-activate': 'Saved and activated',
  activate: 'Activated',
  close: 'Closed',
  restore: 'Undo / redo',
  delete: 'Removed',
}

const AT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** The configuration's change history (the change log), newest first. */
export function PayCycleHistory({ id }: { id: number }) {
  const [entries, setEntries] = useState<PayCycleHistoryEntry[] | null>(null)
  useEffect(() => {
    let cancelled = false
    void invoke('payCycles.history', { id }).then((result) => {
      if (!cancelled) setEntries(result.ok ? result.value : [])
    })
    return () => {
      cancelled = true
    }
  }, [id])
  if (!entries || entries.length === 0) return null
  return (
    <details className="pce-section pcc-history" data-testid="pce-history">
      <summary>Change history ({entries.length})</summary>
      <ol>
        {entries.slice(0, 50).map((entry) => (
          <li key={entry.id} data-testid="pce-history-entry">
            <span>{AT.format(new Date(entry.at))}</span> ·{' '}
            <strong>{ACTIONS[entry.action] ?? entry.action}</strong>
            {entry.userName ? ` by ${entry.userName}` : ''}
            {entry.changed.length > 0 && <span className="muted"> — {entry.changed.join(', ')}</span>}
          </li>
        ))}
      </ol>
    </details>
  )
}

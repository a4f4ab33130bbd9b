import { useEffect, useState } from 'react'
import type { RewardHistoryEntry, TableRow } from '../../../src-shared/contract'
import { formatBonusPercent, formatMoney } from '../../../src-shared/domain/money'
import { invoke } from '../../app/client'
import { SidePanel } from '../../components/side-panel'

const MONEY_KEYS = new Set([
  'newSalary',
  'newDollarBonus',
  'lumpSum',
  'new_salary',
  'new_dollar_bonus',
  'lump_sum',
  'currentSalary',
  'recommendedIncrease',
  'allocatedBudget',
])
const LABELS: Record<string, string> = {
  newSalary: 'New salary',
  newDollarBonus: 'Bonus amount',
  newPercentBonus: 'Bonus percent',
  lumpSum: 'Lump sum',
  comments: 'Comments',
  promotion: 'Promotion',
  newJobProfileId: 'New job profile',
  // A merit-matrix save's entries.
  recommendedIncrease: 'Recommended increase',
  recommendedIncreasePercent: 'Recommended increase %',
  allocatedBudget: 'HyperBalance allocated budget',
  // A re-import's entries: why the plan was looked at, and what was chosen for it.
  currentSalary: 'Current salary',
  payCurrency: 'Pay currency',
  payRange: 'Pay range',
  name: 'Name',
  plan: 'Plan',
}

/** A history value in words: money in the row's currency, percents with 4 decimals, — for none. */
export function historyValue(key: string, value: unknown, currency: string): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'number' && MONEY_KEYS.has(key)) return formatMoney(value, currency)
  if (typeof value === 'number' && /percent/i.test(key)) return formatBonusPercent(value)
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  return typeof value === 'string' ? value : JSON.stringify(value)
}

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

function when(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : WHEN.format(date)
}

interface Props {
  row: TableRow
  /** Asked again when this changes (after an edit). */
  version: string
  onClose: () => void
}

/** The reward history of one employee (`rewards.history`), newest first. */
export function HistoryPanel({ row, version, onClose }: Props) {
  const [entries, setEntries] = useState<RewardHistoryEntry[] | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    void invoke('rewards.history', { employeeId: row.id }).then((result) => {
      if (!live) return
      if (result.ok) {
        setEntries([...result.value].sort((a, b) => b.changedAt.localeCompare(a.changedAt) || b.id - a.id))
        setError(null)
      } else setError(result.error.message)
    })
    return () => {
      live = false
    }
  }, [row.id, version])

  return (
    <SidePanel
      title={`History of ${row.employeeName}`}
      subtitle={`Amounts in ${row.currency}`}
      testId="history-panel"
      onClose={onClose}
    >
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
      {!entries && !error && <p className="muted">Loading…</p>}
      {entries && entries.length === 0 && <p className="muted">No changes yet.</p>}
      {entries && entries.length > 0 && (
        <ol className="history-list">
          {entries.map((entry) => (
            <li key={entry.id} className="history-list__item" data-testid="history-entry">
              <div className="history-list__meta muted">
                {when(entry.changedAt)} · {entry.changedBy ?? 'Unknown'} · {entry.source}
              </div>
              <ul className="history-list__changes">
                {Object.entries(entry.changes).map(([key, change]) => (
                  <li key={key}>
                    <strong>{LABELS[key] ?? key}</strong>: {historyValue(key, change.old, row.currency)} →{' '}
                    {historyValue(key, change.new, row.currency)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </SidePanel>
  )
}

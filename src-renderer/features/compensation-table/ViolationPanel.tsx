import { useEffect, useState } from 'react'
import type { ChannelOutput } from '../../../src-shared/contract'
import { invoke } from '../../app/client'
import { SidePanel } from '../../components/side-panel'
import { SeverityIcon } from './cells'

type ViolationRows = ChannelOutput<'table.violations'>

interface Props {
  viewAsEmployeeId: number | null
  /** Changes whenever the rows may have changed (after an edit): the list is asked again. */
  version: string
  onClose: () => void
  onFind: (name: string) => void
}

/** The table-violation panel ('View All'): every row with a violation, errors first, with its messages. */
export function ViolationPanel({ viewAsEmployeeId, version, onClose, onFind }: Props) {
  const [rows, setRows] = useState<ViolationRows | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    void invoke('table.violations', { viewAsEmployeeId }).then((result) => {
      if (!live) return
      if (result.ok) {
        setRows(result.value)
        setError(null)
      } else setError(result.error.message)
    })
    return () => {
      live = false
    }
  }, [viewAsEmployeeId, version])

  const sorted = rows ? [...rows].sort((a, b) => rank(b.severity) - rank(a.severity)) : null
  return (
    <SidePanel
      title="Table violations"
      testId="violation-panel"
      onClose={onClose}
      subtitle={sorted ? `${sorted.length.toLocaleString('en-US')} employees with violations` : 'Loading…'}
    >
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
      {sorted && sorted.length === 0 && <p className="muted">No violations.</p>}
      {sorted && sorted.length > 0 && (
        <ul className="violation-list">
          {sorted.map((row) => (
            <li
              key={row.id}
              className="violation-list__item"
              data-testid="violation-row"
              data-employee-id={row.id}
              data-severity={row.severity}
            >
              <button
                type="button"
                className="button button--link violation-list__name"
                onClick={() => onFind(row.employeeName)}
              >
                <SeverityIcon severity={row.severity} /> {row.employeeName}
              </button>
              <ul className="violation-list__messages">
                {row.violations.map((violation) => (
                  <li key={`${violation.rule}:${violation.message}`}>
                    <SeverityIcon severity={violation.severity} /> {violation.message}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </SidePanel>
  )
}

function rank(severity: string): number {
  return severity === 'error' ? 2 : severity === 'warning' ? 1 : 0
}

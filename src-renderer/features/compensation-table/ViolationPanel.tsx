import { useEffect, useMemo, useState } from 'react'
import type { ChannelOutput } from '../../../src-shared/contract'
import { invoke } from '../../app/client'
import { SidePanel } from '../../components/side-panel'
import { SeverityIcon } from './cells'
import { GROUP_PAGE_SIZE, groupViolations, type ViolationGroup } from './violation-groups'

type ViolationRows = ChannelOutput<'table.violations'>

interface Props {
  viewAsEmployeeId: number | null
  /** Changes whenever the rows may have changed (after an edit): the list is asked again. */
  version: string
  onClose: () => void
  onFind: (name: string) => void
}

/**
 * The table-violation panel ('View All'): the violations grouped by rule with their counts, errors
 * first; an opened group lists its employees a page at a time (never 100,000 list items at once).
 */
export function ViolationPanel({ viewAsEmployeeId, version, onClose, onFind }: Props) {
  const [rows, setRows] = useState<ViolationRows | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [openRule, setOpenRule] = useState<string | null>(null)

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

  const groups = useMemo(() => (rows ? groupViolations(rows) : null), [rows])
  const total = groups?.reduce((n, g) => n + g.items.length, 0) ?? 0
  return (
    <SidePanel
      title="Table violations"
      testId="violation-panel"
      onClose={onClose}
      subtitle={
        rows
          ? `${rows.length.toLocaleString('en-US')} employees with ${total.toLocaleString('en-US')} violations`
          : 'Loading…'
      }
    >
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
      {groups && groups.length === 0 && <p className="muted">No violations.</p>}
      {groups && groups.length > 0 && (
        <ul className="violation-groups">
          {groups.map((group) => (
            <GroupItem
              key={group.rule}
              group={group}
              open={openRule === group.rule}
              onToggle={() => setOpenRule(openRule === group.rule ? null : group.rule)}
              onFind={onFind}
            />
          ))}
        </ul>
      )}
    </SidePanel>
  )
}

interface GroupProps {
  group: ViolationGroup
  open: boolean
  onToggle: () => void
  onFind: (name: string) => void
}

function GroupItem({ group, open, onToggle, onFind }: GroupProps) {
  const [page, setPage] = useState(0)
  const count = group.items.length
  const pages = Math.max(1, Math.ceil(count / GROUP_PAGE_SIZE))
  const current = Math.min(page, pages - 1)
  const start = current * GROUP_PAGE_SIZE
  const shown = open ? group.items.slice(start, start + GROUP_PAGE_SIZE) : []
  return (
    <li className="violation-group" data-testid="violation-group" data-rule={group.rule} data-count={count}>
      <button type="button" className="violation-group__head" aria-expanded={open} onClick={onToggle}>
        <SeverityIcon severity={group.severity} />{' '}
        <span className="violation-group__title">{group.title}</span>{' '}
        <span className="violation-group__count">{count.toLocaleString('en-US')}</span>
      </button>
      {open && (
        <>
          <ul className="violation-list">
            {shown.map((item) => (
              <li
                key={item.id}
                className="violation-list__item"
                data-testid="violation-row"
                data-employee-id={item.id}
                data-severity={group.severity}
              >
                <button
                  type="button"
                  className="button button--link violation-list__name"
                  onClick={() => onFind(item.employeeName)}
                >
                  {item.employeeName}
                </button>
                <span className="violation-list__message">{item.message}</span>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <div className="violation-group__pager" data-testid="violation-group-pager">
              <button
                type="button"
                className="button"
                disabled={current === 0}
                onClick={() => setPage(current - 1)}
              >
                Previous
              </button>
              <span>
                {(start + 1).toLocaleString('en-US')}–{(start + shown.length).toLocaleString('en-US')} of{' '}
                {count.toLocaleString('en-US')}
              </span>
              <button
                type="button"
                className="button"
                disabled={current === pages - 1}
                onClick={() => setPage(current + 1)}
              >
                Next
              </button>
            </div>
          )}
        </>
      )}
    </li>
  )
}

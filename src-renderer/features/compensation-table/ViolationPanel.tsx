import { useEffect, useState } from 'react'
import type { ChannelOutput } from '../../../src-shared/contract'
import { invoke } from '../../app/client'
import { SidePanel } from '../../components/side-panel'
import { SeverityIcon } from './cells'

type Groups = ChannelOutput<'table.violationGroups'>
type Group = Groups['groups'][number]
type ItemsPage = ChannelOutput<'table.violationItems'>

/** An opened group lists its employees this many at a time, so the panel's DOM stays small at 100,000 rows. */
export const GROUP_PAGE_SIZE = 50

interface Props {
  viewAsEmployeeId: number | null
  /** Changes whenever the rows may have changed (after an edit): the lists are asked again. */
  version: string
  onClose: () => void
  onFind: (name: string) => void
}

/**
 * The table-violation panel ('View All'): the violations grouped by rule with their counts, errors
 * first, counted in the main process; an opened group asks for its employees a page at a time.
 */
export function ViolationPanel({ viewAsEmployeeId, version, onClose, onFind }: Props) {
  const [groups, setGroups] = useState<Groups | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [openRule, setOpenRule] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    void invoke('table.violationGroups', { viewAsEmployeeId }).then((result) => {
      if (!live) return
      if (result.ok) {
        setGroups(result.value)
        setError(null)
      } else setError(result.error.message)
    })
    return () => {
      live = false
    }
  }, [viewAsEmployeeId, version])

  return (
    <SidePanel
      title="Table violations"
      testId="violation-panel"
      onClose={onClose}
      subtitle={
        groups
          ? `${groups.employees.toLocaleString('en-US')} employees with ${groups.violations.toLocaleString('en-US')} violations`
          : 'Loading…'
      }
    >
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
      {groups && groups.groups.length === 0 && <p className="muted">No violations.</p>}
      {groups &&
        splitGroups(groups.groups).map(
          (part) =>
            part.groups.length > 0 && (
              <section key={part.title} aria-label={part.title} data-testid={part.testId}>
                <h3 className="violation-groups__heading">{part.title}</h3>
                <ul className="violation-groups">
                  {part.groups.map((group) => (
                    <GroupItem
                      key={group.rule}
                      group={group}
                      viewAsEmployeeId={viewAsEmployeeId}
                      version={version}
                      open={openRule === group.rule}
                      onToggle={() => setOpenRule(openRule === group.rule ? null : group.rule)}
                      onFind={onFind}
                    />
                  ))}
                </ul>
              </section>
            ),
        )}
    </SidePanel>
  )
}

/** The rule of the rows waiting for a sub-planner: listed apart from the pay problems (issue 39). */
const WAITING_RULE = 'subPlannerNotSubmitted'

/** Pay problems first, then the rows waiting for sub-planners, each under its heading. */
export function splitGroups(groups: readonly Group[]): { title: string; testId: string; groups: Group[] }[] {
  return [
    {
      title: 'Pay problems',
      testId: 'violation-groups-pay',
      groups: groups.filter((g) => g.rule !== WAITING_RULE),
    },
    {
      title: 'Waiting for sub-planners',
      testId: 'violation-groups-waiting',
      groups: groups.filter((g) => g.rule === WAITING_RULE),
    },
  ]
}

interface GroupProps {
  group: Group
  viewAsEmployeeId: number | null
  version: string
  open: boolean
  onToggle: () => void
  onFind: (name: string) => void
}

function GroupItem({ group, viewAsEmployeeId, version, open, onToggle, onFind }: GroupProps) {
  const [page, setPage] = useState(0)
  // The page shown and where it starts: the pager names the rows on screen, not the ones asked for.
  const [shown, setShown] = useState<{ at: number; page: ItemsPage } | null>(null)
  const count = group.count
  const pages = Math.max(1, Math.ceil(count / GROUP_PAGE_SIZE))
  const current = Math.min(page, pages - 1)
  const start = current * GROUP_PAGE_SIZE

  useEffect(() => {
    if (!open) return
    let live = true
    const input = { viewAsEmployeeId, rule: group.rule, offset: start, limit: GROUP_PAGE_SIZE }
    void invoke('table.violationItems', input).then((result) => {
      if (live && result.ok) setShown({ at: start, page: result.value })
    })
    return () => {
      live = false
    }
  }, [open, viewAsEmployeeId, group.rule, start, version])

  const items = open && shown ? shown.page.items : []
  const first = shown?.at ?? start
  return (
    <li className="violation-group" data-testid="violation-group" data-rule={group.rule} data-count={count}>
      <button type="button" className="violation-group__head" aria-expanded={open} onClick={onToggle}>
        <SeverityIcon severity={group.severity} />{' '}
        <span className="violation-group__title">{group.title}</span>{' '}
        <span className="violation-group__count">{count.toLocaleString('en-US')}</span>
      </button>
      {open && (
        <>
          <ul className="violation-list" aria-busy={shown?.at !== start}>
            {items.map((item) => (
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
                {(first + 1).toLocaleString('en-US')}–{(first + items.length).toLocaleString('en-US')} of{' '}
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

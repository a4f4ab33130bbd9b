import { useEffect, useState } from 'react'
import type { DashboardSummary, IncreaseRow } from '../../../src-shared/contract'
import { formatPercent } from '../../../src-shared/domain/money'
import { TOP_OVER_UNDER_SIZE } from '../../../src-shared/domain/statistics'
import { Pagination } from '../compensation-table/Pagination'
import { useChannel } from '../hyperbalance/use-budget-level'
import { countOf } from '../../../src-shared/domain/words'

export const INCREASE_PAGE_SIZE = 10

const percent = (value: number | null) => (value === null ? '—' : formatPercent(value))
const signed = (value: number) => `${value > 0 ? '+' : ''}${formatPercent(value)}`

function EmployeeButton({ row, onOpen }: { row: IncreaseRow; onOpen: (id: string) => void }) {
  return (
    <button
      type="button"
      className="link-button"
      title={`Open ${row.name} in the Compensation Table`}
      onClick={() => onOpen(row.companyEmployeeId)}
    >
      {row.name}
    </button>
  )
}

/**
 * Recommended versus actual increase with comments (spec §2.5): every employee in view with a planned
 * increase and a recommendation, 10 a page from the main process, by name or by difference.
 */
export function IncreaseTable({
  viewAsEmployeeId,
  version,
  onOpen,
}: {
  viewAsEmployeeId: number | null
  /** Changes whenever the dashboard's figures do: the page is asked again. */
  version: unknown
  onOpen: (companyEmployeeId: string) => void
}) {
  const [page, setPage] = useState(1)
  const [sort, setSort] = useState<'name' | 'difference'>('name')
  const table = useChannel('dashboard.increases', {
    viewAsEmployeeId,
    offset: (page - 1) * INCREASE_PAGE_SIZE,
    limit: INCREASE_PAGE_SIZE,
    sort,
  })
  const { reload } = table
  useEffect(() => reload(), [version, reload])
  const data = table.value
  if (!data) {
    return table.state === 'failed' ? (
      <p className="inline-error" role="alert">
        {table.message}
      </p>
    ) : (
      <p className="muted">Loading…</p>
    )
  }
  const pages = Math.ceil(data.total / INCREASE_PAGE_SIZE)
  return (
    <div className="increase-table" data-testid="increase-table" aria-busy={table.state === 'loading'}>
      <div className="increase-table__bar">
        <p className="muted">
          {data.total === 0
            ? 'No employee in view has both a planned increase and a recommendation yet.'
            : `${countOf(data.total, 'employee')} · average recommended ${percent(data.averageRecommended)}, actual ${percent(data.averageActual)}`}
        </p>
        <label className="dashboard__select">
          <span className="muted">Sort by</span>
          <select
            data-testid="increase-sort"
            value={sort}
            onChange={(event) => {
              setSort(event.currentTarget.value as 'name' | 'difference')
              setPage(1)
            }}
          >
            <option value="name">Name</option>
            <option value="difference">Difference</option>
          </select>
        </label>
      </div>
      {data.total > 0 && (
        <div className="dashboard-table__scroll">
          <table className="dashboard-table">
            <thead>
              <tr>
                <th scope="col">Employee</th>
                <th scope="col" className="number">
                  Recommended
                </th>
                <th scope="col" className="number">
                  Actual
                </th>
                <th scope="col" className="number">
                  Difference
                </th>
                <th scope="col">Comments</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.id} data-testid="increase-row" data-employee-id={row.id}>
                  <th scope="row">
                    <EmployeeButton row={row} onOpen={onOpen} />
                  </th>
                  <td className="number">{percent(row.recommended)}</td>
                  <td className="number">{percent(row.actual)}</td>
                  <td
                    className={`number ${row.difference > 0 ? 'delta--over' : row.difference < 0 ? 'delta--under' : ''}`}
                  >
                    {signed(row.difference)}
                  </td>
                  <td className="dashboard-table__comments">{row.comments ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        current={page}
        total={pages}
        rowCount={data.total}
        pageSize={INCREASE_PAGE_SIZE}
        onGoTo={setPage}
      />
    </div>
  )
}

/** Spec §9: the top over / under lists, 10 each, by actual increase % − recommended_increase_per. */
export function TopOverUnder({
  lists,
  onOpen,
}: {
  lists: DashboardSummary['topOverUnder']
  onOpen: (companyEmployeeId: string) => void
}) {
  const list = (title: string, rows: IncreaseRow[], testId: string) => (
    <section className="top-list" data-testid={testId} aria-label={title}>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="muted">Nobody.</p>
      ) : (
        <ol>
          {rows.map((row) => (
            <li key={row.id}>
              <EmployeeButton row={row} onOpen={onOpen} />
              <span className="top-list__figures">
                <strong className={row.difference > 0 ? 'delta--over' : 'delta--under'}>
                  {signed(row.difference)}
                </strong>{' '}
                <span className="muted">
                  ({percent(row.actual)} vs {percent(row.recommended)})
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
  return (
    <div className="top-lists">
      <p className="muted dashboard__note">
        The {TOP_OVER_UNDER_SIZE} largest differences each way between the actual increase and the recommended
        one.
      </p>
      {list('Over recommendation', lists.over, 'top-over')}
      {list('Under recommendation', lists.under, 'top-under')}
    </div>
  )
}

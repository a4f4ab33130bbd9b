import type { MatrixAnswer } from '../../../src-shared/contract'
import { formatMoney, formatPercent } from '../../../src-shared/domain/money'
import { CELL_PAGE_SIZE } from './use-matrix'

/** The selected cell's employees, a page at a time. */
export function CellEmployees(props: {
  answer: MatrixAnswer
  page: number
  onPage: (page: number) => void
  label: string
}) {
  const { answer, page, onPage } = props
  const currency = answer.default_currency
  const pages = Math.max(1, Math.ceil(answer.cell_total / CELL_PAGE_SIZE))
  return (
    <section
      className="matrix__cell-list"
      data-testid="matrix-cell-list"
      aria-label={`Employees in ${props.label}`}
    >
      <h3>{props.label}</h3>
      {answer.cell_total === 0 ? (
        <p className="muted">No employees are in this cell.</p>
      ) : (
        <>
          <table className="matrix__employees">
            <thead>
              <tr>
                <th scope="col">Employee</th>
                <th scope="col">Current Base Pay</th>
                <th scope="col">Recommended Increase</th>
                <th scope="col">Recommended %</th>
                <th scope="col">Performance Rating</th>
                <th scope="col">Current Position in Range</th>
                <th scope="col">New Position in Range</th>
              </tr>
            </thead>
            <tbody>
              {answer.cell_data.map((e) => (
                <tr key={e.meritbook_employee_id} data-testid="matrix-cell-employee">
                  <td>{e.employee_name}</td>
                  <td>{formatMoney(e.annualized_current_base_pay, currency)}</td>
                  <td>{formatMoney(e.recommended_pay_increase_dollar, currency)}</td>
                  <td>{formatPercent(e.recommended_pay_increase_percent, 2)}</td>
                  <td>{e.performance_rating ?? '—'}</td>
                  <td>{formatPercent(e.current_position_in_range * 100, 0)}</td>
                  <td>
                    {e.new_position_in_range === null ? '—' : formatPercent(e.new_position_in_range * 100, 0)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {pages > 1 && (
            <div className="matrix__pager">
              <button type="button" className="button" disabled={page === 0} onClick={() => onPage(page - 1)}>
                Previous
              </button>
              <span>
                {page * CELL_PAGE_SIZE + 1}–{page * CELL_PAGE_SIZE + answer.cell_data.length} of{' '}
                {answer.cell_total}
              </span>
              <button
                type="button"
                className="button"
                disabled={page >= pages - 1}
                onClick={() => onPage(page + 1)}
              >
                Next
              </button>
            </div>
          )}
        </>
      )}
    </section>
  )
}

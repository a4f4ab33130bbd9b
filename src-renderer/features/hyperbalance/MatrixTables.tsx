import { useState } from 'react'
import type { MatrixAnswer, MatrixCell, PercentRow } from '../../../src-shared/contract'
import { POSITION_BANDS } from '../../../src-shared/contract'
import { formatMoney, formatPercent } from '../../../src-shared/domain/money'
import { bubbleSize, heatColor, heatFraction } from '../../../src-shared/domain/sliders'

/** The budget the matrix spends, against the desired budget. */
export function BudgetUsed({ answer }: { answer: MatrixAnswer }) {
  const used = answer.budget_used
  const desired = answer.desired_budget
  const share = desired > 0 ? (used / desired) * 100 : null
  return (
    <p className="matrix__used" data-testid="matrix-budget-used">
      Budget used <strong>{formatMoney(used, answer.default_currency)}</strong> of{' '}
      {formatMoney(desired, answer.default_currency)}
      {share !== null && ` (${formatPercent(share, 1)})`}
    </p>
  )
}

const UNPLACED_CAUSES = [
  ['noRating', 'without a performance rating'],
  ['noRate', 'without a conversion rate for their pay'],
  ['noRange', 'without a pay range'],
] as const

/** Employees in no cell, by cause (`unplaced`); nothing when every employee is placed. */
export function Unplaced({ answer }: { answer: MatrixAnswer }) {
  const causes = UNPLACED_CAUSES.filter(([key]) => answer.unplaced[key] > 0).map(
    ([key, words]) => `${answer.unplaced[key].toLocaleString('en-US')} ${words}`,
  )
  if (causes.length === 0) return null
  return (
    <p className="muted" data-testid="matrix-unplaced">
      In no cell: {causes.join(', ')}.
    </p>
  )
}

interface TableProps {
  answer: MatrixAnswer
  cell: MatrixCell | null
  onSelect: (cell: MatrixCell) => void
}

/** Best rating on top, as merit matrices are read; the data keeps the lowest first. */
function rowsTopDown(count: number): number[] {
  return Array.from({ length: count }, (_, i) => count - 1 - i)
}

function isSelected(cell: MatrixCell | null, row: number, column: number): boolean {
  return cell !== null && cell.row === row && cell.column === column
}

/** The merit matrix as a heat map of its increase percentages; a cell selects its employees. */
export function HeatMap({ answer, cell, onSelect }: TableProps) {
  const rows: PercentRow[] = answer.hyperbalance_matrix
  const values = rows.flatMap((r) => POSITION_BANDS.map((b) => r[b])).filter((v): v is number => v !== null)
  const min = Math.min(...values)
  const max = Math.max(...values)
  return (
    <table className="matrix__table" data-testid="matrix-heat-map">
      <caption>Merit matrix: increase % by performance rating and position in range</caption>
      <thead>
        <tr>
          <th scope="col">Rating</th>
          {POSITION_BANDS.map((band) => (
            <th key={band} scope="col">
              {band}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rowsTopDown(rows.length).map((row) => (
          <tr key={row}>
            <th scope="row">{answer.performance_ratings[row]}</th>
            {POSITION_BANDS.map((band, column) => {
              const value = rows[row][band]
              return (
                <td key={band}>
                  <button
                    type="button"
                    className={`matrix__cell${isSelected(cell, row, column) ? ' matrix__cell--selected' : ''}`}
                    style={
                      value === null ? undefined : { background: heatColor(heatFraction(value, min, max)) }
                    }
                    aria-pressed={isSelected(cell, row, column)}
                    aria-label={`${answer.performance_ratings[row]}, position ${band}: ${value === null ? 'no employees' : formatPercent(value, 2)}`}
                    data-testid="matrix-cell"
                    data-row={row}
                    data-column={column}
                    onClick={() => onSelect({ row, column })}
                  >
                    {value === null ? '—' : formatPercent(value, 1)}
                  </button>
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

const BUBBLE_PX = 28

/** Employees per rating and position band, before or after the increases, as bubbles. */
export function BubbleTable({ answer, cell, onSelect }: TableProps) {
  const [after, setAfter] = useState(false)
  const counts = after ? answer.new_count_matrix : answer.current_count_matrix
  const maxCount = Math.max(
    0,
    ...answer.current_count_matrix.flatMap((r) => POSITION_BANDS.map((b) => r[b])),
    ...answer.new_count_matrix.flatMap((r) => POSITION_BANDS.map((b) => r[b])),
  )
  return (
    <div className="matrix__bubbles">
      <div className="matrix__toggle" role="radiogroup" aria-label="Counts">
        <button
          type="button"
          role="radio"
          aria-checked={!after}
          className="button"
          onClick={() => setAfter(false)}
        >
          Before
        </button>
        <button
          type="button"
          role="radio"
          aria-checked={after}
          className="button"
          onClick={() => setAfter(true)}
        >
          After
        </button>
      </div>
      <table className="matrix__table" data-testid="matrix-bubbles">
        <caption>
          Employees by performance rating and position in range, {after ? 'after' : 'before'} the increases
        </caption>
        <thead>
          <tr>
            <th scope="col">Rating</th>
            {POSITION_BANDS.map((band) => (
              <th key={band} scope="col">
                {band}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rowsTopDown(counts.length).map((row) => (
            <tr key={row}>
              <th scope="row">{answer.performance_ratings[row]}</th>
              {POSITION_BANDS.map((band, column) => {
                const count = counts[row][band]
                const size = bubbleSize(count, maxCount, BUBBLE_PX)
                return (
                  <td key={band}>
                    <button
                      type="button"
                      className={`matrix__bubble-cell${isSelected(cell, row, column) ? ' matrix__cell--selected' : ''}`}
                      aria-label={`${answer.performance_ratings[row]}, position ${band}: ${count} employees`}
                      title={`${count} employees`}
                      onClick={() => onSelect({ row, column })}
                    >
                      {size > 0 && <span className="matrix__bubble" style={{ width: size, height: size }} />}
                    </button>
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

import { leftOutForRate } from '../missing-rates'
import { positionBetween } from '../pay'
import { allocateBudget, type Limits } from './allocate'
import { POSITION_BANDS, positionBandIndex, type PositionBand } from './bands'
import { employeeLimits, isEligible, maxPositionFor } from './limits'
import { performanceMultiplier, positionMultiplier } from './multipliers'
import { matrixRows } from './ratings'
import type {
  CellEmployee,
  CurrentCountRow,
  EmployeeAllocation,
  MatrixCell,
  MatrixEmployee,
  MatrixRequest,
  MatrixSettings,
  MeritMatrix,
  NewCountRow,
  PercentRow,
} from './types'

const PERCENT_DECIMALS = 4
const BANDS = POSITION_BANDS.length

interface Placed {
  e: MatrixEmployee
  range: { min: number; max: number }
  row: number
  column: number
  position: number
}

/** The cell multipliers of every row and band (rows × bands). */
function multiplierGrid(rows: number, request: MatrixRequest, settings: MatrixSettings): number[][] {
  const perfPriority = settings.includePerformance ? request.performance_multiplier_priority : 0
  const pirPriority = settings.includePositionInRange ? request.position_in_range_priority : 0
  return Array.from({ length: rows }, (_, row) =>
    Array.from(
      { length: BANDS },
      (_, band) => performanceMultiplier(row, rows, perfPriority) * positionMultiplier(band, pirPriority),
    ),
  )
}

function bandRecord<T>(values: (band: number) => T): { [B in PositionBand]: T } {
  const record = {} as { [B in PositionBand]: T }
  POSITION_BANDS.forEach((label, band) => {
    record[label] = values(band)
  })
  return record
}

function meanAndDeviation(values: readonly number[]): { mean: number | null; deviation: number | null } {
  if (values.length === 0) return { mean: null, deviation: null }
  let sum = 0
  for (const v of values) sum += v
  const mean = sum / values.length
  let squares = 0
  for (const v of values) squares += (v - mean) ** 2
  return { mean, deviation: Math.sqrt(squares / values.length) }
}

const PERCENT_SCALE = 10 ** PERCENT_DECIMALS
/** increase ÷ pay as a percent with four decimals (both are never negative, so halves go up). */
const percentOf = (increase: number, pay: number) =>
  pay > 0 ? Math.round((increase / pay) * 100 * PERCENT_SCALE) / PERCENT_SCALE : 0

function isInIdOrder(employees: readonly MatrixEmployee[]): boolean {
  for (let i = 1; i < employees.length; i++) {
    if (!(employees[i - 1].id < employees[i].id)) return false
  }
  return true
}

/**
 * The employees of one cell (spec §2's columns), by name; employees of equal names by id. `allocations`
 * come from `calculateMeritMatrix` over the same employees.
 */
export function cellEmployees(
  employees: readonly MatrixEmployee[],
  allocations: readonly EmployeeAllocation[],
  cell: MatrixCell,
): CellEmployee[] {
  const ordered = isInIdOrder(employees) ? employees : [...employees].sort((a, b) => a.id - b.id)
  const rows: { id: number; row: CellEmployee }[] = []
  // Both lists are in id order: walk them together rather than index 100,000 employees per click.
  let at = 0
  for (const a of allocations) {
    if (a.row !== cell.row || a.column !== cell.column) continue
    while (at < ordered.length && ordered[at].id < a.id) at++
    const e = ordered[at]
    if (!e || e.id !== a.id) continue
    rows.push({
      id: a.id,
      row: {
        employee_name: e.name,
        annualized_current_base_pay: e.pay,
        recommended_pay_increase_dollar: a.increase,
        recommended_pay_increase_percent: a.increasePercent,
        performance_rating: e.rating,
        current_position_in_range: a.currentPositionInRange,
        new_position_in_range: a.newPositionInRange,
        meritbook_employee_id: e.employeeId,
      },
    })
  }
  const name = (r: { row: CellEmployee }) => r.row.employee_name
  rows.sort((a, b) => {
    if (name(a) < name(b)) return -1
    return name(a) > name(b) ? 1 : a.id - b.id
  })
  return rows.map((r) => r.row)
}

/**
 * calculate-matrix (spec §7), pure: employees and settings in, the merit matrix and every
 * employee's allocation out. The desktop's main process and the company server run the same code.
 * docs/merit-matrix.md explains the formula and the limits.
 */
export function calculateMeritMatrix(
  employees: readonly MatrixEmployee[],
  settings: MatrixSettings,
  request: MatrixRequest,
): MeritMatrix {
  const sorted = isInIdOrder(employees) ? employees : [...employees].sort((a, b) => a.id - b.id)
  const rows = matrixRows(
    settings.performanceRatings,
    sorted.map((e) => e.rating),
  )
  const rowCount = rows.labels.length
  const minimumRow =
    settings.minimumPerformance == null ? -1 : rows.labels.indexOf(settings.minimumPerformance)
  const grid = multiplierGrid(rowCount, request, settings)

  const placed: Placed[] = []
  const unplaced = { noRating: 0, noRange: 0, noRate: 0 }
  const missingRates = leftOutForRate()
  for (const e of sorted) {
    if (e.noRate) missingRates.add(e.noRate.currency, e.noRate.pay)
    const row = rows.rowOf(e.rating)
    const position = e.range ? positionBetween(e.pay, e.range.min, e.range.max) : null
    if (row === null) unplaced.noRating++
    else if (e.noRate) unplaced.noRate++
    else if (position === null || !e.range) unplaced.noRange++
    else placed.push({ e, range: e.range, row, column: positionBandIndex(position), position })
  }

  const limits: Limits[] = placed.map((p) =>
    employeeLimits(
      p.e,
      p.range,
      grid[p.row][p.column],
      maxPositionFor(settings, request, p.row <= minimumRow),
      settings,
    ),
  )
  const allocation = allocateBudget(limits, request.desired_budget)

  const allocations: EmployeeAllocation[] = placed.map((p, i) => {
    const increase = allocation.amounts[i]
    const newPosition = positionBetween(p.e.pay + increase, p.range.min, p.range.max)
    return {
      id: p.e.id,
      employeeId: p.e.employeeId,
      rating: p.e.rating,
      row: p.row,
      column: p.column,
      newColumn: newPosition === null ? p.column : positionBandIndex(newPosition),
      increase,
      increasePercent: percentOf(increase, p.e.pay),
      currentPositionInRange: p.position,
      newPositionInRange: newPosition,
      eligible: isEligible(p.e),
    }
  })

  // Per cell and per row: Σ increase and Σ pay (salary-weighted), counts, positions.
  const cellIncrease = grid.map(() => new Array<number>(BANDS).fill(0))
  const cellPay = grid.map(() => new Array<number>(BANDS).fill(0))
  const currentCounts = grid.map(() => new Array<number>(BANDS).fill(0))
  const newCounts = grid.map(() => new Array<number>(BANDS).fill(0))
  const oldPositions = grid.map((): number[] => [])
  const newPositions = grid.map((): number[] => [])
  let used = 0
  placed.forEach((p, i) => {
    const a = allocations[i]
    cellIncrease[p.row][p.column] += a.increase
    cellPay[p.row][p.column] += Math.max(0, p.e.pay)
    currentCounts[p.row][p.column]++
    newCounts[p.row][a.newColumn]++
    oldPositions[p.row].push(a.currentPositionInRange)
    if (a.newPositionInRange !== null) newPositions[p.row].push(a.newPositionInRange)
    used += a.increase
  })

  const rowPercent = (row: number): number | null => {
    let increase = 0
    let pay = 0
    for (let band = 0; band < BANDS; band++) {
      increase += cellIncrease[row][band]
      pay += cellPay[row][band]
    }
    return pay > 0 ? (increase / pay) * 100 : null
  }
  const label = (row: number) => rows.labels[row]
  const hyperbalance: PercentRow[] = grid.map((cells, row) => ({
    'Performance Rating': label(row),
    ...bandRecord((band) => allocation.scale * cells[band] * 100),
    'Percentage Increase': rowPercent(row),
  }))
  const calculated: PercentRow[] = grid.map((_, row) => ({
    'Performance Rating': label(row),
    ...bandRecord((band) =>
      cellPay[row][band] > 0 ? (cellIncrease[row][band] / cellPay[row][band]) * 100 : null,
    ),
    'Percentage Increase': rowPercent(row),
  }))
  const currentCount: CurrentCountRow[] = grid.map((_, row) => {
    const { mean, deviation } = meanAndDeviation(oldPositions[row])
    return {
      'Performance Rating': label(row),
      ...bandRecord((band) => currentCounts[row][band]),
      'Old Aggregate Position in Range': mean,
      'Position in Range Standard Deviation': deviation,
    }
  })
  const newCount: NewCountRow[] = grid.map((_, row) => {
    const { mean, deviation } = meanAndDeviation(newPositions[row])
    return {
      'Performance Rating': label(row),
      ...bandRecord((band) => newCounts[row][band]),
      'New Aggregate Position in Range': mean,
      'Position in Range Standard Deviation': deviation,
    }
  })

  const cellData = request.cell ? cellEmployees(sorted, allocations, request.cell) : []

  return {
    performance_ratings: rows.labels,
    position_bands: [...POSITION_BANDS],
    calculated_hyperbalance_matrix: calculated,
    hyperbalance_matrix: hyperbalance,
    current_count_matrix: currentCount,
    new_count_matrix: newCount,
    cell_data: cellData,
    budget_used: used,
    desired_budget: request.desired_budget,
    budget_capacity: Number.isFinite(allocation.capacity) ? allocation.capacity : null,
    unplaced,
    missing_rates: missingRates.result(),
    allocations,
  }
}

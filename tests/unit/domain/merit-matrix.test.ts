import fc from 'fast-check'
import {
  calculateMeritMatrix,
  cellEmployees,
  MATRIX_FETCH_ERROR,
  matrixErrorMessage,
  matrixRows,
  positionBandIndex,
  POSITION_BANDS,
  roundToTotal,
  UNEXPECTED_ERROR,
  type MatrixEmployee,
  type MatrixRequest,
  type MatrixSettings,
  type MeritMatrix,
} from '../../../src-shared/domain/merit-matrix'
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings'

const RATINGS = [
  { label: 'Unsatisfactory', max_rating: 1.5 },
  { label: 'Needs Improvement', max_rating: 2.5 },
  { label: 'Meets Expectations', max_rating: 3.5 },
  { label: 'Exceeds Expectations', max_rating: 4.5 },
  { label: 'Outstanding', max_rating: 4.5 },
]

const BASE: MatrixSettings = { ...DEFAULT_SETTINGS, performanceRatings: RATINGS }
/** No limit of any kind: every eligible employee gets exactly the matrix's percentage. */
const UNCAPPED: MatrixSettings = {
  ...BASE,
  noMaxPIRLimit: true,
  maxPercentIncrease: null,
  minPercentIncrease: null,
  prioritizePayMin: false,
}

// ── generators ──────────────────────────────────────────────────────────────────────────────────

const employeeArb = fc.record({
  rating: fc.oneof(
    { weight: 12, arbitrary: fc.integer({ min: 1, max: 5 }) },
    { weight: 1, arbitrary: fc.constant(null) },
  ),
  pay: fc.integer({ min: 20_000_00, max: 400_000_00 }),
  range: fc.option(
    fc.record({
      min: fc.integer({ min: 20_000_00, max: 250_000_00 }),
      spread: fc.integer({ min: 0, max: 150 }),
    }),
    { freq: 12 },
  ),
  /** 0: on a performance plan (one in twenty). */
  plan: fc.integer({ min: 0, max: 19 }),
  proration: fc.constantFrom(0, 0, 0, 0, 25, 50, 100),
})

/** Employees with unique ids, given in an order other than by id. */
const employeesArb = (min = 1, max = 40) =>
  fc.array(employeeArb, { minLength: min, maxLength: max }).map((raw) =>
    raw.map((r, i): MatrixEmployee => ({
      id: 1000 - i * 7,
      employeeId: `E-${i}`,
      name: `Person ${String.fromCharCode(65 + (i % 26))}${i % 3}`,
      rating: r.rating,
      pay: r.pay,
      range: r.range
        ? { min: r.range.min, max: r.range.min + Math.round((r.range.min * r.range.spread) / 100) }
        : null,
      performancePlan: r.plan === 0,
      prorationPercent: r.proration,
    })),
  )

const settingsArb: fc.Arbitrary<MatrixSettings> = fc
  .record({
    maxPercentIncrease: fc.option(fc.integer({ min: 1, max: 30 })),
    minPercentIncrease: fc.option(fc.integer({ min: 0, max: 4 })),
    prioritizePayMin: fc.boolean(),
    allowPIROverOne: fc.boolean(),
    noMaxPIRLimit: fc.boolean(),
    minimumPerformance: fc.option(fc.constantFrom(...RATINGS.map((r) => r.label))),
    minPerformanceMaxPIR: fc.integer({ min: 0, max: 20 }).map((n) => n / 20),
  })
  .map((over) => ({ ...BASE, ...over }))

const priorityArb = fc.integer({ min: 0, max: 100 })
const maxPirArb = fc.integer({ min: 20, max: 100 }).map((n) => n / 20)

const payroll = (employees: readonly MatrixEmployee[]) => employees.reduce((sum, e) => sum + e.pay, 0)

const requestArb = (employees: readonly MatrixEmployee[]) =>
  fc.record({
    performance_multiplier_priority: priorityArb,
    position_in_range_priority: priorityArb,
    max_position_in_range: maxPirArb,
    // From nothing to a fifth of payroll: some budgets cannot pay the catch-ups, some beat every cap.
    desired_budget: fc.integer({ min: 0, max: Math.max(1, Math.floor(payroll(employees) / 5)) }),
    cell: fc.constant(null),
  }) as fc.Arbitrary<MatrixRequest>

const scenarioArb = (settings: fc.Arbitrary<MatrixSettings> = settingsArb) =>
  fc
    .tuple(employeesArb(), settings)
    .chain(([employees, s]) => requestArb(employees).map((request) => ({ employees, settings: s, request })))

// ── what the documented rules say, worked out independently ─────────────────────────────────────

const rowOf = (rating: number) => {
  const at = RATINGS.findIndex((r) => r.max_rating > rating)
  return at < 0 ? RATINGS.length - 1 : at
}
const eligible = (e: MatrixEmployee) => !e.performancePlan && e.prorationPercent < 100
const placed = (e: MatrixEmployee) => e.rating !== null && e.range !== null

function maxPosition(e: MatrixEmployee, settings: MatrixSettings, request: MatrixRequest): number {
  let limit = settings.noMaxPIRLimit
    ? Infinity
    : settings.allowPIROverOne
      ? request.max_position_in_range
      : Math.min(1, request.max_position_in_range)
  const minimum =
    settings.minimumPerformance == null
      ? -1
      : RATINGS.findIndex((r) => r.label === settings.minimumPerformance)
  if (e.rating !== null && rowOf(e.rating) <= minimum) limit = Math.min(limit, settings.minPerformanceMaxPIR)
  return limit
}

/** The pay the position-in-range cap allows (whole cents), Infinity without one. */
function pirCapPay(e: MatrixEmployee, settings: MatrixSettings, request: MatrixRequest): number {
  const limit = maxPosition(e, settings, request)
  if (!Number.isFinite(limit) || !e.range) return Infinity
  const { min, max } = e.range
  return Math.floor(max === min ? min : min + limit * (max - min))
}

const gap = (e: MatrixEmployee, settings: MatrixSettings) =>
  settings.prioritizePayMin && e.range && e.pay < e.range.min ? e.range.min - e.pay : 0

const byId = (matrix: MeritMatrix) => new Map(matrix.allocations.map((a) => [a.id, a]))

function calculate(scenario: {
  employees: MatrixEmployee[]
  settings: MatrixSettings
  request: MatrixRequest
}) {
  return calculateMeritMatrix(scenario.employees, scenario.settings, scenario.request)
}

// ── properties ──────────────────────────────────────────────────────────────────────────────────

/** The spec's columns, written out: 'decimal bands 0.0 to 1.0'. */
const SPEC_BANDS = ['0.0', '0.1', '0.2', '0.3', '0.4', '0.5', '0.6', '0.7', '0.8', '0.9', '1.0']

describe('merit-matrix engine: money', () => {
  it('never spends more than the desired budget, in whole cents, and spends all of it whenever the caps allow', () => {
    fc.assert(
      fc.property(scenarioArb(), (scenario) => {
        const matrix = calculate(scenario)
        const { settings, request } = scenario
        expect(matrix.budget_used).toBeLessThanOrEqual(request.desired_budget)
        const sum = matrix.allocations.reduce((s, a) => s + a.increase, 0)
        expect(sum).toBe(matrix.budget_used)
        for (const a of matrix.allocations) {
          expect(Number.isInteger(a.increase)).toBe(true)
          expect(a.increase).toBeGreaterThanOrEqual(0)
        }
        if (matrix.budget_used === request.desired_budget) return
        // Less than desired: nobody could have had a cent more. Each employee is at a cap or has no
        // share of the matrix (not eligible, or a multiplier of 0 at priority 100).
        const allocations = byId(matrix)
        for (const e of scenario.employees.filter(placed)) {
          const a = allocations.get(e.id)
          if (!a || !eligible(e)) continue
          const atPercentCap =
            settings.maxPercentIncrease != null &&
            a.increase >= Math.floor((e.pay * settings.maxPercentIncrease) / 100)
          const atPirCap = e.pay + a.increase >= pirCapPay(e, settings, request)
          const noShare =
            (request.performance_multiplier_priority === 100 && a.row === 0) ||
            (request.position_in_range_priority === 100 && a.column === POSITION_BANDS.length - 1)
          expect(atPercentCap || atPirCap || noShare).toBe(true)
        }
      }),
    )
  })

  it('spends the desired budget to the cent when nothing caps the increases', () => {
    fc.assert(
      fc.property(
        employeesArb().filter((es) => es.some((e) => placed(e) && eligible(e))),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 50_000_000_00 }),
        (employees, perf, pir, budget) => {
          const matrix = calculateMeritMatrix(employees, UNCAPPED, {
            performance_multiplier_priority: perf,
            position_in_range_priority: pir,
            max_position_in_range: 1,
            desired_budget: budget,
            cell: null,
          })
          expect(matrix.budget_used).toBe(budget)
          expect(matrix.budget_capacity).toBeNull()
        },
      ),
    )
  })

  it('is deterministic and does not depend on the order of the rows', () => {
    fc.assert(
      fc.property(
        scenarioArb().chain((s) =>
          fc
            .shuffledSubarray(s.employees, { minLength: s.employees.length, maxLength: s.employees.length })
            .map((shuffled) => ({ ...s, shuffled })),
        ),
        fc.nat(),
        (scenario, pick) => {
          const first = calculate(scenario)
          const cell = first.allocations[pick % Math.max(1, first.allocations.length)]
          const request = { ...scenario.request, cell: cell ? { row: cell.row, column: cell.column } : null }
          const one = calculateMeritMatrix(scenario.employees, scenario.settings, request)
          const again = calculateMeritMatrix(scenario.employees, scenario.settings, request)
          const reordered = calculateMeritMatrix(scenario.shuffled, scenario.settings, request)
          expect(again).toEqual(one)
          expect(reordered).toEqual(one)
        },
      ),
    )
  })

  it('deals the cents of a total by largest remainder, ties to the earlier one', () => {
    expect(roundToTotal([1.5, 1.5, 1.5], [0, 0, 0], [10, 10, 10], 5)).toEqual([2, 2, 1])
    expect(roundToTotal([0.2, 0.9, 0.9], [0, 0, 0], [10, 10, 10], 2)).toEqual([0, 1, 1])
    expect(roundToTotal([3.7, 3.7], [0, 0], [3, 10], 7)).toEqual([3, 4])
  })
})

describe('merit-matrix engine: who gets what', () => {
  it('gives nothing to employees on a performance plan or fully prorated', () => {
    fc.assert(
      fc.property(scenarioArb(), (scenario) => {
        const allocations = byId(calculate(scenario))
        for (const e of scenario.employees) {
          const a = allocations.get(e.id)
          if (!placed(e)) expect(a).toBeUndefined()
          else if (!eligible(e)) {
            expect(a?.increase).toBe(0)
            expect(a?.eligible).toBe(false)
          }
        }
      }),
    )
  })

  it('is salary-weighted over the real employees of each cell: an eligible employee gets the cell percentage of their own pay, prorated', () => {
    fc.assert(
      fc.property(
        employeesArb().filter((es) => es.some((e) => placed(e) && eligible(e))),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 1, max: 30 }),
        (employees, perf, pir, percentOfPayroll) => {
          const budget = Math.floor((payroll(employees) * percentOfPayroll) / 1000)
          const matrix = calculateMeritMatrix(employees, UNCAPPED, {
            performance_multiplier_priority: perf,
            position_in_range_priority: pir,
            max_position_in_range: 1,
            desired_budget: budget,
            cell: null,
          })
          const allocations = byId(matrix)
          const cellIncrease = new Map<string, number>()
          const cellPay = new Map<string, number>()
          for (const e of employees.filter(placed)) {
            const a = allocations.get(e.id)
            if (!a) throw new Error('placed employee missing')
            const band = POSITION_BANDS[a.column]
            const guideline = matrix.hyperbalance_matrix[a.row][band] as number
            const share = eligible(e) ? 1 - e.prorationPercent / 100 : 0
            // Within a cent of the cell's percentage of this employee's own pay (the last cent is
            // dealt by largest remainder).
            expect(Math.abs(a.increase - (guideline / 100) * share * e.pay)).toBeLessThan(1 + 1e-6)
            const key = `${a.row}:${a.column}`
            cellIncrease.set(key, (cellIncrease.get(key) ?? 0) + a.increase)
            cellPay.set(key, (cellPay.get(key) ?? 0) + e.pay)
          }
          // The calculated matrix is Σ increases ÷ Σ pay of each cell's employees.
          matrix.calculated_hyperbalance_matrix.forEach((row, r) => {
            POSITION_BANDS.forEach((band, c) => {
              const pay = cellPay.get(`${r}:${c}`)
              if (pay === undefined) expect(row[band]).toBeNull()
              else expect(row[band]).toBeCloseTo(((cellIncrease.get(`${r}:${c}`) ?? 0) / pay) * 100, 9)
            })
          })
        },
      ),
    )
  })

  it('weights by salary, not headcount: splitting an employee into two of half the pay changes no percentage', () => {
    fc.assert(
      fc.property(
        employeesArb().filter((es) => es.some((e) => placed(e) && eligible(e))),
        fc.nat(),
        priorityArb,
        priorityArb,
        (employees, pick, perf, pir) => {
          const even = employees.map((e) => ({
            ...e,
            pay: e.pay * 2,
            range: e.range && { min: e.range.min * 2, max: e.range.max * 2 },
          }))
          const index = pick % even.length
          const target = even[index]
          const half = {
            ...target,
            pay: target.pay / 2,
            range: target.range && { min: target.range.min / 2, max: target.range.max / 2 },
          }
          const split = [
            ...even.filter((_, i) => i !== index),
            { ...half },
            { ...half, id: 5000, employeeId: 'split' },
          ]
          const request: MatrixRequest = {
            performance_multiplier_priority: perf,
            position_in_range_priority: pir,
            max_position_in_range: 1,
            desired_budget: Math.floor(payroll(even) / 40),
            cell: null,
          }
          const whole = calculateMeritMatrix(even, UNCAPPED, request)
          const halves = calculateMeritMatrix(split, UNCAPPED, request)
          whole.hyperbalance_matrix.forEach((row, r) => {
            for (const band of POSITION_BANDS) {
              expect(halves.hyperbalance_matrix[r][band]).toBeCloseTo(row[band] as number, 9)
            }
          })
        },
      ),
    )
  })
})

describe('merit-matrix engine: the shape of the matrix', () => {
  it('with both priorities above 0, a better rating never gets less and a higher position in range never gets more', () => {
    fc.assert(
      fc.property(
        scenarioArb(),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 100 }),
        (s, perf, pir) => {
          const matrix = calculateMeritMatrix(s.employees, s.settings, {
            ...s.request,
            performance_multiplier_priority: perf,
            position_in_range_priority: pir,
          })
          const rows = matrix.hyperbalance_matrix
          rows.forEach((row, r) => {
            POSITION_BANDS.forEach((band, c) => {
              const value = row[band] as number
              if (r > 0) expect(value).toBeGreaterThanOrEqual((rows[r - 1][band] as number) - 1e-12)
              if (c > 0) expect(value).toBeLessThanOrEqual((row[POSITION_BANDS[c - 1]] as number) + 1e-12)
            })
          })
        },
      ),
    )
  })

  it('a priority of 0 makes its dimension flat', () => {
    fc.assert(
      fc.property(scenarioArb(), priorityArb, fc.boolean(), (s, other, perfIsZero) => {
        const matrix = calculateMeritMatrix(s.employees, s.settings, {
          ...s.request,
          performance_multiplier_priority: perfIsZero ? 0 : other,
          position_in_range_priority: perfIsZero ? other : 0,
        })
        const rows = matrix.hyperbalance_matrix
        for (let r = 0; r < rows.length; r++) {
          for (let c = 0; c < POSITION_BANDS.length; c++) {
            const value = rows[r][POSITION_BANDS[c]] as number
            if (perfIsZero) expect(value).toBeCloseTo(rows[0][POSITION_BANDS[c]] as number, 12)
            else expect(value).toBeCloseTo(rows[r][POSITION_BANDS[0]] as number, 12)
          }
        }
      }),
    )
  })

  it('includePerformance and includePositionInRange off flatten their dimension like priority 0', () => {
    const employees: MatrixEmployee[] = [1, 3, 5].map((rating, i) => ({
      id: i + 1,
      employeeId: `E${i}`,
      name: `E${i}`,
      rating,
      pay: 60_000_00 + i * 10_000_00,
      range: { min: 50_000_00, max: 90_000_00 },
      performancePlan: false,
      prorationPercent: 0,
    }))
    const request: MatrixRequest = {
      performance_multiplier_priority: 80,
      position_in_range_priority: 80,
      max_position_in_range: 1,
      desired_budget: 5_000_00,
      cell: null,
    }
    const off = calculateMeritMatrix(
      employees,
      { ...UNCAPPED, includePerformance: false, includePositionInRange: false },
      request,
    )
    const values = off.hyperbalance_matrix.flatMap((row) => POSITION_BANDS.map((b) => row[b] as number))
    for (const v of values) expect(v).toBeCloseTo(values[0], 12)
  })

  it('counts every placed employee once, by current and by new band, and lists the selected cell by name', () => {
    fc.assert(
      fc.property(scenarioArb(), (s) => {
        // The fullest cell, so its list has an order to check.
        const first = calculate(s)
        let cell = { row: 0, column: 0 }
        let most = -1
        first.current_count_matrix.forEach((row, r) =>
          POSITION_BANDS.forEach((band, c) => {
            if (row[band] > most) [most, cell] = [row[band], { row: r, column: c }]
          }),
        )
        const matrix = calculateMeritMatrix(s.employees, s.settings, { ...s.request, cell })
        const total = (rows: MeritMatrix['current_count_matrix'] | MeritMatrix['new_count_matrix']) =>
          rows.reduce((sum, row) => sum + POSITION_BANDS.reduce((n, b) => n + row[b], 0), 0)
        const placedCount = s.employees.filter(placed).length
        expect(total(matrix.current_count_matrix)).toBe(placedCount)
        expect(total(matrix.new_count_matrix)).toBe(placedCount)
        expect(
          matrix.unplaced.noRating + matrix.unplaced.noRange + matrix.unplaced.noRate + placedCount,
        ).toBe(s.employees.length)
        const inCell = matrix.allocations.filter((a) => a.row === cell.row && a.column === cell.column)
        expect(matrix.cell_data.map((c) => c.meritbook_employee_id).sort()).toEqual(
          inCell.map((a) => a.employeeId).sort(),
        )
        const names = matrix.cell_data.map((c) => c.employee_name)
        expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
        expect(matrix.current_count_matrix[cell.row]?.[POSITION_BANDS[cell.column]] ?? 0).toBe(inCell.length)
      }),
    )
  })
})

describe('merit-matrix engine: limits', () => {
  it('raises nobody above max_position_in_range (or minPerformanceMaxPIR at minimum performance), nor above maxPercentIncrease beyond the catch-up', () => {
    fc.assert(
      fc.property(scenarioArb(), (scenario) => {
        const { settings, request } = scenario
        const allocations = byId(calculate(scenario))
        for (const e of scenario.employees.filter(placed)) {
          const a = allocations.get(e.id)
          if (!a || a.increase === 0) continue
          // Someone already above the cap gets nothing; anyone raised stays at or below it.
          expect(e.pay + a.increase).toBeLessThanOrEqual(
            Math.max(pirCapPay(e, settings, request), e.range?.min ?? 0),
          )
          // A range with min = max has position 1 at any pay (spec §9); its cap is the pay checked above.
          const degenerate = e.range?.min === e.range?.max
          if (
            !degenerate &&
            a.newPositionInRange !== null &&
            Number.isFinite(maxPosition(e, settings, request)) &&
            a.increase > gap(e, settings)
          ) {
            expect(a.newPositionInRange).toBeLessThanOrEqual(maxPosition(e, settings, request) + 1e-9)
          }
          if (settings.maxPercentIncrease != null) {
            expect(a.increase).toBeLessThanOrEqual(
              Math.max(gap(e, settings), Math.floor((e.pay * settings.maxPercentIncrease) / 100)),
            )
          }
        }
      }),
    )
  })

  it('gives at least minPercentIncrease (prorated) once the budget covers it, unless a cap stops it', () => {
    fc.assert(
      fc.property(
        employeesArb(),
        settingsArb.map((s) => ({ ...s, minPercentIncrease: 2 })),
        priorityArb,
        priorityArb,
        maxPirArb,
        (employees, settings, perf, pir, maxPir) => {
          const floors = employees
            .filter((e) => placed(e) && eligible(e))
            .reduce(
              (sum, e) =>
                sum + gap(e, settings) + Math.ceil((e.pay * 2 * (1 - e.prorationPercent / 100)) / 100),
              0,
            )
          const request: MatrixRequest = {
            performance_multiplier_priority: perf,
            position_in_range_priority: pir,
            max_position_in_range: maxPir,
            desired_budget: floors,
            cell: null,
          }
          const allocations = byId(calculateMeritMatrix(employees, settings, request))
          for (const e of employees.filter((x) => placed(x) && eligible(x))) {
            const a = allocations.get(e.id)
            if (!a) throw new Error('placed employee missing')
            const floor = Math.ceil((e.pay * 2 * (1 - e.prorationPercent / 100)) / 100)
            const capped =
              e.pay + a.increase >= pirCapPay(e, settings, request) ||
              (settings.maxPercentIncrease != null &&
                a.increase >= Math.floor((e.pay * settings.maxPercentIncrease) / 100))
            expect(a.increase >= floor || capped).toBe(true)
          }
        },
      ),
    )
  })

  it('with prioritizePayMin, brings employees below their range minimum to it first, counted against the budget', () => {
    fc.assert(
      fc.property(
        employeesArb(),
        settingsArb.map((s) => ({ ...s, prioritizePayMin: true })),
        fc.integer({ min: 0, max: 150 }),
        (employees, settings, percentOfGaps) => {
          const below = employees.filter((e) => placed(e) && eligible(e) && gap(e, settings) > 0)
          const gaps = below.reduce((sum, e) => sum + gap(e, settings), 0)
          fc.pre(gaps > 0)
          const budget = Math.floor((gaps * percentOfGaps) / 100)
          const matrix = calculateMeritMatrix(employees, settings, {
            performance_multiplier_priority: 50,
            position_in_range_priority: 50,
            max_position_in_range: 1,
            desired_budget: budget,
            cell: null,
          })
          const allocations = byId(matrix)
          expect(matrix.budget_used).toBeLessThanOrEqual(budget)
          if (budget >= gaps) {
            for (const e of below)
              expect(e.pay + (allocations.get(e.id)?.increase ?? 0)).toBeGreaterThanOrEqual(e.range?.min ?? 0)
          } else {
            // Not enough for the catch-ups: they share all of it, and nobody else gets merit.
            expect(matrix.budget_used).toBe(budget)
            for (const a of matrix.allocations) {
              const e = employees.find((x) => x.id === a.id) as MatrixEmployee
              expect(a.increase).toBeLessThanOrEqual(eligible(e) ? gap(e, settings) : 0)
            }
          }
        },
      ),
    )
  })
})

/** An employee of the worked examples below: eligible, unprorated, not on a plan unless told. */
const person = (
  id: number,
  name: string,
  rating: number | null,
  pay: number,
  range: { min: number; max: number } | null,
  more: Partial<MatrixEmployee> = {},
): MatrixEmployee => ({
  id,
  employeeId: `E-${id}`,
  name,
  rating,
  pay,
  range,
  performancePlan: false,
  prorationPercent: 0,
  ...more,
})

/** Both priorities 0: every cell's multiplier is 1, so every eligible employee gets the same percent. */
const flat = (desired_budget: number, cell: MatrixRequest['cell'] = null): MatrixRequest => ({
  performance_multiplier_priority: 0,
  position_in_range_priority: 0,
  max_position_in_range: 1,
  desired_budget,
  cell,
})

describe('merit-matrix engine: the figures of each row (worked examples)', () => {
  // Row 0 (Unsatisfactory): $100,000 at position 0.5, and $50,000 at position 0, prorated 50%.
  // Row 4 (Outstanding): $200,000 at position 0.5. Rows 1–3 are empty. A budget of 2% of the
  // weighted payroll (100,000 + 25,000 + 200,000) gives 2%: $2,000, $500 and $4,000.
  const employees = () => [
    person(1, 'Ada', 1, 100_000_00, { min: 50_000_00, max: 150_000_00 }),
    person(2, 'Ben', 1, 50_000_00, { min: 50_000_00, max: 150_000_00 }, { prorationPercent: 50 }),
    person(3, 'Cy', 5, 200_000_00, { min: 100_000_00, max: 300_000_00 }),
  ]

  it("the columns are the spec's 'decimal bands 0.0 to 1.0'", () => {
    const matrix = calculateMeritMatrix(employees(), UNCAPPED, flat(6_500_00))
    expect(matrix.position_bands).toEqual(SPEC_BANDS)
  })

  it("a row's 'Percentage Increase' is Σ increases ÷ Σ pay of its employees × 100; a row without employees has none", () => {
    const matrix = calculateMeritMatrix(employees(), UNCAPPED, flat(6_500_00))
    expect(matrix.allocations.map((a) => a.increase)).toEqual([2_000_00, 500_00, 4_000_00])
    const percent = (rows: MeritMatrix['hyperbalance_matrix']) => rows.map((r) => r['Percentage Increase'])
    for (const rows of [matrix.calculated_hyperbalance_matrix, matrix.hyperbalance_matrix]) {
      const [row0, row1, row2, row3, row4] = percent(rows)
      // (2,000 + 500) ÷ (100,000 + 50,000): 1 2/3 %
      expect(row0).toBeCloseTo(5 / 3, 12)
      expect([row1, row2, row3]).toEqual([null, null, null])
      expect(row4).toBeCloseTo(2, 12)
    }
  })

  it("'Old and New Aggregate Position in Range' are the mean of the row's positions before and after, with their 'Position in Range Standard Deviation' (over the row's employees, ÷ n)", () => {
    const matrix = calculateMeritMatrix(employees(), UNCAPPED, flat(6_500_00))
    // New positions: (102,000 − 50,000) ÷ 100,000 = 0.52; (50,500 − 50,000) ÷ 100,000 = 0.005;
    // (204,000 − 100,000) ÷ 200,000 = 0.52.
    expect(matrix.allocations.map((a) => a.newPositionInRange)).toEqual([0.52, 0.005, 0.52])
    const current = matrix.current_count_matrix
    const next = matrix.new_count_matrix
    expect(current[0]['Old Aggregate Position in Range']).toBeCloseTo(0.25, 12)
    expect(current[0]['Position in Range Standard Deviation']).toBeCloseTo(0.25, 12)
    expect(next[0]['New Aggregate Position in Range']).toBeCloseTo(0.2625, 12)
    expect(next[0]['Position in Range Standard Deviation']).toBeCloseTo(0.2575, 12)
    expect(current[4]['Old Aggregate Position in Range']).toBeCloseTo(0.5, 12)
    expect(current[4]['Position in Range Standard Deviation']).toBe(0)
    expect(next[4]['New Aggregate Position in Range']).toBeCloseTo(0.52, 12)
    expect(next[4]['Position in Range Standard Deviation']).toBe(0)
    for (const row of [1, 2, 3]) {
      expect(current[row]['Old Aggregate Position in Range']).toBeNull()
      expect(current[row]['Position in Range Standard Deviation']).toBeNull()
      expect(next[row]['New Aggregate Position in Range']).toBeNull()
      expect(next[row]['Position in Range Standard Deviation']).toBeNull()
    }
    // Ben moves from band 0.0 to 0.0, Ada and Cy from 0.5 to 0.5 (0.52 is nearest 0.5).
    expect(next[0]['0.0']).toBe(1)
    expect(next[0]['0.5']).toBe(1)
  })

  it("an employee's increase percent is increase ÷ pay × 100 to four decimals; 0 for no pay", () => {
    const range = { min: 1_000_00, max: 5_000_00 }
    const matrix = calculateMeritMatrix(
      [person(1, 'Ada', 3, 3_000_00, range), person(2, 'Ben', 3, 0, range)],
      UNCAPPED,
      flat(20_00, { row: 2, column: 0 }),
    )
    // The $0 employee has no weight: Ada gets the whole $20.00 of her $3,000, 0.6666…%.
    expect(matrix.allocations.map((a) => [a.increase, a.increasePercent])).toEqual([
      [20_00, 0.6667],
      [0, 0],
    ])
    expect(matrix.cell_data.map((c) => c.recommended_pay_increase_percent)).toEqual([0])
  })
})

describe("merit-matrix engine: the selected cell's list", () => {
  const range = { min: 50_000_00, max: 90_000_00 }
  // Five in one cell (rating 3, $60,000 of $50,000–$90,000), one elsewhere.
  const employees = () => [
    person(1, 'Zoe Park', 3, 60_000_00, range),
    person(2, 'Adam Ng', 3, 60_000_00, range),
    person(3, 'Mia Roth', 3, 60_000_00, range),
    person(4, 'Adam Ng', 3, 60_000_00, range),
    person(5, 'Bea Lund', 1, 60_000_00, range),
    person(6, 'Cole Ash', 3, 60_000_00, range),
  ]

  it("lists the spec's columns for each employee of the cell, by name, equal names by id, whatever order the employees come in", () => {
    const given = employees()
    const matrix = calculateMeritMatrix(given, UNCAPPED, flat(3_000_00))
    const cell = { row: matrix.allocations[0].row, column: matrix.allocations[0].column }
    const expected = ['E-2', 'E-4', 'E-6', 'E-3', 'E-1']
    const withCell = calculateMeritMatrix(given, UNCAPPED, flat(3_000_00, cell))
    expect(withCell.cell_data.map((c) => c.meritbook_employee_id)).toEqual(expected)
    // The main process lists a cell from the table's employees, in the table's order.
    const reversed = [...given].reverse()
    const listed = cellEmployees(reversed, matrix.allocations, cell)
    expect(listed).toEqual(withCell.cell_data)
    expect(listed[0]).toEqual({
      employee_name: 'Adam Ng',
      annualized_current_base_pay: 60_000_00,
      recommended_pay_increase_dollar: 500_00,
      recommended_pay_increase_percent: 0.8333,
      performance_rating: 3,
      current_position_in_range: 0.25,
      new_position_in_range: 0.2625,
      meritbook_employee_id: 'E-2',
    })
  })

  it('leaves out an allocation whose employee is not in the list it is given', () => {
    const given = employees()
    const matrix = calculateMeritMatrix(given, UNCAPPED, flat(3_000_00))
    const cell = { row: matrix.allocations[0].row, column: matrix.allocations[0].column }
    // Employees 4 and 6 (the highest id of the cell) are gone from the list.
    const listed = cellEmployees(
      given.filter((e) => e.id !== 4 && e.id !== 6),
      matrix.allocations,
      cell,
    )
    expect(listed.map((c) => [c.meritbook_employee_id, c.employee_name])).toEqual([
      ['E-2', 'Adam Ng'],
      ['E-3', 'Mia Roth'],
      ['E-1', 'Zoe Park'],
    ])
  })
})

describe('merit-matrix engine: rows, columns and errors', () => {
  it("places a position in range in the nearest tenth, below the minimum in '0.0' and above the maximum in '1.0'", () => {
    expect(POSITION_BANDS).toEqual(SPEC_BANDS)
    expect([-0.4, 0, 0.04, 0.05, 0.15, 0.249, 0.5, 0.94, 0.95, 1, 3.2].map(positionBandIndex)).toEqual([
      0, 0, 0, 1, 2, 2, 5, 9, 10, 10, 10,
    ])
  })

  it("rows are the pay cycle's rating bands, an employee in the band the spec labels them with; without bands, each rating", () => {
    const rows = matrixRows(RATINGS, [])
    expect(rows.labels).toEqual(RATINGS.map((r) => r.label))
    expect([1, 1.5, 2, 3, 4.49, 4.5, 5, null].map((r) => rows.rowOf(r))).toEqual([0, 1, 1, 2, 3, 4, 4, null])
    const bare = matrixRows([], [3, 1, 3, null, 2.5])
    expect(bare.labels).toEqual(['1', '2.5', '3'])
    expect(bare.rowOf(2.5)).toBe(1)
    expect(bare.rowOf(4)).toBeNull()
  })

  it("shows the answer's message, else 'An error occurred while fetching the matrix data.', else 'An unexpected error occurred.'", () => {
    expect(matrixErrorMessage({ code: 'BAD_INPUT', message: 'Budget too small' })).toBe('Budget too small')
    expect(matrixErrorMessage({ code: 'INTERNAL', message: '' })).toBe(MATRIX_FETCH_ERROR)
    expect(MATRIX_FETCH_ERROR).toBe('An error occurred while fetching the matrix data.')
    expect(matrixErrorMessage(undefined)).toBe(UNEXPECTED_ERROR)
    expect(UNEXPECTED_ERROR).toBe('An unexpected error occurred.')
  })
})

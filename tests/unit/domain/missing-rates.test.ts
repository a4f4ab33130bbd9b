import { budgetFigureSums } from '../../../src-shared/domain/budget-figures'
import { buildTeamTree } from '../../../src-shared/domain/hierarchy'
import { calculateMeritMatrix, type MatrixSettings } from '../../../src-shared/domain/merit-matrix'
import {
  matrixEmployeeMapper,
  type MatrixSourceEmployee,
} from '../../../src-shared/domain/merit-matrix/inputs'
import { missingRatesWarning, NO_MISSING_RATES } from '../../../src-shared/domain/missing-rates'
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings'

// Issue 36: pay in a currency without a rate counts as 0; every figure says who is left out and how much.
const CURRENCY = { defaultCurrency: 'USD', rates: { EUR: 0.5 } }
const TREE = buildTeamTree([{ id: 1, parentTeamId: null }])

describe('budget totals: eligible payroll says who it leaves out for want of a rate', () => {
  it('counts the CA$147,020 employee, by currency, and only eligible pay', () => {
    const sums = budgetFigureSums(
      TREE,
      [
        {
          teamId: 1,
          currentAnnualPay: 100_000_00,
          payCurrency: 'USD',
          fullyProrated: false,
          allocated: null,
        },
        { teamId: 1, currentAnnualPay: 50_000_00, payCurrency: 'EUR', fullyProrated: false, allocated: null },
        {
          teamId: 1,
          currentAnnualPay: 147_020_00,
          payCurrency: 'CAD',
          fullyProrated: false,
          allocated: null,
        },
        { teamId: 1, currentAnnualPay: 10_000_00, payCurrency: 'CAD', fullyProrated: false, allocated: null },
        { teamId: 1, currentAnnualPay: 9_000_00, payCurrency: 'CAD', fullyProrated: true, allocated: null },
        { teamId: 1, currentAnnualPay: 1_000_00, payCurrency: 'DOP', fullyProrated: false, allocated: null },
      ],
      CURRENCY,
    )
    expect(sums.company.eligiblePayroll).toBe(200_000_00)
    expect(sums.company.missingRates).toEqual({
      employees: 3,
      currencies: [
        { currency: 'CAD', employees: 2, payroll: 157_020_00 },
        { currency: 'DOP', employees: 1, payroll: 1_000_00 },
      ],
    })
  })

  it('says it beside the figure, with the way to set the rate; nothing when every pay has a rate', () => {
    const one = { employees: 1, currencies: [{ currency: 'CAD', employees: 1, payroll: 147_020_00 }] }
    expect(missingRatesWarning(one, 'Eligible payroll', 'USD')).toBe(
      '1 employee (CA$147,020.00 in CAD) is left out of Eligible payroll: CAD has no conversion rate to USD. Set it in Pay Cycle Configuration → currency conversions.',
    )
    const two = {
      employees: 3,
      currencies: [
        { currency: 'CAD', employees: 2, payroll: 10_00 },
        { currency: 'DOP', employees: 1, payroll: 20_00 },
      ],
    }
    expect(missingRatesWarning(two, 'the matrix', 'USD')).toMatch(
      /^3 employees \(CA\$10\.00 in CAD, .+ in DOP\) are left out of the matrix: CAD and DOP have no conversion rate to USD\./,
    )
    expect(missingRatesWarning(NO_MISSING_RATES, 'Eligible payroll', 'USD')).toBeNull()
  })
})

describe('merit-matrix placement: unplaced gives causes noRating, noRange, noRate', () => {
  const settings: MatrixSettings = {
    ...DEFAULT_SETTINGS,
    performanceRatings: [
      { label: 'Low', max_rating: 2.5 },
      { label: 'High', max_rating: 5 },
    ],
  }
  const source = (over: Partial<MatrixSourceEmployee>): MatrixSourceEmployee => ({
    id: 1,
    companyEmployeeId: 'E1',
    name: 'E1',
    performanceRating: 3,
    performancePlan: false,
    payCycleId: null,
    payCurrency: 'USD',
    currentAnnualPay: 60_000_00,
    bounds: { min: 50_000_00, max: 90_000_00 },
    prorationPercent: 0,
    ...over,
  })
  it('an employee whose range exists but whose pay has no rate is noRate, not noRange', () => {
    const toEngine = matrixEmployeeMapper(CURRENCY)
    const employees = [
      source({ id: 1 }),
      source({ id: 2, payCurrency: 'CAD', currentAnnualPay: 147_020_00 }),
      source({ id: 3, bounds: null }),
      source({ id: 4, performanceRating: null }),
      source({ id: 5, payCurrency: 'EUR' }),
    ].map(toEngine)
    const matrix = calculateMeritMatrix(employees, settings, {
      performance_multiplier_priority: 50,
      position_in_range_priority: 50,
      max_position_in_range: 1,
      desired_budget: 1_000_00,
      cell: null,
    })
    expect(matrix.unplaced).toEqual({ noRating: 1, noRange: 1, noRate: 1 })
    expect(matrix.missing_rates).toEqual({
      employees: 1,
      currencies: [{ currency: 'CAD', employees: 1, payroll: 147_020_00 }],
    })
    expect(matrix.allocations.map((a) => a.id)).toEqual([1, 5])
  })
})

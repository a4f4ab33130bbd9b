import { describe, expect, it } from 'vitest'
import type { EmployeeDto, RewardDto } from '../../../src-shared/contract'
import { emptyCollections, loadStarted, loadSucceeded } from '../../../src-renderer/app/data-slice'
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings'
import { createAppStore } from '../../../src-renderer/app/store'
import { formatRowMoney, PAGE_SIZE } from '../../../src-renderer/features/compensation-table/columns'
import { selectCompensationRows } from '../../../src-renderer/features/compensation-table/selectors'

function employee(id: number, name: string, extra: Partial<EmployeeDto> = {}): EmployeeDto {
  return {
    id,
    companyEmployeeId: `E${id}`,
    name,
    preferredName: null,
    email: null,
    avatar: null,
    jobTitle: null,
    jobProfileId: null,
    fte: 1,
    salaried: true,
    hireDate: null,
    currentSalary: 100_000_00,
    defaultPayCurrency: 'USD',
    currentDollarBonus: 0,
    currentPercentBonus: 0,
    gender: null,
    race: null,
    age: null,
    department: null,
    location: null,
    employmentStatus: 'Active',
    previousIncreaseDate: null,
    teamId: null,
    managerId: null,
    plannerId: null,
    managedTeamIds: [],
    isManager: false,
    ...extra,
  }
}

function reward(employeeId: number, extra: Partial<RewardDto> = {}): RewardDto {
  return {
    employeeId,
    newSalary: null,
    newDollarBonus: null,
    newPercentBonus: null,
    newJobProfileId: null,
    lumpSum: null,
    comments: null,
    performanceRating: null,
    performanceRatingLabel: null,
    performancePlan: false,
    promotion: false,
    eligibleForIncrease: true,
    recommendedIncrease: null,
    recommendedIncreasePer: null,
    previousIncrease: null,
    hyperbalanceAnnualAllocatedBudget: null,
    deltaFromMidPoint: null,
    ...extra,
  }
}

function loadedStore() {
  const store = createAppStore()
  store.dispatch(loadStarted({ sessionKey: 'k', requestId: 'r' }))
  store.dispatch(
    loadSucceeded({
      requestId: 'r',
      skipped: [],
      data: {
        ...emptyCollections(),
        employees: [
          employee(1, 'Yusuf Kim', { jobTitle: 'CEO', teamId: 10 }),
          employee(2, 'Ada Park', { managerId: 1, plannerId: 1, jobProfileId: 5, teamId: 10 }),
          employee(3, 'Lee Chan', { managerId: 2, plannerId: 99 }),
        ],
        rewards: [
          reward(1, { performanceRating: 3.5, performanceRatingLabel: 'Meets Expectations' }),
          reward(2, { performanceRating: 4, newSalary: 110_000_00, lumpSum: 500_00, comments: 'Great year' }),
        ],
        jobProfiles: [
          {
            id: 5,
            jobCode: 'ENG2',
            jobProfile: 'Engineer II',
            jobFamily: null,
            jobFamilyGroup: null,
            exemptionStatus: false,
            payRangeId: null,
          },
        ],
        teams: [
          {
            id: 10,
            name: 'Leadership',
            parentTeamId: null,
            managerId: 1,
            plannerId: 1,
            budget: null,
            budgetCurrency: null,
            calculatedBudget: null,
            recommendedBudget: null,
          },
        ],
      },
    }),
  )
  return store
}

describe('compensation table rows', () => {
  it('joins employees with managers, planners, rewards, job profiles and teams', () => {
    const rows = selectCompensationRows(loadedStore().getState())
    expect(rows.map((r) => [r.employeeName, r.manager, r.planner, r.jobTitle, r.performanceRating])).toEqual([
      ['Yusuf Kim', null, null, 'CEO', 'Meets Expectations'],
      ['Ada Park', 'Yusuf Kim', 'Yusuf Kim', 'Engineer II', '4'],
      ['Lee Chan', 'Ada Park', null, null, null],
    ])
    expect(rows[1]).toMatchObject({
      id: 2,
      employeeId: 'E2',
      currentSalary: 100_000_00,
      newSalary: 110_000_00,
      lumpSum: 500_00,
      comments: 'Great year',
      team: 'Leadership',
    })
  })

  it('is memoized: same state, same rows', () => {
    const store = loadedStore()
    expect(selectCompensationRows(store.getState())).toBe(selectCompensationRows(store.getState()))
  })

  it('formats money in the row currency, 25 rows a page', () => {
    expect(PAGE_SIZE).toBe(25)
    expect(formatRowMoney(123_456_78, { currency: 'USD', salaried: true }, true)).toBe('$123,456.78')
    expect(formatRowMoney(25_00, { currency: 'USD', salaried: false }, true)).toBe('$25.00/hr')
    expect(formatRowMoney(25_00, { currency: 'USD', salaried: false }, false)).toBe('$25.00')
    expect(formatRowMoney(null, { currency: 'USD', salaried: true }, true)).toBe('')
    expect(formatRowMoney(10_00, { currency: 'not a code', salaried: true }, true)).toBe('10 not a code')
  })
})

describe('compensation table rows carry the rules engine’s verdict', () => {
  it("marks a planned pay cut with 'Pay increase is negative.' and computes compa ratio and position in range", () => {
    const store = createAppStore()
    store.dispatch(loadStarted({ sessionKey: 'k', requestId: 'r' }))
    store.dispatch(
      loadSucceeded({
        requestId: 'r',
        skipped: [],
        data: {
          ...emptyCollections(),
          employees: [employee(1, 'Ada Park', { jobProfileId: 5, currentSalary: 100_000_00 })],
          rewards: [reward(1, { newSalary: 90_000_00 })],
          jobProfiles: [
            {
              id: 5,
              jobCode: 'ENG2',
              jobProfile: 'Engineer II',
              jobFamily: null,
              jobFamilyGroup: null,
              exemptionStatus: false,
              payRangeId: 7,
            },
          ],
          payRanges: [
            {
              id: 7,
              name: 'ENG',
              minPay: 80_000_00,
              midPay: 100_000_00,
              maxPay: 120_000_00,
              payCurrency: 'USD',
              salaried: true,
            },
          ],
          payCycles: [
            {
              id: 1,
              name: 'FY',
              active: true,
              effectiveDate: null,
              companyMeritBudget: null,
              defaultCurrency: 'USD',
              currencyConversions: { USD: 1 },
              settings: DEFAULT_SETTINGS,
              updatedAt: '2026-01-01',
            },
          ],
        },
      }),
    )
    const [row] = selectCompensationRows(store.getState())
    expect(row).toMatchObject({
      severity: 'error',
      violations: ['Pay increase is negative.'],
      compaRatio: 1,
      positionInRange: 0.5,
    })
  })
})

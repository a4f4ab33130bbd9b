import { DEMO_COMPANY_DOMAIN, DEMO_COMPANY_NAME } from './catalog'
import { isoDateOf } from './dates'
import type {
  DemoCompanyModel,
  DemoEmployee,
  DemoOptions,
  DemoPlannerSubmission,
  DemoReward,
  DemoRewardHistory,
} from './model'
import { builtinNameSource, listNameSource } from './names'
import { planOrg } from './org'
import { cycleDates, demoPayCycle } from './pay-cycle'
import { buildPeople, type People } from './people'
import { Random } from './random'
import { assignRewards } from './rewards'
import { buildUsers } from './users'

export const DEFAULT_DEMO_EMPLOYEES = 500
export const DEFAULT_DEMO_SEED = 1
export const DEFAULT_REFERENCE_DATE = '2026-01-01'

/** Company merit budget and division budgets, as a share of annual payroll in US dollars. */
const COMPANY_BUDGET_PERCENT = 3.5
const DIVISION_BUDGET_PERCENT = 3.25

const SUBMISSION_COMMENTS = [
  'All increases within guideline; reviewed with HR.',
  'Submitted after calibration, two promotions flagged.',
  'Team is small, budget used in full',
]

/** Annual payroll in US cents of each employee's whole reporting line (themselves included). */
function subtreePayroll(people: People, parentOf: (i: number) => number): Float64Array {
  const totals = Float64Array.from(people.usdPay)
  for (let i = totals.length - 1; i > 0; i--) totals[parentOf(i)] += totals[i]
  return totals
}

function setBudgets(people: People): number {
  const { employees, teams } = people
  const totals = subtreePayroll(people, (i) => (employees[i].managerId as number) - 1)
  for (const team of teams) {
    if (team.depth !== 2) continue
    const share = (totals[team.managerId - 1] * DIVISION_BUDGET_PERCENT) / 100
    team.budget = Math.round(share / 10_000) * 10_000
    team.budgetCurrency = 'USD'
  }
  return Math.round((totals[0] * COMPANY_BUDGET_PERCENT) / 100 / 100_000) * 100_000
}

const HISTORY_FIELDS: readonly (keyof DemoReward)[] = [
  'newSalary',
  'newDollarBonus',
  'newPercentBonus',
  'newJobProfileId',
  'lumpSum',
  'promotion',
  'comments',
]

function historyOf(
  planned: DemoEmployee[],
  userOfEmployee: Map<number, number>,
  at: string,
): DemoRewardHistory[] {
  return planned.map((e, index) => {
    const changes: DemoRewardHistory['changes'] = {}
    for (const field of HISTORY_FIELDS) {
      const value = e.reward[field]
      if (value !== null && value !== false)
        changes[field] = { old: field === 'promotion' ? false : null, new: value }
    }
    return {
      id: index + 1,
      employeeId: e.id,
      changedAt: at,
      changedByUserId: e.managerId === null ? null : (userOfEmployee.get(e.managerId) ?? null),
      source: 'demo',
      changes,
    }
  })
}

function submissionsOf(
  people: People,
  teamDepth: number,
  userOfEmployee: Map<number, number>,
  at: string,
  random: Random,
): DemoPlannerSubmission[] {
  const submissions: DemoPlannerSubmission[] = []
  for (const team of people.teams) {
    if (team.depth !== teamDepth || team.depth < 2 || !random.chance(0.06)) continue
    submissions.push({
      id: submissions.length + 1,
      plannerEmployeeId: team.plannerId,
      payCycleId: 1,
      submissionType: 'PLANNER',
      comments: random.pick(SUBMISSION_COMMENTS),
      submittedByUserId: userOfEmployee.get(team.plannerId) ?? null,
      updatedAt: at,
    })
  }
  return submissions
}

/**
 * A whole demo company from a seed: the same options always give the same model, byte for byte
 * once written. Nothing here reads the clock or Math.random.
 */
export function generateDemoCompany(options: DemoOptions = {}): DemoCompanyModel {
  const size = options.employees ?? DEFAULT_DEMO_EMPLOYEES
  const seed = options.seed ?? DEFAULT_DEMO_SEED
  if (!Number.isSafeInteger(seed)) throw new Error(`The demo seed must be an integer, not ${seed}.`)
  const referenceDate = isoDateOf(options.referenceDate ?? DEFAULT_REFERENCE_DATE)
  const random = new Random(seed)
  const dates = cycleDates(referenceDate)
  const shape = planOrg(size, random.fork('org'))
  const names = options.namesFile
    ? listNameSource(options.namesFile, random.fork('names'))
    : builtinNameSource()
  const people = buildPeople(shape, names, DEMO_COMPANY_DOMAIN, referenceDate, dates, random.fork('people'))
  const planned = assignRewards(people, dates, referenceDate, random.fork('rewards'))
  const companyBudget = setBudgets(people)
  const users = buildUsers(people.employees, DEMO_COMPANY_DOMAIN, random.fork('users'))
  const at = `${referenceDate}T15:30:00.000Z`
  return {
    seed,
    referenceDate,
    company: {
      name: DEMO_COMPANY_NAME,
      domain: DEMO_COMPANY_DOMAIN,
      createdAt: `${referenceDate}T08:00:00.000Z`,
    },
    payCycle: demoPayCycle(referenceDate, companyBudget, people.currencies),
    payRanges: people.catalog.payRanges,
    jobProfiles: people.catalog.jobProfiles,
    teams: people.teams,
    employees: people.employees,
    users: users.users,
    userSettings: users.userSettings,
    plannerSubmissions: submissionsOf(
      people,
      shape.teamDepth,
      users.userOfEmployee,
      at,
      random.fork('submissions'),
    ),
    rewardHistory: historyOf(planned, users.userOfEmployee, at),
    ownerEmail: users.ownerEmail,
    sampleUsers: users.sampleUsers,
  }
}

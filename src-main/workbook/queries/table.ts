import type { PayCycleDto } from '../../../src-shared/contract'
import type { Workbook } from '../open'
import { getCurrentPayCycle } from './pay-cycles'

/**
 * What the Compensation Table's model is built from, read in one pass. The employee and reward join
 * is the hot path at 100,000 employees, so it goes through the raw connection (`.raw()` rows, no
 * kysely objects): about 3× faster than the typed query.
 */

/** One employee and their reward, flat; the names match the domain's employee and reward shapes. */
export interface TableEmployee {
  id: number
  companyEmployeeId: string
  name: string
  jobTitle: string | null
  jobProfileId: number | null
  fte: number
  salaried: boolean
  hireDate: string | null
  currentSalary: number
  defaultPayCurrency: string
  currentDollarBonus: number
  currentPercentBonus: number
  previousIncreaseDate: string | null
  teamId: number | null
  managerId: number | null
  plannerId: number | null
  // reward (null when the employee has no reward row)
  newSalary: number | null
  newDollarBonus: number | null
  newPercentBonus: number | null
  newJobProfileId: number | null
  lumpSum: number | null
  comments: string | null
  performanceRating: number | null
  performancePlan: boolean
  promotion: boolean
  previousIncrease: string | null
  hyperbalanceAnnualAllocatedBudget: number | null
  /** The employee's pay cycle: a manager holds their teams only in their own pay cycle. */
  payCycleId: number | null
  // what the dashboards group and compare by
  gender: string | null
  race: string | null
  age: number | null
  /** The reward's recommended_increase_per (percent). */
  recommendedIncreasePer: number | null
}

export interface TableTeam {
  id: number
  name: string
  parentTeamId: number | null
  managerId: number | null
  plannerId: number | null
  budget: number | null
  budgetCurrency: string | null
}

export interface TableSource {
  employees: TableEmployee[]
  teams: TableTeam[]
  jobProfiles: { id: number; payRangeId: number | null; jobCode: string; jobProfile: string | null }[]
  payRanges: {
    id: number
    minPay: number
    midPay: number
    maxPay: number
    payCurrency: string
    salaried: boolean
  }[]
  submissions: { plannerEmployeeId: number; payCycleId: number }[]
  /** The active pay cycle, else the one closed last (choices are locked); null when there is none. */
  payCycle: PayCycleDto | null
}

const EMPLOYEES_SQL = `
  SELECT e.id, e.company_employee_id, e.name, e.job_title, e.job_profile_id, e.fte, e.salaried,
         e.hire_date, e.current_salary, e.default_pay_currency, e.current_dollar_bonus,
         e.current_percent_bonus, e.previous_increase_date, e.team_id, e.manager_id, e.planner_id,
         r.new_salary, r.new_dollar_bonus, r.new_percent_bonus, r.new_job_profile_id, r.lump_sum,
         r.comments, r.performance_rating, r.performance_plan, r.promotion, r.previous_increase,
         r.hyperbalance_annual_allocated_budget, e.pay_cycle_id, e.gender, e.race, e.age,
         r.recommended_increase_per
  FROM employee e LEFT JOIN reward r ON r.employee_id = e.id
  ORDER BY e.id`

type Cell = string | number | null

function toEmployee(r: Cell[]): TableEmployee {
  return {
    id: r[0] as number,
    companyEmployeeId: r[1] as string,
    name: r[2] as string,
    jobTitle: r[3] as string | null,
    jobProfileId: r[4] as number | null,
    fte: r[5] as number,
    salaried: r[6] === 1,
    hireDate: r[7] as string | null,
    currentSalary: r[8] as number,
    defaultPayCurrency: r[9] as string,
    currentDollarBonus: r[10] as number,
    currentPercentBonus: r[11] as number,
    previousIncreaseDate: r[12] as string | null,
    teamId: r[13] as number | null,
    managerId: r[14] as number | null,
    plannerId: r[15] as number | null,
    newSalary: r[16] as number | null,
    newDollarBonus: r[17] as number | null,
    newPercentBonus: r[18] as number | null,
    newJobProfileId: r[19] as number | null,
    lumpSum: r[20] as number | null,
    comments: r[21] as string | null,
    performanceRating: r[22] as number | null,
    performancePlan: r[23] === 1,
    promotion: r[24] === 1,
    previousIncrease: r[25] as string | null,
    hyperbalanceAnnualAllocatedBudget: r[26] as number | null,
    payCycleId: r[27] as number | null,
    gender: r[28] as string | null,
    race: r[29] as string | null,
    age: r[30] as number | null,
    recommendedIncreasePer: r[31] as number | null,
  }
}

export async function loadTableSource(workbook: Workbook): Promise<TableSource> {
  const db = workbook.sqlite
  // Row by row: each raw row is garbage at once, which the young generation collects cheaply.
  const employees: TableEmployee[] = []
  for (const raw of db.prepare(EMPLOYEES_SQL).raw().iterate()) employees.push(toEmployee(raw as Cell[]))
  const teams = (
    db
      .prepare(
        'SELECT id, name, parent_team_id, manager_id, planner_id, budget, budget_currency FROM team ORDER BY id',
      )
      .raw()
      .all() as Cell[][]
  ).map((r) => ({
    id: r[0] as number,
    name: r[1] as string,
    parentTeamId: r[2] as number | null,
    managerId: r[3] as number | null,
    plannerId: r[4] as number | null,
    budget: r[5] as number | null,
    budgetCurrency: r[6] as string | null,
  }))
  const jobProfiles = (
    db
      .prepare('SELECT id, pay_range_id, job_code, job_profile FROM job_profile ORDER BY id')
      .raw()
      .all() as Cell[][]
  ).map((r) => ({
    id: r[0] as number,
    payRangeId: r[1] as number | null,
    jobCode: r[2] as string,
    jobProfile: r[3] as string | null,
  }))
  const payRanges = (
    db
      .prepare('SELECT id, min_pay, mid_pay, max_pay, pay_currency, salaried FROM pay_range ORDER BY id')
      .raw()
      .all() as Cell[][]
  ).map((r) => ({
    id: r[0] as number,
    minPay: r[1] as number,
    midPay: r[2] as number,
    maxPay: r[3] as number,
    payCurrency: r[4] as string,
    salaried: r[5] === 1,
  }))
  const submissions = (
    db.prepare('SELECT planner_employee_id, pay_cycle_id FROM planner_submission').raw().all() as Cell[][]
  ).map((r) => ({ plannerEmployeeId: r[0] as number, payCycleId: r[1] as number }))
  const payCycle = await getCurrentPayCycle(workbook)
  return { employees, teams, jobProfiles, payRanges, submissions, payCycle }
}

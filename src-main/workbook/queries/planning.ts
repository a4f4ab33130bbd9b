import type {
  EmployeeDto,
  JobProfileDto,
  PayRangeDto,
  PlannerSubmissionDto,
  RewardDto,
  TeamDto,
} from '../../../src-shared/contract'
import type { Selectable } from 'kysely'
import type { Workbook } from '../open'
import type { TeamTable } from '../schema'

const flag = (value: number): boolean => value === 1

type Cell = string | number | null

const EMPLOYEE_COLUMNS = `id, company_employee_id, name, preferred_name, email, avatar, job_title, job_profile_id,
  fte, salaried, hire_date, current_salary, default_pay_currency, current_dollar_bonus, current_percent_bonus,
  gender, race, age, department, location, employment_status, previous_increase_date, team_id, manager_id,
  planner_id`

/**
 * Every employee, with the teams each manages. At 100,000 employees this is the largest read of the
 * initial data load, so it reads `.raw()` rows on the connection (no kysely objects: about 3×
 * faster, as the table's source).
 */
export async function listEmployees(workbook: Workbook): Promise<EmployeeDto[]> {
  const { sqlite } = workbook
  const managed = sqlite
    .prepare('SELECT manager_id, id FROM team WHERE manager_id IS NOT NULL ORDER BY id')
    .raw()
    .all() as number[][]
  const teamsByManager = new Map<number, number[]>()
  for (const [managerId, teamId] of managed) {
    const list = teamsByManager.get(managerId)
    if (list) list.push(teamId)
    else teamsByManager.set(managerId, [teamId])
  }
  const rows = sqlite.prepare(`SELECT ${EMPLOYEE_COLUMNS} FROM employee ORDER BY id`).raw().all() as Cell[][]
  return rows.map((r) => {
    const id = r[0] as number
    const managedTeamIds = teamsByManager.get(id) ?? []
    return {
      id,
      companyEmployeeId: r[1] as string,
      name: r[2] as string,
      preferredName: r[3] as string | null,
      email: r[4] as string | null,
      avatar: r[5] as string | null,
      jobTitle: r[6] as string | null,
      jobProfileId: r[7] as number | null,
      fte: r[8] as number,
      salaried: flag(r[9] as number),
      hireDate: r[10] as string | null,
      currentSalary: r[11] as number,
      defaultPayCurrency: r[12] as string,
      currentDollarBonus: r[13] as number,
      currentPercentBonus: r[14] as number,
      gender: r[15] as string | null,
      race: r[16] as string | null,
      age: r[17] as number | null,
      department: r[18] as string | null,
      location: r[19] as string | null,
      employmentStatus: r[20] as string,
      previousIncreaseDate: r[21] as string | null,
      teamId: r[22] as number | null,
      managerId: r[23] as number | null,
      plannerId: r[24] as number | null,
      managedTeamIds,
      isManager: managedTeamIds.length > 0,
    }
  })
}

const REWARD_COLUMNS = `employee_id, new_salary, new_dollar_bonus, new_percent_bonus, new_job_profile_id, lump_sum,
  comments, performance_rating, performance_rating_label, performance_plan, promotion, eligible_for_increase,
  recommended_increase, recommended_increase_per, previous_increase, hyperbalance_annual_allocated_budget,
  delta_from_mid_point`

/** Every reward (one per employee), `.raw()` rows as `listEmployees`. */
export async function listRewards(workbook: Workbook): Promise<RewardDto[]> {
  const rows = workbook.sqlite
    .prepare(`SELECT ${REWARD_COLUMNS} FROM reward ORDER BY employee_id`)
    .raw()
    .all() as Cell[][]
  return rows.map((r) => ({
    employeeId: r[0] as number,
    newSalary: r[1] as number | null,
    newDollarBonus: r[2] as number | null,
    newPercentBonus: r[3] as number | null,
    newJobProfileId: r[4] as number | null,
    lumpSum: r[5] as number | null,
    comments: r[6] as string | null,
    performanceRating: r[7] as number | null,
    performanceRatingLabel: r[8] as string | null,
    performancePlan: flag(r[9] as number),
    promotion: flag(r[10] as number),
    eligibleForIncrease: flag(r[11] as number),
    recommendedIncrease: r[12] as number | null,
    recommendedIncreasePer: r[13] as number | null,
    previousIncrease: r[14] as string | null,
    hyperbalanceAnnualAllocatedBudget: r[15] as number | null,
    deltaFromMidPoint: r[16] as number | null,
  }))
}

export async function listJobProfiles(workbook: Workbook): Promise<JobProfileDto[]> {
  const rows = await workbook.db.selectFrom('job_profile').selectAll().orderBy('id').execute()
  return rows.map((j) => ({
    id: j.id,
    jobCode: j.job_code,
    jobProfile: j.job_profile,
    jobFamily: j.job_family,
    jobFamilyGroup: j.job_family_group,
    exemptionStatus: flag(j.exemption_status),
    payRangeId: j.pay_range_id,
  }))
}

export async function listPayRanges(workbook: Workbook): Promise<PayRangeDto[]> {
  const rows = await workbook.db.selectFrom('pay_range').selectAll().orderBy('id').execute()
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    minPay: p.min_pay,
    midPay: p.mid_pay,
    maxPay: p.max_pay,
    payCurrency: p.pay_currency,
    salaried: flag(p.salaried),
  }))
}

export function toTeamDto(t: Selectable<TeamTable>): TeamDto {
  return {
    id: t.id,
    name: t.name,
    parentTeamId: t.parent_team_id,
    managerId: t.manager_id,
    plannerId: t.planner_id,
    budget: t.budget,
    budgetCurrency: t.budget_currency,
    calculatedBudget: t.calculated_budget,
    recommendedBudget: t.recommended_budget,
  }
}

export async function listTeams(workbook: Workbook): Promise<TeamDto[]> {
  const rows = await workbook.db.selectFrom('team').selectAll().orderBy('id').execute()
  return rows.map(toTeamDto)
}

export async function listPlannerSubmissions(workbook: Workbook): Promise<PlannerSubmissionDto[]> {
  const rows = await workbook.db.selectFrom('planner_submission').selectAll().orderBy('id').execute()
  return rows.map((s) => ({
    id: s.id,
    plannerEmployeeId: s.planner_employee_id,
    payCycleId: s.pay_cycle_id,
    submissionType: s.submission_type,
    comments: s.comments,
    updatedAt: s.updated_at,
  }))
}

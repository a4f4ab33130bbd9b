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

export async function listEmployees(workbook: Workbook): Promise<EmployeeDto[]> {
  const [rows, managedTeams] = await Promise.all([
    workbook.db.selectFrom('employee').selectAll().orderBy('id').execute(),
    workbook.db.selectFrom('team').select(['id', 'manager_id']).where('manager_id', 'is not', null).execute(),
  ])
  const teamsByManager = new Map<number, number[]>()
  for (const team of managedTeams) {
    const list = teamsByManager.get(team.manager_id as number) ?? []
    list.push(team.id)
    teamsByManager.set(team.manager_id as number, list)
  }
  return rows.map((e) => {
    const managedTeamIds = teamsByManager.get(e.id) ?? []
    return {
      id: e.id,
      companyEmployeeId: e.company_employee_id,
      name: e.name,
      preferredName: e.preferred_name,
      email: e.email,
      avatar: e.avatar,
      jobTitle: e.job_title,
      jobProfileId: e.job_profile_id,
      fte: e.fte,
      salaried: flag(e.salaried),
      hireDate: e.hire_date,
      currentSalary: e.current_salary,
      defaultPayCurrency: e.default_pay_currency,
      currentDollarBonus: e.current_dollar_bonus,
      currentPercentBonus: e.current_percent_bonus,
      gender: e.gender,
      race: e.race,
      age: e.age,
      department: e.department,
      location: e.location,
      employmentStatus: e.employment_status,
      previousIncreaseDate: e.previous_increase_date,
      teamId: e.team_id,
      managerId: e.manager_id,
      plannerId: e.planner_id,
      managedTeamIds,
      isManager: managedTeamIds.length > 0,
    }
  })
}

export async function listRewards(workbook: Workbook): Promise<RewardDto[]> {
  const rows = await workbook.db.selectFrom('reward').selectAll().orderBy('employee_id').execute()
  return rows.map((r) => ({
    employeeId: r.employee_id,
    newSalary: r.new_salary,
    newDollarBonus: r.new_dollar_bonus,
    newPercentBonus: r.new_percent_bonus,
    newJobProfileId: r.new_job_profile_id,
    lumpSum: r.lump_sum,
    comments: r.comments,
    performanceRating: r.performance_rating,
    performanceRatingLabel: r.performance_rating_label,
    performancePlan: flag(r.performance_plan),
    promotion: flag(r.promotion),
    eligibleForIncrease: flag(r.eligible_for_increase),
    recommendedIncrease: r.recommended_increase,
    recommendedIncreasePer: r.recommended_increase_per,
    previousIncrease: r.previous_increase,
    hyperbalanceAnnualAllocatedBudget: r.hyperbalance_annual_allocated_budget,
    deltaFromMidPoint: r.delta_from_mid_point,
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

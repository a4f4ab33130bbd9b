import { sql, type Transaction } from 'kysely'
import type { ImportRow } from '../../src-shared/domain/import-format'
import { placeImportedPeople } from '../../src-shared/domain/import-placement'
import type { planWrites } from '../../src-shared/domain/reimport-classification'
import { insertRows } from '../db/bulk-insert'
import type { ServerDatabase } from '../db/schema'
import type { Caller } from '../http/context'

type Trx = Transaction<ServerDatabase>

/**
 * Writes a validated import in the caller's transaction, as the desktop's import-write.ts does:
 * pay ranges by name, job profiles by job code, employees by Employee Id, rewards (rating,
 * promotion, new job profile), a team per manager (import-placement.ts), and the affected plans.
 */
export async function writeImport(
  trx: Trx,
  who: Caller,
  rows: readonly ImportRow[],
  payCycleId: number | null,
  plans: ReturnType<typeof planWrites>,
): Promise<void> {
  const c = who.companyId
  const ranges = await trx
    .selectFrom('pay_range')
    .select(['id', 'name'])
    .where('company_id', '=', c)
    .orderBy('id')
    .execute()
  const rangeIds = new Map<string, number>()
  for (const r of ranges) if (!rangeIds.has(r.name)) rangeIds.set(r.name, r.id)
  let nextRange = ranges.reduce((max, r) => Math.max(max, r.id), 0) + 1
  const rangeRows = new Map<string, object>()
  for (const r of rows) {
    if (!r.payRangeName || rangeRows.has(r.payRangeName)) continue
    let id = rangeIds.get(r.payRangeName)
    if (id === undefined) rangeIds.set(r.payRangeName, (id = nextRange++))
    rangeRows.set(r.payRangeName, {
      id,
      name: r.payRangeName,
      min_pay: r.minPay ?? 0,
      mid_pay: r.midPay ?? 0,
      max_pay: r.maxPay ?? 0,
      pay_currency: r.payCurrency ?? 'USD',
      salaried: r.salaried ?? false,
    })
  }
  const rangeColumns = ['name', 'min_pay', 'mid_pay', 'max_pay', 'pay_currency', 'salaried']
  await insertRows(
    trx,
    'pay_range',
    c,
    {
      id: 'bigint',
      name: 'text',
      min_pay: 'bigint',
      mid_pay: 'bigint',
      max_pay: 'bigint',
      pay_currency: 'text',
      salaried: 'boolean',
    },
    [...rangeRows.values()],
    { columns: ['company_id', 'id'], update: rangeColumns },
  )

  const profiles = await trx
    .selectFrom('job_profile')
    .select(['id', 'job_code'])
    .where('company_id', '=', c)
    .execute()
  const profileIds = new Map(profiles.map((p) => [p.job_code, p.id]))
  let nextProfile = profiles.reduce((max, p) => Math.max(max, p.id), 0) + 1
  const profileRows = new Map<string, object>()
  for (const r of rows) {
    if (!r.jobCode || profileRows.has(r.jobCode)) continue
    let id = profileIds.get(r.jobCode)
    if (id === undefined) profileIds.set(r.jobCode, (id = nextProfile++))
    profileRows.set(r.jobCode, {
      id,
      job_code: r.jobCode,
      job_profile: r.jobProfile,
      job_family: r.jobFamily,
      job_family_group: r.jobFamilyGroup,
      exemption_status: r.exemptionStatus ?? false,
      pay_range_id: rangeIds.get(r.payRangeName ?? '') ?? null,
    })
  }
  await insertRows(
    trx,
    'job_profile',
    c,
    {
      id: 'bigint',
      job_code: 'text',
      job_profile: 'text',
      job_family: 'text',
      job_family_group: 'text',
      exemption_status: 'boolean',
      pay_range_id: 'bigint',
    },
    [...profileRows.values()],
    {
      columns: ['company_id', 'id'],
      update: ['job_profile', 'job_family', 'job_family_group', 'exemption_status', 'pay_range_id'],
    },
  )

  const stored = await trx
    .selectFrom('employee')
    .select(['id', 'company_employee_id as code', 'name', 'manager_id as managerId', 'team_id as teamId'])
    .where('company_id', '=', c)
    .execute()
  const teams = await trx
    .selectFrom('team')
    .select(['id', 'manager_id as managerId', 'parent_team_id as parentTeamId'])
    .where('company_id', '=', c)
    .orderBy('id')
    .execute()
  const people = placeImportedPeople(stored, teams, rows)
  const employeeColumns = {
    id: 'bigint',
    company_employee_id: 'text',
    name: 'text',
    preferred_name: 'text',
    email: 'text',
    job_title: 'text',
    job_profile_id: 'bigint',
    salaried: 'boolean',
    hire_date: 'date',
    current_salary: 'bigint',
    default_pay_currency: 'text',
    gender: 'text',
    race: 'text',
    age: 'float8',
    employment_status: 'text',
    previous_increase_date: 'date',
    reason_for_last_increase: 'text',
    pay_cycle_id: 'bigint',
    manager_id: 'bigint',
    planner_id: 'bigint',
    team_id: 'bigint',
  } as const
  await insertRows(
    trx,
    'employee',
    c,
    employeeColumns,
    rows.map((r, index) => ({
      id: people.ids[index],
      company_employee_id: r.employeeId,
      name: r.employeeName,
      preferred_name: r.preferredName,
      email: r.email,
      job_title: r.jobTitle,
      job_profile_id: profileIds.get(r.jobCode ?? '') ?? null,
      salaried: r.salaried ?? false,
      hire_date: r.hireDate,
      current_salary: r.currentBasePay ?? 0,
      default_pay_currency: r.payCurrency ?? 'USD',
      gender: r.gender,
      race: r.race,
      age: r.age,
      employment_status: r.employmentStatus ?? 'Active',
      previous_increase_date: r.dateOfLastIncrease,
      reason_for_last_increase: r.reasonForLastIncrease ?? '',
      pay_cycle_id: payCycleId,
      manager_id: people.managerIds[index],
      planner_id: people.idOf(r.planner),
      team_id: people.teamOfManager(people.managerIds[index]),
    })),
    { columns: ['company_id', 'id'], update: Object.keys(employeeColumns).filter((k) => k !== 'id') },
  )
  await insertRows(
    trx,
    'reward',
    c,
    {
      employee_id: 'bigint',
      performance_rating: 'float8',
      promotion: 'boolean',
      new_job_profile_id: 'bigint',
    },
    rows.map((r, index) => ({
      employee_id: people.ids[index],
      performance_rating: r.performanceRating,
      promotion: r.promotion ?? false,
      new_job_profile_id: r.newJobCode ? (profileIds.get(r.newJobCode) ?? null) : null,
    })),
    {
      columns: ['company_id', 'employee_id'],
      update: ['performance_rating', 'promotion', 'new_job_profile_id'],
    },
  )
  for (const move of people.keptMoves)
    await trx
      .updateTable('employee')
      .set({ team_id: move.teamId })
      .where('company_id', '=', c)
      .where('id', '=', move.id)
      .execute()
  await insertRows(
    trx,
    'team',
    c,
    { id: 'bigint', name: 'text', manager_id: 'bigint', planner_id: 'bigint', parent_team_id: 'bigint' },
    people.newTeams.map((t) => ({
      ...t,
      manager_id: t.managerId,
      planner_id: t.managerId,
      parent_team_id: t.parentTeamId,
    })),
  )
  for (const move of people.teamMoves)
    await trx
      .updateTable('team')
      .set({ parent_team_id: move.parentTeamId })
      .where('company_id', '=', c)
      .where('id', '=', move.id)
      .execute()
  for (const plan of plans) {
    const { newSalary, lumpSum, newDollarBonus, newPercentBonus } = plan.amounts
    await trx
      .updateTable('reward')
      .set({
        new_salary: newSalary,
        lump_sum: lumpSum,
        new_dollar_bonus: newDollarBonus,
        new_percent_bonus: newPercentBonus,
        updated_at: sql`now()`,
      })
      .where('company_id', '=', c)
      .where('employee_id', '=', plan.id)
      .execute()
    await trx
      .insertInto('reward_history')
      .values({
        company_id: c,
        employee_id: plan.id,
        user_id: who.userId,
        source: 'import',
        changes: JSON.stringify(plan.changes),
      })
      .execute()
  }
}

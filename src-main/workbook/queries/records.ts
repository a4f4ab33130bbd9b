import type { Transaction } from 'kysely'
import type {
  EmployeeField,
  JobProfileField,
  PayRangeField,
  RecordValue,
} from '../../../src-shared/domain/company-records'
import type { Workbook } from '../open'
import type { WorkbookDatabase } from '../schema'

/** An employee's editable fields as stored (money in cents; jobCode through the job profile). */
export type EmployeeValues = Record<EmployeeField, RecordValue>

export interface EmployeeRecordRow {
  id: number
  companyEmployeeId: string
  teamName: string | null
  managerName: string | null
  values: EmployeeValues
}

export function readEmployeeRecord(workbook: Workbook, employeeId: number): EmployeeRecordRow | null {
  const r = workbook.sqlite
    .prepare(
      `SELECT e.*, jp.job_code, t.name AS team_name, m.name AS manager_name
       FROM employee e
       LEFT JOIN job_profile jp ON jp.id = e.job_profile_id
       LEFT JOIN team t ON t.id = e.team_id
       LEFT JOIN employee m ON m.id = e.manager_id
       WHERE e.id = ?`,
    )
    .get(employeeId) as Record<string, string | number | null> | undefined
  if (!r) return null
  return {
    id: r.id as number,
    companyEmployeeId: r.company_employee_id as string,
    teamName: r.team_name as string | null,
    managerName: r.manager_name as string | null,
    values: {
      name: r.name as string,
      preferredName: r.preferred_name as string | null,
      email: r.email as string | null,
      jobTitle: r.job_title as string | null,
      jobCode: r.job_code as string | null,
      hireDate: r.hire_date as string | null,
      currentSalary: r.current_salary as number,
      currentPercentBonus: r.current_percent_bonus as number,
      currentDollarBonus: r.current_dollar_bonus as number,
      payCurrency: r.default_pay_currency as string,
      salaried: r.salaried === 1,
      fte: r.fte as number,
      gender: r.gender as string | null,
      race: r.race as string | null,
      age: r.age as number | null,
    },
  }
}

export const EMPLOYEE_COLUMN: Record<Exclude<EmployeeField, 'jobCode'>, string> = {
  name: 'name',
  preferredName: 'preferred_name',
  email: 'email',
  jobTitle: 'job_title',
  hireDate: 'hire_date',
  currentSalary: 'current_salary',
  currentPercentBonus: 'current_percent_bonus',
  currentDollarBonus: 'current_dollar_bonus',
  payCurrency: 'default_pay_currency',
  salaried: 'salaried',
  fte: 'fte',
  gender: 'gender',
  race: 'race',
  age: 'age',
}

export function employeeIdByCompanyId(workbook: Workbook, companyEmployeeId: string): number | null {
  const row = workbook.sqlite
    .prepare('SELECT id FROM employee WHERE company_employee_id = ?')
    .get(companyEmployeeId) as { id: number } | undefined
  return row?.id ?? null
}

export function jobProfileIdByCode(workbook: Workbook, jobCode: string): number | null {
  const row = workbook.sqlite.prepare('SELECT id FROM job_profile WHERE job_code = ?').get(jobCode) as
    { id: number } | undefined
  return row?.id ?? null
}

const stored = (value: RecordValue): string | number | null =>
  typeof value === 'boolean' ? (value ? 1 : 0) : value

export async function writeEmployee(
  trx: Transaction<WorkbookDatabase>,
  employeeId: number,
  changes: Partial<EmployeeValues>,
  jobProfileId: number | null | undefined,
): Promise<void> {
  const set: Record<string, string | number | null> = {}
  for (const [field, value] of Object.entries(changes) as [EmployeeField, RecordValue][]) {
    if (field !== 'jobCode') set[EMPLOYEE_COLUMN[field]] = stored(value)
  }
  if (jobProfileId !== undefined) set.job_profile_id = jobProfileId
  if (Object.keys(set).length === 0) return
  await trx
    .updateTable('employee')
    .set(set as never)
    .where('id', '=', employeeId)
    .execute()
}

export type PayRangeValues = Record<PayRangeField, RecordValue>

export interface PayRangeRow {
  id: number
  values: PayRangeValues
}

export function readPayRange(workbook: Workbook, id: number): PayRangeRow | null {
  const r = workbook.sqlite.prepare('SELECT * FROM pay_range WHERE id = ?').get(id) as
    | {
        id: number
        name: string
        min_pay: number
        mid_pay: number
        max_pay: number
        pay_currency: string
        salaried: number
      }
    | undefined
  return r
    ? {
        id: r.id,
        values: {
          name: r.name,
          minPay: r.min_pay,
          midPay: r.mid_pay,
          maxPay: r.max_pay,
          payCurrency: r.pay_currency,
          salaried: r.salaried === 1,
        },
      }
    : null
}

export function payRangeIdsByName(workbook: Workbook, name: string): number[] {
  return workbook.sqlite
    .prepare('SELECT id FROM pay_range WHERE name = ? ORDER BY id')
    .pluck()
    .all(name) as number[]
}

/** Every pay range with how many job profiles and employees use it. */
export function listPayRangeUsage(
  workbook: Workbook,
): { id: number; jobProfiles: number; employees: number }[] {
  return workbook.sqlite
    .prepare(
      `SELECT p.id,
         (SELECT COUNT(*) FROM job_profile jp WHERE jp.pay_range_id = p.id) AS jobProfiles,
         (SELECT COUNT(*) FROM employee e JOIN job_profile jp ON jp.id = e.job_profile_id
           WHERE jp.pay_range_id = p.id) AS employees
       FROM pay_range p ORDER BY p.id`,
    )
    .all() as { id: number; jobProfiles: number; employees: number }[]
}

export const PAY_RANGE_COLUMN: Record<PayRangeField, string> = {
  name: 'name',
  minPay: 'min_pay',
  midPay: 'mid_pay',
  maxPay: 'max_pay',
  payCurrency: 'pay_currency',
  salaried: 'salaried',
}

export async function writePayRange(
  trx: Transaction<WorkbookDatabase>,
  id: number,
  changes: Partial<PayRangeValues>,
): Promise<void> {
  const set: Record<string, string | number | null> = {}
  for (const [field, value] of Object.entries(changes) as [PayRangeField, RecordValue][])
    set[PAY_RANGE_COLUMN[field]] = stored(value)
  if (Object.keys(set).length === 0) return
  await trx
    .updateTable('pay_range')
    .set(set as never)
    .where('id', '=', id)
    .execute()
}

type SqlRow = Record<string, string | number | null>

/** Everything deleting an employee removes or unlinks, to keep in the change log and to restore. */
export interface EmployeeSnapshot {
  employee: SqlRow
  reward: SqlRow | null
  rewardHistory: SqlRow[]
  plannerSubmissions: SqlRow[]
  managedTeamIds: number[]
  plannedTeamIds: number[]
  reportIds: number[]
  plannedEmployeeIds: number[]
  userId: number | null
}

export function snapshotEmployee(workbook: Workbook, employeeId: number): EmployeeSnapshot | null {
  const db = workbook.sqlite
  const employee = db.prepare('SELECT * FROM employee WHERE id = ?').get(employeeId) as SqlRow | undefined
  if (!employee) return null
  const ids = (query: string) => db.prepare(query).pluck().all(employeeId) as number[]
  return {
    employee,
    reward:
      (db.prepare('SELECT * FROM reward WHERE employee_id = ?').get(employeeId) as SqlRow | undefined) ??
      null,
    rewardHistory: db
      .prepare('SELECT * FROM reward_history WHERE employee_id = ? ORDER BY id')
      .all(employeeId) as SqlRow[],
    plannerSubmissions: db
      .prepare('SELECT * FROM planner_submission WHERE planner_employee_id = ? ORDER BY id')
      .all(employeeId) as SqlRow[],
    managedTeamIds: ids('SELECT id FROM team WHERE manager_id = ?'),
    plannedTeamIds: ids('SELECT id FROM team WHERE planner_id = ?'),
    reportIds: ids('SELECT id FROM employee WHERE manager_id = ?'),
    plannedEmployeeIds: ids('SELECT id FROM employee WHERE planner_id = ?'),
    userId:
      (db.prepare('SELECT id FROM app_user WHERE employee_id = ?').pluck().get(employeeId) as
        number | undefined) ?? null,
  }
}

type LogEntry = Parameters<typeof appendChangeLogSync>[1]

/**
 * One transaction: the change-log entry (keeping the snapshot), then the delete (reward, history and
 * submissions go with the employee; references are cleared). Answers the entry's id.
 */
export function deleteEmployeeLogged(workbook: Workbook, employeeId: number, entry: LogEntry): number {
  return workbook.sqlite.transaction(() => {
    const logId = appendChangeLogSync(workbook, entry)
    workbook.sqlite.prepare('DELETE FROM employee WHERE id = ?').run(employeeId)
    return logId
  })()
}

export function restoreEmployeeLogged(workbook: Workbook, snapshot: EmployeeSnapshot, entry: LogEntry): void {
  workbook.sqlite.transaction(() => {
    restoreEmployeeRows(workbook, snapshot)
    appendChangeLogSync(workbook, entry)
  })()
}

function insertRow(workbook: Workbook, table: string, row: SqlRow, omit: readonly string[] = []): void {
  const columns = Object.keys(row).filter((c) => !omit.includes(c))
  workbook.sqlite
    .prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
    .run(...columns.map((c) => row[c]))
}

/**
 * Puts a deleted employee back with the same id, their reward, history and submissions, and the
 * links that still point nowhere (a team given another manager since keeps them). Refused when the
 * id or the Employee Id is taken again.
 */
function restoreEmployeeRows(workbook: Workbook, snapshot: EmployeeSnapshot): void {
  const db = workbook.sqlite
  const id = snapshot.employee.id as number
  insertRow(workbook, 'employee', snapshot.employee)
  if (snapshot.reward) insertRow(workbook, 'reward', snapshot.reward)
  for (const h of snapshot.rewardHistory) insertRow(workbook, 'reward_history', h, ['id'])
  for (const s of snapshot.plannerSubmissions) insertRow(workbook, 'planner_submission', s, ['id'])
  const relink = (query: string, ids: number[]) => {
    const statement = db.prepare(query)
    for (const other of ids) statement.run(id, other)
  }
  relink('UPDATE team SET manager_id = ? WHERE id = ? AND manager_id IS NULL', snapshot.managedTeamIds)
  relink('UPDATE team SET planner_id = ? WHERE id = ? AND planner_id IS NULL', snapshot.plannedTeamIds)
  relink('UPDATE employee SET manager_id = ? WHERE id = ? AND manager_id IS NULL', snapshot.reportIds)
  relink(
    'UPDATE employee SET planner_id = ? WHERE id = ? AND planner_id IS NULL',
    snapshot.plannedEmployeeIds,
  )
  if (snapshot.userId !== null) {
    db.prepare('UPDATE app_user SET employee_id = ? WHERE id = ? AND employee_id IS NULL').run(
      id,
      snapshot.userId,
    )
  }
}

export function employeeKeyTaken(workbook: Workbook, snapshot: EmployeeSnapshot): boolean {
  return (
    workbook.sqlite
      .prepare('SELECT 1 FROM employee WHERE id = ? OR company_employee_id = ?')
      .get(snapshot.employee.id, snapshot.employee.company_employee_id) !== undefined
  )
}

/** A change-log entry's old value (a deleted employee's snapshot). */
export function changeLogOldValue(
  workbook: Workbook,
  id: number,
  entity: string,
  action: string,
): string | null {
  const row = workbook.sqlite
    .prepare('SELECT old_value FROM change_log WHERE id = ? AND entity = ? AND action = ?')
    .get(id, entity, action) as { old_value: string | null } | undefined
  return row?.old_value ?? null
}

export function appendChangeLogSync(
  workbook: Workbook,
  entry: {
    at: string
    userId: number
    entity: string
    entityId: string
    action: string
    oldValue: unknown
    newValue: unknown
  },
): number {
  const result = workbook.sqlite
    .prepare(
      'INSERT INTO change_log (at, user_id, entity, entity_id, action, old_value, new_value) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .run(
      entry.at,
      entry.userId,
      entry.entity,
      entry.entityId,
      entry.action,
      entry.oldValue === null ? null : JSON.stringify(entry.oldValue),
      entry.newValue === null ? null : JSON.stringify(entry.newValue),
    )
  return Number(result.lastInsertRowid)
}

export type JobProfileValues = Record<JobProfileField, RecordValue>

export interface JobProfileRow {
  id: number
  jobCode: string
  values: JobProfileValues
  employees: number
}

const JOB_PROFILE_SELECT = `SELECT jp.id, jp.job_code, jp.job_profile, jp.job_family, jp.job_family_group,
    jp.exemption_status, p.name AS pay_range_name,
    (SELECT COUNT(*) FROM employee e WHERE e.job_profile_id = jp.id) AS employees
  FROM job_profile jp LEFT JOIN pay_range p ON p.id = jp.pay_range_id`

function toJobProfileRow(r: SqlRow): JobProfileRow {
  return {
    id: r.id as number,
    jobCode: r.job_code as string,
    employees: r.employees as number,
    values: {
      jobProfile: r.job_profile as string | null,
      jobFamily: r.job_family as string | null,
      jobFamilyGroup: r.job_family_group as string | null,
      exemptionStatus: r.exemption_status === 1,
      payRangeName: r.pay_range_name as string | null,
    },
  }
}

export function listJobProfileRows(workbook: Workbook): JobProfileRow[] {
  return (workbook.sqlite.prepare(`${JOB_PROFILE_SELECT} ORDER BY jp.job_code`).all() as SqlRow[]).map(
    toJobProfileRow,
  )
}

export function readJobProfile(workbook: Workbook, id: number): JobProfileRow | null {
  const row = workbook.sqlite.prepare(`${JOB_PROFILE_SELECT} WHERE jp.id = ?`).get(id) as SqlRow | undefined
  return row ? toJobProfileRow(row) : null
}

export async function writeJobProfile(
  trx: Transaction<WorkbookDatabase>,
  id: number,
  changes: Partial<JobProfileValues>,
  payRangeId: number | undefined,
): Promise<void> {
  const set: Record<string, string | number | null> = {}
  if (changes.jobProfile !== undefined) set.job_profile = stored(changes.jobProfile)
  if (changes.jobFamily !== undefined) set.job_family = stored(changes.jobFamily)
  if (changes.jobFamilyGroup !== undefined) set.job_family_group = stored(changes.jobFamilyGroup)
  if (changes.exemptionStatus !== undefined) set.exemption_status = stored(changes.exemptionStatus)
  if (payRangeId !== undefined) set.pay_range_id = payRangeId
  if (Object.keys(set).length === 0) return
  await trx
    .updateTable('job_profile')
    .set(set as never)
    .where('id', '=', id)
    .execute()
}

import type { Transaction } from 'kysely'
import type { EmployeeField, PayRangeField, RecordValue } from '../../../src-shared/domain/company-records'
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

const EMPLOYEE_COLUMN: Record<Exclude<EmployeeField, 'jobCode'>, string> = {
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

const PAY_RANGE_COLUMN: Record<PayRangeField, string> = {
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

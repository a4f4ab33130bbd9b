import { employeeJobField } from './job-fields'
import { plainMoney, type CanonicalValue } from '../../../src-shared/domain/csv-format'
import type { ImportField } from '../../../src-shared/domain/import-format'
import type { Workbook } from '../open'

interface ExportRow {
  employeeId: string
  employeeName: string
  preferredName: string | null
  email: string | null
  managerEmployeeId: string | null
  planner: string | null
  currentBasePay: number
  payCurrency: string
  salaried: number
  hireDate: string | null
  employmentStatus: string
  performanceRating: number | null
  promotion: number | null
  newJobCode: string | null
  dateOfLastIncrease: string | null
  reasonForLastIncrease: string
  gender: string | null
  race: string | null
  age: number | null
  jobCode: string | null
  jobProfile: string | null
  jobTitle: string | null
  jobFamily: string | null
  jobFamilyGroup: string | null
  exemptionStatus: number | null
  payRangeName: string | null
  minPay: number | null
  midPay: number | null
  maxPay: number | null
}

const EXPORT_SQL = `
  SELECT e.company_employee_id AS employeeId, e.name AS employeeName, e.preferred_name AS preferredName,
    e.email, m.company_employee_id AS managerEmployeeId, p.company_employee_id AS planner,
    e.current_salary AS currentBasePay, e.default_pay_currency AS payCurrency, e.salaried,
    e.hire_date AS hireDate, e.employment_status AS employmentStatus,
    r.performance_rating AS performanceRating, r.promotion, nj.job_code AS newJobCode,
    e.previous_increase_date AS dateOfLastIncrease, e.reason_for_last_increase AS reasonForLastIncrease,
    e.gender, e.race, e.age, j.job_code AS jobCode, ${employeeJobField('job_profile')} AS jobProfile, e.job_title AS jobTitle,
    ${employeeJobField('job_family')} AS jobFamily,
    ${employeeJobField('job_family_group')} AS jobFamilyGroup, j.exemption_status AS exemptionStatus,
    pr.name AS payRangeName, pr.min_pay AS minPay, pr.mid_pay AS midPay, pr.max_pay AS maxPay
  FROM employee e
  LEFT JOIN employee m ON m.id = e.manager_id
  LEFT JOIN employee p ON p.id = e.planner_id
  LEFT JOIN reward r ON r.employee_id = e.id
  LEFT JOIN job_profile nj ON nj.id = r.new_job_profile_id
  LEFT JOIN job_profile j ON j.id = e.job_profile_id
  LEFT JOIN pay_range pr ON pr.id = j.pay_range_id
  ORDER BY e.id`

const money = (cents: number | null) => (cents === null ? null : plainMoney(cents))
const bool = (value: number | null) => value === 1

/** Every employee in the import format's canonical values, streamed in id order. */
export function* exportRecords(workbook: Workbook): Generator<Record<ImportField, CanonicalValue>> {
  for (const row of workbook.sqlite.prepare(EXPORT_SQL).iterate() as IterableIterator<ExportRow>) {
    yield {
      ...row,
      currentBasePay: money(row.currentBasePay),
      salaried: bool(row.salaried),
      promotion: bool(row.promotion),
      exemptionStatus: bool(row.exemptionStatus),
      minPay: money(row.minPay),
      midPay: money(row.midPay),
      maxPay: money(row.maxPay),
    }
  }
}

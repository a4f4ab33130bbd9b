import { employeeJobField } from './job-fields'
import type { ImportRow } from '../../../src-shared/domain/import-format'
import type { StoredImportEmployee } from '../../../src-shared/domain/reimport-classification'
import type { Workbook } from '../open'

export type {
  ImportPlanWrite,
  StoredImportEmployee,
} from '../../../src-shared/domain/reimport-classification'

interface StoredRow {
  id: number
  fte: number | null
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
  employmentStatus: string | null
  performanceRating: number | null
  promotion: number | null
  newJobCode: string | null
  dateOfLastIncrease: string | null
  reasonForLastIncrease: string | null
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
  newSalary: number | null
  lumpSum: number | null
  newDollarBonus: number | null
  newPercentBonus: number | null
  performancePlan: number | null
  previousIncrease: string | null
}

const STORED_FIELDS: (keyof StoredRow)[] = [
  'id',
  'fte',
  'employeeId',
  'employeeName',
  'preferredName',
  'email',
  'managerEmployeeId',
  'planner',
  'currentBasePay',
  'payCurrency',
  'salaried',
  'hireDate',
  'employmentStatus',
  'performanceRating',
  'promotion',
  'newJobCode',
  'dateOfLastIncrease',
  'reasonForLastIncrease',
  'gender',
  'race',
  'age',
  'jobCode',
  'jobProfile',
  'jobTitle',
  'jobFamily',
  'jobFamilyGroup',
  'exemptionStatus',
  'payRangeName',
  'minPay',
  'midPay',
  'maxPay',
  'newSalary',
  'lumpSum',
  'newDollarBonus',
  'newPercentBonus',
  'performancePlan',
  'previousIncrease',
]

const STORED_SQL = `
  SELECT e.id, e.fte, e.company_employee_id AS employeeId, e.name AS employeeName,
    e.preferred_name AS preferredName, e.email, m.company_employee_id AS managerEmployeeId,
    p.company_employee_id AS planner, e.current_salary AS currentBasePay, e.default_pay_currency AS payCurrency,
    e.salaried, e.hire_date AS hireDate, e.employment_status AS employmentStatus,
    r.performance_rating AS performanceRating, r.promotion, nj.job_code AS newJobCode,
    e.previous_increase_date AS dateOfLastIncrease, e.reason_for_last_increase AS reasonForLastIncrease,
    e.gender, e.race, e.age, j.job_code AS jobCode, ${employeeJobField('job_profile')} AS jobProfile, e.job_title AS jobTitle,
    ${employeeJobField('job_family')} AS jobFamily,
    ${employeeJobField('job_family_group')} AS jobFamilyGroup, j.exemption_status AS exemptionStatus,
    pr.name AS payRangeName, pr.min_pay AS minPay, pr.mid_pay AS midPay, pr.max_pay AS maxPay,
    r.new_salary AS newSalary, r.lump_sum AS lumpSum, r.new_dollar_bonus AS newDollarBonus,
    r.new_percent_bonus AS newPercentBonus, r.performance_plan AS performancePlan,
    r.previous_increase AS previousIncrease
  FROM employee e
  LEFT JOIN employee m ON m.id = e.manager_id
  LEFT JOIN employee p ON p.id = e.planner_id
  LEFT JOIN reward r ON r.employee_id = e.id
  LEFT JOIN job_profile nj ON nj.id = r.new_job_profile_id
  LEFT JOIN job_profile j ON j.id = e.job_profile_id
  LEFT JOIN pay_range pr ON pr.id = j.pay_range_id`

/**
 * Every employee by Employee Id, in the import's terms (what an export would write, read back),
 * with the plan. Synchronous, so a commit reads and writes with nothing in between.
 */
export function storedImportEmployees(workbook: Workbook): Map<string, StoredImportEmployee> {
  const byId = new Map<string, StoredImportEmployee>()
  // Rows as arrays (raw): better-sqlite3 builds an array per row far faster than an object of 38
  // named properties, which was most of a 100k re-import's read (issue 41).
  const statement = workbook.sqlite.prepare(STORED_SQL).raw(true)
  const at = columnIndexes(statement.columns().map((c) => c.name))
  for (const cells of statement.iterate() as IterableIterator<unknown[]>) {
    const r = <K extends keyof StoredRow>(field: K) => cells[at[field]] as StoredRow[K]
    const values: ImportRow = {
      employeeId: r('employeeId'),
      employeeName: r('employeeName'),
      preferredName: r('preferredName'),
      email: r('email'),
      managerEmployeeId: r('managerEmployeeId'),
      planner: r('planner'),
      currentBasePay: r('currentBasePay'),
      payCurrency: r('payCurrency') as ImportRow['payCurrency'],
      salaried: r('salaried') === 1,
      hireDate: r('hireDate'),
      employmentStatus: r('employmentStatus'),
      performanceRating: r('performanceRating'),
      promotion: r('promotion') === 1,
      newJobCode: r('newJobCode'),
      dateOfLastIncrease: r('dateOfLastIncrease'),
      reasonForLastIncrease: r('reasonForLastIncrease'),
      gender: r('gender'),
      race: r('race'),
      age: r('age'),
      jobCode: r('jobCode'),
      jobProfile: r('jobProfile'),
      jobTitle: r('jobTitle'),
      jobFamily: r('jobFamily'),
      jobFamilyGroup: r('jobFamilyGroup'),
      exemptionStatus: r('exemptionStatus') === 1,
      payRangeName: r('payRangeName'),
      minPay: r('minPay'),
      midPay: r('midPay'),
      maxPay: r('maxPay'),
    }
    byId.set(r('employeeId'), {
      id: r('id'),
      fte: r('fte'),
      values,
      plan: {
        newSalary: r('newSalary'),
        lumpSum: r('lumpSum'),
        newDollarBonus: r('newDollarBonus'),
        newPercentBonus: r('newPercentBonus'),
        performancePlan: r('performancePlan') === 1,
        previousIncrease: r('previousIncrease'),
      },
    })
  }
  return byId
}

type ColumnIndexes = Record<keyof StoredRow, number>

/** Where each StoredRow field is in a raw row; a column the query lost is an error, not an undefined. */
function columnIndexes(names: string[]): ColumnIndexes {
  const at = {} as ColumnIndexes
  for (const field of STORED_FIELDS) {
    const index = names.indexOf(field)
    if (index < 0) throw new Error(`The stored-employees query has no column ${field}.`)
    at[field] = index
  }
  return at
}

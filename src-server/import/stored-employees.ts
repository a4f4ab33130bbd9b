import { sql, type Transaction } from 'kysely'
import type { ImportRow } from '../../src-shared/domain/import-format'
import type { StoredImportEmployee } from '../../src-shared/domain/reimport-classification'
import type { ServerDatabase } from '../db/schema'

type Trx = Transaction<ServerDatabase>

/** Every employee of the company in the import's terms, with their plan (as the desktop's import-stored.ts). */
export async function storedEmployees(
  trx: Trx,
  companyId: number,
): Promise<Map<string, StoredImportEmployee>> {
  const { rows } = await sql<{
    id: number
    fte: number | null
    employee_id: string
    name: string
    preferred_name: string | null
    email: string | null
    manager_code: string | null
    planner_code: string | null
    current_salary: number
    default_pay_currency: string
    salaried: boolean
    hire_date: string | null
    employment_status: string | null
    performance_rating: number | null
    promotion: boolean | null
    new_job_code: string | null
    previous_increase_date: string | null
    reason_for_last_increase: string | null
    gender: string | null
    race: string | null
    age: number | null
    job_code: string | null
    job_profile: string | null
    job_title: string | null
    job_family: string | null
    job_family_group: string | null
    exemption_status: boolean | null
    range_name: string | null
    min_pay: number | null
    mid_pay: number | null
    max_pay: number | null
    new_salary: number | null
    lump_sum: number | null
    new_dollar_bonus: number | null
    new_percent_bonus: number | null
    performance_plan: boolean | null
    previous_increase: string | null
  }>`
    SELECT e.id, e.fte, e.company_employee_id AS employee_id, e.name, e.preferred_name, e.email,
      m.company_employee_id AS manager_code, p.company_employee_id AS planner_code, e.current_salary,
      e.default_pay_currency, e.salaried, e.hire_date, e.employment_status, r.performance_rating, r.promotion,
      nj.job_code AS new_job_code, e.previous_increase_date, e.reason_for_last_increase, e.gender, e.race, e.age,
      j.job_code, j.job_profile, e.job_title, j.job_family, j.job_family_group, j.exemption_status,
      pr.name AS range_name, pr.min_pay, pr.mid_pay, pr.max_pay, r.new_salary, r.lump_sum, r.new_dollar_bonus,
      r.new_percent_bonus, r.performance_plan, r.previous_increase
    FROM employee e
    LEFT JOIN employee m ON m.company_id = e.company_id AND m.id = e.manager_id
    LEFT JOIN employee p ON p.company_id = e.company_id AND p.id = e.planner_id
    LEFT JOIN reward r ON r.company_id = e.company_id AND r.employee_id = e.id
    LEFT JOIN job_profile nj ON nj.company_id = e.company_id AND nj.id = r.new_job_profile_id
    LEFT JOIN job_profile j ON j.company_id = e.company_id AND j.id = e.job_profile_id
    LEFT JOIN pay_range pr ON pr.company_id = e.company_id AND pr.id = j.pay_range_id
    WHERE e.company_id = ${companyId}`.execute(trx)
  const byId = new Map<string, StoredImportEmployee>()
  for (const r of rows) {
    const values: ImportRow = {
      employeeId: r.employee_id,
      employeeName: r.name,
      preferredName: r.preferred_name,
      email: r.email,
      managerEmployeeId: r.manager_code,
      planner: r.planner_code,
      currentBasePay: r.current_salary,
      payCurrency: r.default_pay_currency as ImportRow['payCurrency'],
      salaried: r.salaried,
      hireDate: r.hire_date,
      employmentStatus: r.employment_status,
      performanceRating: r.performance_rating,
      promotion: r.promotion ?? false,
      newJobCode: r.new_job_code,
      dateOfLastIncrease: r.previous_increase_date,
      reasonForLastIncrease: r.reason_for_last_increase,
      gender: r.gender,
      race: r.race,
      age: r.age,
      jobCode: r.job_code,
      jobProfile: r.job_profile,
      jobTitle: r.job_title,
      jobFamily: r.job_family,
      jobFamilyGroup: r.job_family_group,
      exemptionStatus: r.exemption_status ?? false,
      payRangeName: r.range_name,
      minPay: r.min_pay,
      midPay: r.mid_pay,
      maxPay: r.max_pay,
    }
    byId.set(r.employee_id, {
      id: r.id,
      fte: r.fte,
      values,
      plan: {
        newSalary: r.new_salary,
        lumpSum: r.lump_sum,
        newDollarBonus: r.new_dollar_bonus,
        newPercentBonus: r.new_percent_bonus,
        performancePlan: r.performance_plan ?? false,
        previousIncrease: r.previous_increase,
      },
    })
  }
  return byId
}

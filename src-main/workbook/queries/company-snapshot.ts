import { companySnapshotSchema, type CompanySnapshot } from '../../../src-shared/contract/company-snapshot'
import type { Workbook } from '../open'

type Row = Record<string, unknown>

const flags = (row: Row, keys: readonly string[]): Row => {
  const out = { ...row }
  for (const key of keys) out[key] = row[key] === 1 || row[key] === true
  return out
}

/**
 * The whole company in the server's shape (publish): every table read in one pass, flags as booleans,
 * JSON columns parsed, and the result checked by the same schema the server checks it with.
 */
export function readCompanySnapshot(workbook: Workbook): CompanySnapshot {
  const all = (query: string) => workbook.sqlite.prepare(query).all() as Row[]
  const snapshot = {
    payCycles: all(
      'SELECT id, name, active, effective_date, company_merit_budget, default_currency, currency_conversions, settings FROM pay_cycle ORDER BY id',
    ).map((r) => ({
      ...flags(r, ['active']),
      currency_conversions: JSON.parse(String(r.currency_conversions)),
      settings: JSON.parse(String(r.settings)),
    })),
    payRanges: all(
      'SELECT id, name, min_pay, mid_pay, max_pay, pay_currency, salaried FROM pay_range ORDER BY id',
    ).map((r) => flags(r, ['salaried'])),
    jobProfiles: all(
      'SELECT id, job_code, job_profile, job_family, job_family_group, exemption_status, pay_range_id FROM job_profile ORDER BY id',
    ).map((r) => flags(r, ['exemption_status'])),
    teams: all(
      'SELECT id, name, parent_team_id, manager_id, planner_id, budget, budget_currency, calculated_budget, recommended_budget FROM team ORDER BY id',
    ),
    employees: all(
      `SELECT id, company_employee_id, name, preferred_name, email, job_title, job_profile_id, fte, salaried, hire_date,
              current_salary, default_pay_currency, current_dollar_bonus, current_percent_bonus, gender, race, age,
              department, location, employment_status, previous_increase_date, reason_for_last_increase, team_id, manager_id, planner_id, pay_cycle_id
       FROM employee ORDER BY id`,
    ).map((r) => flags(r, ['salaried'])),
    rewards: all(
      `SELECT employee_id, new_salary, new_dollar_bonus, new_percent_bonus, new_job_profile_id, recommended_increase,
              recommended_increase_per, lump_sum, comments, performance_rating, performance_plan, promotion,
              previous_increase, hyperbalance_annual_allocated_budget
       FROM reward ORDER BY employee_id`,
    ).map((r) => flags(r, ['performance_plan', 'promotion'])),
    submissions: all(
      'SELECT planner_employee_id, pay_cycle_id, submission_type, comments FROM planner_submission ORDER BY id',
    ),
    users: all(
      'SELECT u.email, u.name, r.name AS role, u.employee_id FROM app_user u JOIN role r ON r.id = u.role_id ORDER BY u.id',
    ),
  }
  return companySnapshotSchema.parse(snapshot)
}

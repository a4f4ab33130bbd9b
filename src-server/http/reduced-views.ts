import { readsCompanyData } from '../../src-shared/contract/route-access'
import type { RoleName } from '../../src-shared/domain/roles'

/**
 * What a role without the company's pay (COMM_MANAGER, EMPLOYEE; see `companyData`) reads of rows
 * the planning roles read whole: the route access table lets it in, these leave the pay out.
 */
type Employee = {
  id: number
  company_employee_id: string
  name: string
  preferred_name: string | null
  email: string | null
  job_title: string | null
  team_id: number | null
}

/** Whom statements go to: names, e-mails and teams, not pay or demographics. */
export function employeesFor<E extends Employee>(role: RoleName, rows: readonly E[]): (E | Employee)[] {
  if (readsCompanyData(role)) return [...rows]
  return rows.map(({ id, company_employee_id, name, preferred_name, email, job_title, team_id }) => ({
    id,
    company_employee_id,
    name,
    preferred_name,
    email,
    job_title,
    team_id,
  }))
}

type PayCycle = {
  id: number
  name: string
  active: boolean
  effective_date: unknown
  default_currency: string
  updated_at: unknown
  closed_at: unknown
}

/** Which cycles there are, without the budget, the rates, the settings or the matrix. */
export function payCyclesFor<C extends PayCycle>(role: RoleName, rows: readonly C[]): (C | PayCycle)[] {
  if (readsCompanyData(role)) return [...rows]
  return rows.map(({ id, name, active, effective_date, default_currency, updated_at, closed_at }) => ({
    id,
    name,
    active,
    effective_date,
    default_currency,
    updated_at,
    closed_at,
  }))
}

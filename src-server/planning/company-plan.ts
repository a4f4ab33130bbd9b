import type { PayCycleDto } from '../../src-shared/contract'
import { withDefaultRate } from '../../src-shared/domain/currency-conversion'
import { buildTeamTree, type TeamTree } from '../../src-shared/domain/hierarchy'
import {
  annualPay,
  rangeOnPayBasis,
  type PayRangeBounds,
  type RangeOnPayBasis,
} from '../../src-shared/domain/pay'
import { currentPayCycle } from '../../src-shared/domain/pay-cycles'
import { proration, type ProrationResult } from '../../src-shared/domain/proration'
import {
  DEFAULT_SETTINGS,
  type CurrencyConversions,
  type PayCycleSettings,
} from '../../src-shared/domain/settings'
import type { CurrencyContext } from '../../src-shared/domain/violations'
import type { ServerDb } from '../db/connect'
import type { PayCycleTable } from '../db/schema'
import type { Selectable } from 'kysely'

// pg answers TIMESTAMPTZ as a Date.
const isoOf = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value))

/** A stored pay cycle as the desktop's rules read it: settings over the defaults, the default currency's rate. */
export function payCycleDto(row: Selectable<PayCycleTable>): PayCycleDto {
  const settings = (row.settings ?? {}) as Partial<PayCycleSettings>
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    effectiveDate: row.effective_date,
    companyMeritBudget: row.company_merit_budget,
    defaultCurrency: row.default_currency,
    currencyConversions: withDefaultRate(
      row.default_currency,
      row.currency_conversions as CurrencyConversions,
    ),
    settings: { ...DEFAULT_SETTINGS, ...settings },
    updatedAt: isoOf(row.updated_at),
    closedAt: row.closed_at ? isoOf(row.closed_at) : null,
    ratesAsOf: null,
  }
}

/** The cycle planning runs in (pay-cycles.ts `currentPayCycle`: the active one, else the one closed last). */
export async function currentCycle(db: ServerDb, companyId: number): Promise<PayCycleDto | null> {
  const rows = await db
    .selectFrom('pay_cycle')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute()
  return currentPayCycle(rows.map(payCycleDto))
}

/** One employee with their reward, and what the shared rules derive from them. */
export interface PlanEmployee {
  id: number
  companyEmployeeId: string
  name: string
  teamId: number | null
  payCycleId: number | null
  salaried: boolean
  fte: number
  defaultPayCurrency: string
  performanceRating: number | null
  performancePlan: boolean
  allocated: number | null
  /** pay.ts `annualPay`. */
  currentAnnualPay: number
  /** pay.ts `rangeOnPayBasis` of the job profile's range; null without one or without a rate. */
  bounds: RangeOnPayBasis | null
  /** proration.ts `proration`. */
  proration: ProrationResult
}

export interface PlanTeam {
  id: number
  name: string
  parentTeamId: number | null
  managerId: number | null
  plannerId: number | null
}

/** What calculate-budget and calculate-matrix read of a company: the current cycle, every employee, the teams. */
export interface CompanyPlan {
  cycle: PayCycleDto
  currency: CurrencyContext
  employees: PlanEmployee[]
  teams: PlanTeam[]
  tree: TeamTree
}

/** Each job profile's pay range (null: no profile, or a profile without a range), read once. */
export async function profileRanges(
  db: ServerDb,
  companyId: number,
): Promise<(profileId: number | null) => PayRangeBounds | null> {
  const [ranges, profiles] = await Promise.all([
    db.selectFrom('pay_range').selectAll().where('company_id', '=', companyId).execute(),
    db.selectFrom('job_profile').select(['id', 'pay_range_id']).where('company_id', '=', companyId).execute(),
  ])
  const rangeById = new Map<number, PayRangeBounds>(
    ranges.map((r) => [
      r.id,
      {
        minPay: r.min_pay,
        midPay: r.mid_pay,
        maxPay: r.max_pay,
        payCurrency: r.pay_currency,
        salaried: r.salaried,
      },
    ]),
  )
  const rangeOfProfile = new Map(profiles.map((p) => [p.id, p.pay_range_id]))
  return (profileId) => {
    const rangeId = profileId == null ? null : rangeOfProfile.get(profileId)
    return rangeId == null ? null : (rangeById.get(rangeId) ?? null)
  }
}

/**
 * The company as the desktop's table model holds it, built with the same shared rules (annual pay,
 * the range on the employee's pay basis, proration), so the engines see the same rows on both. Null
 * when the company has no pay cycle.
 */
export async function loadCompanyPlan(db: ServerDb, companyId: number): Promise<CompanyPlan | null> {
  const cycle = await currentCycle(db, companyId)
  if (!cycle) return null
  const currency: CurrencyContext = {
    defaultCurrency: cycle.defaultCurrency,
    rates: cycle.currencyConversions,
  }
  const [rows, teams, rangeOfProfile] = await Promise.all([
    db
      .selectFrom('employee as e')
      .leftJoin('reward as r', (join) =>
        join.onRef('r.company_id', '=', 'e.company_id').onRef('r.employee_id', '=', 'e.id'),
      )
      .select([
        'e.id',
        'e.company_employee_id',
        'e.name',
        'e.team_id',
        'e.pay_cycle_id',
        'e.job_profile_id',
        'e.salaried',
        'e.fte',
        'e.hire_date',
        'e.current_salary',
        'e.default_pay_currency',
        'e.previous_increase_date',
        'r.performance_rating',
        'r.performance_plan',
        'r.previous_increase',
        'r.hyperbalance_annual_allocated_budget',
      ])
      .where('e.company_id', '=', companyId)
      .orderBy('e.id')
      .execute(),
    db
      .selectFrom('team')
      .select(['id', 'name', 'parent_team_id', 'manager_id', 'planner_id'])
      .where('company_id', '=', companyId)
      .orderBy('id')
      .execute(),
    profileRanges(db, companyId),
  ])
  const employees = rows.map((r): PlanEmployee => {
    const range = rangeOfProfile(r.job_profile_id)
    const employee = {
      id: r.id,
      currentSalary: r.current_salary,
      salaried: r.salaried,
      fte: r.fte,
      defaultPayCurrency: r.default_pay_currency,
      hireDate: r.hire_date,
      previousIncreaseDate: r.previous_increase_date,
    }
    const performancePlan = r.performance_plan ?? false
    return {
      id: r.id,
      companyEmployeeId: r.company_employee_id,
      name: r.name,
      teamId: r.team_id,
      payCycleId: r.pay_cycle_id,
      salaried: r.salaried,
      fte: r.fte,
      defaultPayCurrency: r.default_pay_currency,
      performanceRating: r.performance_rating,
      performancePlan,
      allocated: r.hyperbalance_annual_allocated_budget,
      currentAnnualPay: annualPay(r.current_salary, r.salaried, r.fte),
      bounds: range ? rangeOnPayBasis(range, employee, currency.rates) : null,
      proration: proration({
        employee,
        reward: { performancePlan, previousIncrease: r.previous_increase },
        payRange: range,
        settings: cycle.settings,
        currency,
      }),
    }
  })
  const planTeams = teams.map((t) => ({
    id: t.id,
    name: t.name,
    parentTeamId: t.parent_team_id,
    managerId: t.manager_id,
    plannerId: t.planner_id,
  }))
  return { cycle, currency, employees, teams: planTeams, tree: buildTeamTree(planTeams) }
}

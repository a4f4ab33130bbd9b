import { withDefaultRate } from '../../src-shared/domain/currency-conversion'
import {
  annualPay,
  positionBetween,
  rangeOnPayBasis,
  salaryIncreasePercent,
  type PayRangeBounds,
  type RangeOnPayBasis,
} from '../../src-shared/domain/pay'
import { performanceRatingLabel } from '../../src-shared/domain/ratings'
import { bonusCents } from '../../src-shared/domain/violations'
import { promotionOf, type StatementFacts } from '../../src-shared/domain/statements/facts'
import type { ServerDb } from '../db/connect'
import { currentCycle, profileRanges } from '../planning/company-plan'

/** A range and its bounds on the employee's pay basis (the desktop's table: `rules.rangeFor`). */
interface RangeOf {
  range: PayRangeBounds
  bounds: RangeOnPayBasis | null
}

/**
 * Statement figures of employees as the desktop's Compensation Table gives them
 * (src-main/services/statements/facts.ts over its table model), from the server's rows with the same
 * shared rules: annual pay, the range on the employee's pay basis (the new job profile's when one is
 * planned), compa-ratio and position in range, the planned bonus. Employees not found are left out.
 */
export async function statementFactsOf(
  db: ServerDb,
  companyId: number,
  employeeIds: readonly number[],
  createdAt: string,
): Promise<Map<number, StatementFacts>> {
  const facts = new Map<number, StatementFacts>()
  if (employeeIds.length === 0) return facts
  const [cycle, rows, rangeOfProfile] = await Promise.all([
    currentCycle(db, companyId),
    db
      .selectFrom('employee as e')
      .leftJoin('reward as r', (join) =>
        join.onRef('r.company_id', '=', 'e.company_id').onRef('r.employee_id', '=', 'e.id'),
      )
      .leftJoin('employee as m', (join) =>
        join.onRef('m.company_id', '=', 'e.company_id').onRef('m.id', '=', 'e.manager_id'),
      )
      .leftJoin('team as t', (join) =>
        join.onRef('t.company_id', '=', 'e.company_id').onRef('t.id', '=', 'e.team_id'),
      )
      .leftJoin('job_profile as np', (join) =>
        join.onRef('np.company_id', '=', 'e.company_id').onRef('np.id', '=', 'r.new_job_profile_id'),
      )
      .select([
        'e.id',
        'e.company_employee_id',
        'e.name',
        'e.job_title',
        'e.job_profile_id',
        'e.department',
        'e.location',
        'e.hire_date',
        'e.salaried',
        'e.fte',
        'e.current_salary',
        'e.default_pay_currency',
        'e.current_dollar_bonus',
        'e.current_percent_bonus',
        'm.name as manager_name',
        't.name as team_name',
        'r.new_salary',
        'r.new_dollar_bonus',
        'r.new_percent_bonus',
        'r.new_job_profile_id',
        'r.lump_sum',
        'r.performance_rating',
        'np.id as new_profile_id',
        'np.job_profile as new_profile_name',
        'np.job_code as new_profile_code',
      ])
      .where('e.company_id', '=', companyId)
      .where('e.id', 'in', employeeIds)
      .execute(),
    profileRanges(db, companyId),
  ])
  const rates = cycle ? cycle.currencyConversions : withDefaultRate('USD', {})
  const rangeFor = (
    profileId: number | null,
    employee: { defaultPayCurrency: string; fte: number },
  ): RangeOf | null => {
    const range = rangeOfProfile(profileId)
    return range ? { range, bounds: rangeOnPayBasis(range, employee, rates) } : null
  }
  const compa = (pay: number, of: RangeOf | null) =>
    of?.bounds && of.range.midPay > 0 && of.bounds.mid > 0 ? pay / of.bounds.mid : null
  const bands = cycle?.settings.performanceRatings ?? []

  for (const e of rows) {
    const basis = { defaultPayCurrency: e.default_pay_currency, fte: e.fte }
    const current = annualPay(e.current_salary, e.salaried, e.fte)
    const newSalary = e.new_salary ?? null
    const next = newSalary === null ? current : annualPay(newSalary, e.salaried, e.fte)
    const range = rangeFor(e.job_profile_id, basis)
    const newRange = e.new_job_profile_id != null ? rangeFor(e.new_job_profile_id, basis) : range
    const planned = e.new_dollar_bonus != null || e.new_percent_bonus != null
    const dollar = e.new_dollar_bonus ?? e.current_dollar_bonus ?? 0
    const percent = e.new_percent_bonus ?? e.current_percent_bonus ?? 0
    const rating = e.performance_rating ?? null
    const bounds = newRange?.bounds ?? null
    facts.set(e.id, {
      employeeId: e.company_employee_id,
      name: e.name,
      jobTitle: e.job_title,
      performanceRating: rating,
      performanceRatingLabel: performanceRatingLabel(rating, bands),
      department: e.department ?? e.team_name ?? null,
      manager: e.manager_name ?? null,
      location: e.location,
      hireDate: e.hire_date,
      effectiveDate: cycle?.effectiveDate ?? null,
      createdAt,
      currency: e.default_pay_currency,
      currentAnnualPay: current,
      newAnnualPay: next,
      increasePercent: newSalary === null ? null : salaryIncreasePercent(next, current),
      currentBonus: bonusCents(e.current_dollar_bonus, e.current_percent_bonus, current),
      newBonus: planned ? bonusCents(dollar, percent, next) : null,
      lumpSum: e.lump_sum ?? null,
      currentCompaRatio: compa(current, range),
      newCompaRatio: compa(next, newRange),
      currentPositionInRange: range?.bounds
        ? positionBetween(current, range.bounds.min, range.bounds.max)
        : null,
      newPositionInRange: bounds ? positionBetween(next, bounds.min, bounds.max) : null,
      payRange: bounds ? { min: bounds.min, mid: bounds.mid, max: bounds.max } : null,
      promotion: promotionOf(
        e.job_profile_id,
        e.new_profile_id == null
          ? null
          : {
              id: e.new_profile_id,
              jobProfile: e.new_profile_name ?? null,
              jobCode: e.new_profile_code ?? '',
            },
        bounds ? { min: bounds.min, mid: bounds.mid, max: bounds.max } : null,
      ),
    })
  }
  return facts
}

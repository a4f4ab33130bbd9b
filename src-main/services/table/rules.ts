import type { PayCycleDto } from '../../../src-shared/contract'
import { rangeOnPayBasis, type PayRangeBounds, type RangeOnPayBasis } from '../../../src-shared/domain/pay'
import {
  isoDay,
  prorationOfPay,
  prorationRuleDate,
  prorationRuleReason,
  type ProrationDates,
  type ProrationResult,
} from '../../../src-shared/domain/proration'
import type { PayCycleSettings, ProrationRule } from '../../../src-shared/domain/settings'
import {
  annualRangeFor,
  payViolations,
  type AnnualRange,
  type CurrencyContext,
  type Violation,
} from '../../../src-shared/domain/violations'
import type { TableEmployee } from '../../workbook/queries/table'

/**
 * The per-row rules of `evaluatePlan` (plan-evaluation.ts) for the table model: the domain's own
 * functions (`payViolations`, `prorationOfPay`, `annualRangeFor`, `rangeOnPayBasis`) on amounts
 * the model works out once per row, with their costly parts memoised so a company of 100,000 is
 * evaluated in a few hundred milliseconds: a range on an employee's pay basis depends only on
 * (range, pay currency, fte), and a proration rule's reason only on (rule, date).
 * tests/integration/table-model.test.ts checks every row against `evaluatePlan`.
 */

export interface RangeEntry {
  range: PayRangeBounds
  /** The range on the employee's annual pay basis (pay.ts); null when its currency cannot be converted. */
  bounds: RangeOnPayBasis | null
  /** The same with empty bounds as null (violations.ts `annualRangeFor`). */
  annual: AnnualRange | null
}

export class RowRules {
  readonly settings: PayCycleSettings
  readonly currency: CurrencyContext
  private readonly ranges: ReadonlyMap<number, PayRangeBounds>
  private readonly rangeOfProfile: ReadonlyMap<number, number | null>
  private readonly entries = new Map<string, RangeEntry | null>()
  private readonly memoRules: ReadonlyMap<ProrationRule, MemoRule>
  /** prorationRuleReason, memoised per rule and date. */
  private readonly ruleReason = (rule: ProrationRule, dates: ProrationDates): string | null => {
    const memo = this.memoRules.get(rule)
    return memo ? memo.reason(prorationRuleDate(rule, dates)) : prorationRuleReason(rule, dates)
  }

  constructor(
    payCycle: PayCycleDto,
    payRanges: readonly (PayRangeBounds & { id: number })[],
    jobProfiles: readonly { id: number; payRangeId: number | null }[],
  ) {
    this.settings = payCycle.settings
    this.currency = { defaultCurrency: payCycle.defaultCurrency, rates: payCycle.currencyConversions }
    this.ranges = new Map(payRanges.map((r) => [r.id, r]))
    this.rangeOfProfile = new Map(jobProfiles.map((j) => [j.id, j.payRangeId]))
    this.memoRules = new Map(this.settings.prorationRules.map((rule) => [rule, new MemoRule(rule)]))
  }

  hasJobProfile(id: number): boolean {
    return this.rangeOfProfile.has(id)
  }

  /** The pay range of a job profile on the employee's pay basis; null without one. */
  rangeFor(jobProfileId: number | null, employee: TableEmployee): RangeEntry | null {
    const rangeId = jobProfileId == null ? null : this.rangeOfProfile.get(jobProfileId)
    if (rangeId == null) return null
    const key = `${rangeId}|${employee.defaultPayCurrency}|${employee.fte}`
    let entry = this.entries.get(key)
    if (entry === undefined) {
      const range = this.ranges.get(rangeId)
      entry = range
        ? {
            range,
            bounds: rangeOnPayBasis(range, employee, this.currency.rates),
            annual: annualRangeFor(employee, range, this.currency),
          }
        : null
      this.entries.set(key, entry)
    }
    return entry
  }

  /** violations.ts `payViolations` against `range` (the new job profile's when one is planned). */
  violations(current: number, next: number, range: RangeEntry | null): Violation[] {
    return payViolations(current, next, range?.annual ?? null, this.settings)
  }

  /** proration.ts `prorationOfPay` against the current range. */
  proration(employee: TableEmployee, currentAnnualPay: number, range: RangeEntry | null): ProrationResult {
    return prorationOfPay(
      {
        currentAnnualPay,
        rangeMin: range?.annual?.min ?? null,
        performancePlan: employee.performancePlan,
        dates: {
          hireDate: employee.hireDate,
          previousIncreaseDate: employee.previousIncrease ?? employee.previousIncreaseDate,
        },
      },
      this.settings,
      this.ruleReason,
    )
  }
}

const ISO_DAY_TEXT = /^\d{4}-\d{2}-\d{2}/

/**
 * One proration rule with its reasons memoised per date. A date written as an ISO day outside the
 * rule's range cannot match (proration.ts compares ISO days as text), so it skips the domain call;
 * every other date gets `prorationRuleReason` itself.
 */
class MemoRule {
  private readonly low: string | null
  private readonly high: string | null
  private readonly reasons = new Map<string, string | null>()

  constructor(readonly rule: ProrationRule) {
    const ends = (Array.isArray(rule.date) ? rule.date : [rule.date]).map((d) => isoDay(d))
    const known = ends.every((d) => d !== null) ? (ends as string[]).sort() : null
    this.low = known ? known[0] : null
    this.high = known && rule.comparison === 'between' ? known[known.length - 1] : null
  }

  reason(date: string | null): string | null {
    if (date === null) return null
    if (ISO_DAY_TEXT.test(date) && this.low !== null) {
      const day = date.slice(0, 10)
      if (day < this.low || (this.high !== null && day > this.high)) return null
    }
    let reason = this.reasons.get(date)
    if (reason === undefined) {
      reason = prorationRuleReason(this.rule, { hireDate: date, previousIncreaseDate: date })
      this.reasons.set(date, reason)
    }
    return reason
  }
}

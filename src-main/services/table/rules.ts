import type { PayCycleDto } from '../../../src-shared/contract'
import { rangeOnPayBasis, type PayRangeBounds, type RangeOnPayBasis } from '../../../src-shared/domain/pay'
import {
  clampPercent,
  FULL_PRORATION,
  isoDay,
  PERFORMANCE_PLAN_REASON,
  prorationRuleReason,
  type ProrationResult,
} from '../../../src-shared/domain/proration'
import type { PayCycleSettings, ProrationRule } from '../../../src-shared/domain/settings'
import {
  annualRangeFor,
  ruleSeverity,
  VIOLATION_MESSAGES,
  type AnnualRange,
  type CurrencyContext,
  type Violation,
} from '../../../src-shared/domain/violations'
import type { TableEmployee } from '../../workbook/queries/table'

/**
 * The per-row rules of `evaluatePlan` (plan-evaluation.ts) with their costly parts memoised, so a
 * company of 100,000 is evaluated in a few hundred milliseconds: a range on an employee's pay basis
 * depends only on (range, pay currency, fte), and a proration rule's reason only on (rule, date).
 * The results are the domain's own (`annualRangeFor`, `rangeOnPayBasis`, `prorationRuleReason`,
 * `ruleSeverity`); tests/integration/table-model.test.ts checks every row against `evaluatePlan`.
 */

export interface RangeEntry {
  range: PayRangeBounds
  /** The range on the employee's annual pay basis (pay.ts); null when its currency cannot be converted. */
  bounds: RangeOnPayBasis | null
  /** The same with empty bounds as null (violations.ts `annualRangeFor`). */
  annual: AnnualRange | null
}

type RowRule = 'negativePayChange' | 'newSalaryIsBelowMinimumOfPayRange' | 'newSalaryIsAboveMaximumOfPayRange'

const NO_VIOLATIONS: readonly Violation[] = Object.freeze([])
/** Shared by every row nothing prorates (most of them); never mutated. */
const NOT_PRORATED: ProrationResult = Object.freeze({
  percent: 0,
  fullyProrated: false,
  reasons: Object.freeze([]) as unknown as string[],
  skippedForPayMin: false,
})

export class RowRules {
  readonly settings: PayCycleSettings
  readonly currency: CurrencyContext
  private readonly ranges: ReadonlyMap<number, PayRangeBounds>
  private readonly rangeOfProfile: ReadonlyMap<number, number | null>
  private readonly entries = new Map<string, RangeEntry | null>()
  private readonly prorationRules: readonly MemoRule[]
  private readonly severities: Record<RowRule, Violation | null>

  constructor(
    payCycle: PayCycleDto,
    payRanges: readonly (PayRangeBounds & { id: number })[],
    jobProfiles: readonly { id: number; payRangeId: number | null }[],
  ) {
    this.settings = payCycle.settings
    this.currency = { defaultCurrency: payCycle.defaultCurrency, rates: payCycle.currencyConversions }
    this.ranges = new Map(payRanges.map((r) => [r.id, r]))
    this.rangeOfProfile = new Map(jobProfiles.map((j) => [j.id, j.payRangeId]))
    this.prorationRules = this.settings.prorationRules
      .map((rule) => new MemoRule(rule))
      .filter((rule) => rule.amount > 0)
    const make = (rule: RowRule): Violation | null => {
      const severity = ruleSeverity(rule, this.settings.plannerViolations)
      return severity ? Object.freeze({ rule, severity, message: VIOLATION_MESSAGES[rule] }) : null
    }
    this.severities = {
      negativePayChange: make('negativePayChange'),
      newSalaryIsBelowMinimumOfPayRange: make('newSalaryIsBelowMinimumOfPayRange'),
      newSalaryIsAboveMaximumOfPayRange: make('newSalaryIsAboveMaximumOfPayRange'),
    }
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

  /** violations.ts `rowViolations` against `range` (the new job profile's when a promotion is planned). */
  violations(current: number, next: number, range: RangeEntry | null): readonly Violation[] {
    const annual = range?.annual ?? null
    const { negativePayChange, newSalaryIsBelowMinimumOfPayRange, newSalaryIsAboveMaximumOfPayRange } =
      this.severities
    let found: Violation[] | null = null
    if (negativePayChange && next - current < 0) (found ??= []).push(negativePayChange)
    if (
      newSalaryIsBelowMinimumOfPayRange &&
      this.settings.prioritizePayMin !== false &&
      annual?.min != null &&
      next < annual.min
    ) {
      ;(found ??= []).push(newSalaryIsBelowMinimumOfPayRange)
    }
    if (newSalaryIsAboveMaximumOfPayRange && annual?.max != null && next > annual.max && next > current) {
      ;(found ??= []).push(newSalaryIsAboveMaximumOfPayRange)
    }
    return found ?? NO_VIOLATIONS
  }

  /** proration.ts `proration` against the current range. */
  proration(employee: TableEmployee, currentAnnualPay: number, range: RangeEntry | null): ProrationResult {
    if (this.settings.prioritizePayMin !== false) {
      const min = range?.annual?.min
      if (min != null && currentAnnualPay < min) {
        return { percent: 0, fullyProrated: false, reasons: [], skippedForPayMin: true }
      }
    }
    let percent = 0
    let reasons: string[] | null = null
    if (employee.performancePlan) {
      percent = FULL_PRORATION
      reasons = [PERFORMANCE_PLAN_REASON]
    }
    const previous = employee.previousIncrease ?? employee.previousIncreaseDate
    for (const rule of this.prorationRules) {
      const date = rule.rule.proration_value === 'hire_date' ? employee.hireDate : previous
      const reason = date == null ? null : rule.reason(date)
      if (reason === null) continue
      ;(reasons ??= []).push(reason)
      percent = Math.max(percent, rule.amount)
    }
    if (reasons === null) return NOT_PRORATED
    return { percent, fullyProrated: percent >= FULL_PRORATION, reasons, skippedForPayMin: false }
  }
}

const ISO_DAY_TEXT = /^\d{4}-\d{2}-\d{2}/

/**
 * One proration rule with its reasons memoised per date. A date written as an ISO day outside the
 * rule's range cannot match (proration.ts compares ISO days as text), so it skips the domain call;
 * every other date gets `prorationRuleReason` itself.
 */
class MemoRule {
  readonly amount: number
  private readonly low: string | null
  private readonly high: string | null
  private readonly reasons = new Map<string, string | null>()

  constructor(readonly rule: ProrationRule) {
    this.amount = clampPercent(rule.prorate_amount)
    const ends = (Array.isArray(rule.date) ? rule.date : [rule.date]).map((d) => isoDay(d))
    const known = ends.every((d) => d !== null) ? (ends as string[]).sort() : null
    this.low = known ? known[0] : null
    this.high = known && rule.comparison === 'between' ? known[known.length - 1] : null
  }

  reason(date: string): string | null {
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

import { formatMoney, formatNumber, formatPercent, type Cents } from '../money'
import { formatLongDate, isoDay } from '../proration'
import type { MergeValues } from './merge-tags'
import type { DataTag, DataTags } from './templates'

/**
 * One employee's figures on a statement, in cents of the currency of the employee's pay. "Current"
 * is before the pay cycle, "new" what the plan gives; an employee without a planned salary keeps
 * the current one.
 */
export interface StatementFacts {
  employeeId: string
  name: string
  jobTitle: string | null
  performanceRating: number | null
  performanceRatingLabel: string | null
  department: string | null
  manager: string | null
  location: string | null
  /** ISO days. */
  hireDate: string | null
  effectiveDate: string | null
  createdAt: string
  currency: string
  currentAnnualPay: Cents
  newAnnualPay: Cents
  /** Percent of current pay; null without a planned salary. */
  increasePercent: number | null
  currentBonus: Cents
  /** Planned bonus (dollar bonus plus percent of new pay); null when none is planned. */
  newBonus: Cents | null
  lumpSum: Cents | null
  /** Compa-ratio and position in range (a fraction) before and after. */
  currentCompaRatio: number | null
  newCompaRatio: number | null
  currentPositionInRange: number | null
  newPositionInRange: number | null
  /** The range the new pay is measured against, annual, in the employee's currency. */
  payRange: { min: Cents; mid: Cents; max: Cents } | null
  /** A promotion planned in this pay cycle (a new job profile): its job title and pay range; null without. */
  promotion: StatementPromotion | null
}

export interface StatementPromotion {
  jobTitle: string
  payRange: { min: Cents; mid: Cents; max: Cents } | null
}

/**
 * The promotion a statement shows: a planned new job profile other than the current one, titled by its
 * job profile's name (its job code when it has none), with the new range on the employee's pay basis.
 */
export function promotionOf(
  currentProfileId: number | null,
  newProfile: { id: number; jobProfile: string | null; jobCode: string } | null,
  newRange: { min: Cents; mid: Cents; max: Cents } | null,
): StatementPromotion | null {
  if (!newProfile || newProfile.id === currentProfileId) return null
  const title = newProfile.jobProfile?.trim() ? newProfile.jobProfile.trim() : newProfile.jobCode
  return { jobTitle: title, payRange: newRange ? { ...newRange } : null }
}

/** The statement's promotion lines: the new job title and the new pay range (none without a promotion). */
export function promotionRows(f: StatementFacts): { label: string; current: string; next: string }[] {
  const p = f.promotion
  if (!p) return []
  const r = p.payRange
  const range = r
    ? `${formatMoney(r.min, f.currency)} – ${formatMoney(r.mid, f.currency)} – ${formatMoney(r.max, f.currency)}`
    : 'No pay range'
  return [
    { label: 'Promotion: new job title', current: f.jobTitle ?? '', next: p.jobTitle },
    { label: 'Promotion: new pay range (min – mid – max)', current: '', next: range },
  ]
}

export const newBonusOf = (f: StatementFacts): Cents => f.newBonus ?? f.currentBonus
export const currentTotalCash = (f: StatementFacts): Cents => f.currentAnnualPay + f.currentBonus
export const newTotalCash = (f: StatementFacts): Cents => f.newAnnualPay + newBonusOf(f) + (f.lumpSum ?? 0)

const longDate = (value: string | null): string | null => {
  const day = isoDay(value)
  return day ? formatLongDate(day) : null
}
const ratio = (value: number | null) => (value === null ? null : formatNumber(value, 2, 2))
const position = (value: number | null) => (value === null ? null : formatPercent(value * 100, 0))

export function payRangeText(f: StatementFacts): string | null {
  const r = f.payRange
  return r ? `${formatMoney(r.min, f.currency)} – ${formatMoney(r.max, f.currency)}` : null
}

/** Each merge tag's text for this employee (null: nothing to print). */
export function mergeValuesOf(f: StatementFacts): MergeValues {
  const money = (cents: Cents | null) => (cents === null ? null : formatMoney(cents, f.currency))
  return {
    name: f.name,
    job_title: f.jobTitle,
    performance_rating: f.performanceRating === null ? null : formatNumber(f.performanceRating, 0, 2),
    performance_rating_label: f.performanceRatingLabel,
    department: f.department,
    manager: f.manager,
    location: f.location,
    hire_date: longDate(f.hireDate),
    effective_date: longDate(f.effectiveDate),
    created_at: longDate(f.createdAt),
    increasePercent: formatPercent(f.increasePercent ?? 0, 2),
    current_salary: money(f.currentAnnualPay),
    new_salary: money(f.newAnnualPay),
    salary_increase: money(f.newAnnualPay - f.currentAnnualPay),
    bonus: money(newBonusOf(f)),
    lump_sum: money(f.lumpSum ?? 0),
    total_cash: money(newTotalCash(f)),
    compa_ratio: ratio(f.newCompaRatio),
    position_in_range: position(f.newPositionInRange),
    pay_range: payRangeText(f),
  }
}

/** One line of the statement's compensation table: what it was and what it is now ('' when none). */
export interface FigureRow {
  /** The data tag that shows the row; 'promotion' rows show whenever a promotion is planned. */
  tag: DataTag | 'promotion'
  label: string
  current: string
  next: string
  /** The change, when it says something ('+$3,000.00 (3.00%)'). */
  change: string
  emphasis: boolean
}

function signedMoney(cents: Cents, currency: string): string {
  if (cents === 0) return ''
  return `${cents > 0 ? '+' : '−'}${formatMoney(Math.abs(cents), currency)}`
}

/** The compensation table of the toggled data tags, in DATA_TAGS order. */
export function figureRows(f: StatementFacts, tags: DataTags): FigureRow[] {
  const money = (cents: Cents) => formatMoney(cents, f.currency)
  const rows: FigureRow[] = promotionRows(f).map((row) => ({
    tag: 'promotion',
    ...row,
    change: '',
    emphasis: false,
  }))
  if (tags.salary) {
    const change = signedMoney(f.newAnnualPay - f.currentAnnualPay, f.currency)
    rows.push({
      tag: 'salary',
      label: 'Base pay (annual)',
      current: money(f.currentAnnualPay),
      next: money(f.newAnnualPay),
      change:
        change && f.increasePercent !== null ? `${change} (${formatPercent(f.increasePercent, 2)})` : change,
      emphasis: false,
    })
  }
  if (tags.bonus)
    rows.push({
      tag: 'bonus',
      label: 'Bonus',
      current: money(f.currentBonus),
      next: money(newBonusOf(f)),
      change: signedMoney(newBonusOf(f) - f.currentBonus, f.currency),
      emphasis: false,
    })
  if (tags.lump_sum)
    rows.push({
      tag: 'lump_sum',
      label: 'Lump sum',
      current: '',
      next: money(f.lumpSum ?? 0),
      change: '',
      emphasis: false,
    })
  if (tags.totalCash) {
    const current = currentTotalCash(f)
    const next = newTotalCash(f)
    rows.push({
      tag: 'totalCash',
      label: 'Total cash',
      current: money(current),
      next: money(next),
      change: signedMoney(next - current, f.currency),
      emphasis: true,
    })
  }
  if (tags.compaRatio)
    rows.push({
      tag: 'compaRatio',
      label: 'Compa-ratio',
      current: ratio(f.currentCompaRatio) ?? '',
      next: ratio(f.newCompaRatio) ?? '',
      change: '',
      emphasis: false,
    })
  if (tags.positionInRange)
    rows.push({
      tag: 'positionInRange',
      label: 'Position in range',
      current: position(f.currentPositionInRange) ?? '',
      next: position(f.newPositionInRange) ?? '',
      change: '',
      emphasis: false,
    })
  if (tags.pay_range) {
    const r = f.payRange
    rows.push({
      tag: 'pay_range',
      label: 'Pay range (min – mid – max)',
      current: '',
      next: r ? `${money(r.min)} – ${money(r.mid)} – ${money(r.max)}` : 'No pay range',
      change: '',
      emphasis: false,
    })
  }
  return rows
}

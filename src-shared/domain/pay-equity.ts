import { UNKNOWN_GROUP } from './demographics'

/**
 * The in-cycle pay-equity view (beyond the spec): each group's median compa ratio before and after the
 * planned changes, and its gap to the reference group, the largest known group. Groups smaller than
 * five are not shown: their figures would point at individuals and say little.
 */

export const MIN_EQUITY_GROUP = 5
export const TOO_SMALL_NOTE = `Too few to show (fewer than ${MIN_EQUITY_GROUP})`

export interface EquityGroupInput {
  name: string
  /** Employees with a compa ratio, before and after. */
  countBefore: number
  countAfter: number
  medianBefore: number | null
  medianAfter: number | null
}

export interface EquityRow {
  name: string
  count: number
  /** Null when the group is too small (see `note`) or has no compa ratio. */
  medianBefore: number | null
  medianAfter: number | null
  /** Percent difference of the median from the reference group's; 0 for the reference itself. */
  gapBefore: number | null
  gapAfter: number | null
  reference: boolean
  note: string | null
}

export interface EquityView {
  reference: string | null
  rows: EquityRow[]
}

const gap = (median: number | null, reference: number | null): number | null =>
  median === null || reference === null || reference === 0 ? null : (median / reference - 1) * 100

export function payEquity(groups: readonly EquityGroupInput[]): EquityView {
  const shown = (g: EquityGroupInput) => Math.max(g.countBefore, g.countAfter) >= MIN_EQUITY_GROUP
  const reference =
    groups
      .filter((g) => g.name !== UNKNOWN_GROUP && shown(g))
      .reduce<EquityGroupInput | null>(
        (best, g) => (best === null || g.countBefore > best.countBefore ? g : best),
        null,
      ) ?? null
  return {
    reference: reference?.name ?? null,
    rows: groups.map((g) => {
      const count = Math.max(g.countBefore, g.countAfter)
      if (!shown(g)) {
        return {
          name: g.name,
          count,
          medianBefore: null,
          medianAfter: null,
          gapBefore: null,
          gapAfter: null,
          reference: false,
          note: TOO_SMALL_NOTE,
        }
      }
      return {
        name: g.name,
        count,
        medianBefore: g.medianBefore,
        medianAfter: g.medianAfter,
        gapBefore: gap(g.medianBefore, reference?.medianBefore ?? null),
        gapAfter: gap(g.medianAfter, reference?.medianAfter ?? null),
        reference: g === reference,
        note: null,
      }
    }),
  }
}

/** A gap as the view shows it: one decimal, signed ('+2.5%', '-1.1%', '0.0%'); '—' when there is none. */
export function formatGap(gap: number | null): string {
  if (gap === null) return '—'
  const shown = gap.toFixed(1)
  return Number(shown) > 0 ? `+${shown}%` : Number(shown) === 0 ? '0.0%' : `${shown}%`
}

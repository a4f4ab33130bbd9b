/**
 * Where pay sits in its range, for a population (spec §1 "pay-in-range position" and "fit-in-range"):
 * position in range 0 is the minimum, 1 the maximum (pay.ts `positionBetween`).
 */

/** Position bands, in display order. */
export const POSITION_BANDS = [
  'Below minimum',
  '0–25%',
  '25–50%',
  '50–75%',
  '75–100%',
  'Above maximum',
] as const
export type PositionBand = (typeof POSITION_BANDS)[number]

export const FITS = ['Below range', 'In range', 'Above range'] as const
export type Fit = (typeof FITS)[number]

/** A band's lower edge is inclusive: 0.25 is '25–50%'; the maximum itself (1) is '75–100%'. */
export function positionBand(position: number): PositionBand {
  if (position < 0) return 'Below minimum'
  if (position > 1) return 'Above maximum'
  if (position < 0.25) return '0–25%'
  if (position < 0.5) return '25–50%'
  if (position < 0.75) return '50–75%'
  return '75–100%'
}

/** Below the minimum, within min..max (both included), or above the maximum. */
export function fitInRange(position: number): Fit {
  if (position < 0) return 'Below range'
  if (position > 1) return 'Above range'
  return 'In range'
}

/** Compa-ratio bands for the scatter's figures: how increases run from below the mid to above it. */
export const COMPA_BANDS = [
  'Below 0.80',
  '0.80–0.90',
  '0.90–1.00',
  '1.00–1.10',
  '1.10–1.20',
  '1.20 and above',
] as const
export type CompaBand = (typeof COMPA_BANDS)[number]

export function compaBand(ratio: number): CompaBand {
  if (ratio < 0.8) return 'Below 0.80'
  if (ratio < 0.9) return '0.80–0.90'
  if (ratio < 1) return '0.90–1.00'
  if (ratio < 1.1) return '1.00–1.10'
  if (ratio < 1.2) return '1.10–1.20'
  return '1.20 and above'
}

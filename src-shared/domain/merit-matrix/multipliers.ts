import { bandCentre } from './bands'

/**
 * The matrix's shape (docs/merit-matrix.md): a cell's merit percentage is the budget's scale times
 * performance multiplier × position multiplier. Each multiplier swings around 1 by its priority:
 * priority 0 makes it 1 everywhere (the dimension is flat); priority 100 spans 0 (lowest rating, or
 * the top of the range) to 2 (highest rating, or the bottom of the range), linearly in between.
 */

/** 0–100 as a fraction, clamped (NaN counts as 0). */
export function priorityFraction(priority: number): number {
  return Number.isFinite(priority) ? Math.min(Math.max(priority, 0), 100) / 100 : 0
}

/** Row `row` of `rows` (lowest rating first): 1 − p … 1 + p, p the priority as a fraction. */
export function performanceMultiplier(row: number, rows: number, priority: number): number {
  const standing = rows <= 1 ? 0.5 : row / (rows - 1)
  return 1 + priorityFraction(priority) * (2 * standing - 1)
}

/** Band `band` (0 for 0.0 … 10 for 1.0): 1 + p at the bottom of the range … 1 − p at the top. */
export function positionMultiplier(band: number, priority: number): number {
  return 1 + priorityFraction(priority) * (1 - 2 * bandCentre(band))
}

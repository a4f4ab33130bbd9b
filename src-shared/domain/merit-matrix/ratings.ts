import type { RatingBand } from '../ratings'

/** The matrix's rows: the pay cycle's performance ratings, lowest first. */
export interface MatrixRows {
  labels: string[]
  /** The row of a performance rating; null without a rating (the employee is in no row). */
  rowOf(rating: number | null): number | null
}

/**
 * Rows are the pay cycle's rating bands in their settings order (the ratings editor keeps them
 * ascending), and an employee's row is the band the spec labels them with (the first band whose
 * max_rating exceeds the rating, else the last). A pay cycle without bands gets one row per distinct
 * rating among the employees, ascending.
 */
export function matrixRows(bands: readonly RatingBand[], ratings: Iterable<number | null>): MatrixRows {
  if (bands.length > 0) {
    const last = bands.length - 1
    // A company has few distinct ratings: each is looked up once.
    const seen = new Map<number, number>()
    return {
      labels: bands.map((b) => b.label),
      rowOf(rating) {
        if (rating == null || !Number.isFinite(rating)) return null
        let row = seen.get(rating)
        if (row === undefined) {
          const at = bands.findIndex((b) => b.max_rating > rating)
          row = at < 0 ? last : at
          seen.set(rating, row)
        }
        return row
      },
    }
  }
  const distinct = new Set<number>()
  for (const rating of ratings) if (rating != null && Number.isFinite(rating)) distinct.add(rating)
  const sorted = [...distinct].sort((a, b) => a - b)
  const index = new Map(sorted.map((rating, i) => [rating, i]))
  return {
    labels: sorted.map(String),
    rowOf: (rating) => (rating == null ? null : (index.get(rating) ?? null)),
  }
}

/** A performance rating band as the pay cycle settings hold it (spec §3). */
export interface RatingBand {
  label: string
  max_rating: number
}

/**
 * Spec §9: the label of the first band whose max_rating exceeds the rating, else the last band. Bands
 * are taken in their settings order (the ratings editor keeps them ascending). Null with no bands or no
 * rating.
 */
export function performanceRatingLabel(
  rating: number | null | undefined,
  bands: readonly RatingBand[],
): string | null {
  if (rating == null || Number.isNaN(rating) || bands.length === 0) return null
  const band = bands.find((b) => b.max_rating > rating) ?? bands[bands.length - 1]
  return band.label
}

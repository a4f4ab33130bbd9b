/**
 * The matrix's columns: position in range in tenths, from 0.0 to 1.0 (spec §9 "decimal bands 0.0 to
 * 1.0"). A band is 0.1 wide and centred on its label, so an employee sits in the nearest tenth
 * (halves go up); everyone below the range minimum is in 0.0 and everyone at or above 0.95 is in 1.0.
 */
export const BAND_WIDTH = 0.1

export const POSITION_BANDS = [
  '0.0',
  '0.1',
  '0.2',
  '0.3',
  '0.4',
  '0.5',
  '0.6',
  '0.7',
  '0.8',
  '0.9',
  '1.0',
] as const
export type PositionBand = (typeof POSITION_BANDS)[number]

const LAST_BAND = POSITION_BANDS.length - 1

/** The column of a position in range (nearest tenth, halves up, clamped to 0.0 and 1.0). */
export function positionBandIndex(position: number): number {
  // The small nudge keeps 0.15 (1.4999999999999998 tenths in floats) a half that goes up.
  const tenth = Math.floor(position / BAND_WIDTH + 0.5 + 1e-9)
  return Math.min(LAST_BAND, Math.max(0, tenth))
}

/** The band's centre as a position in range, 0 for '0.0' to 1 for '1.0'. */
export function bandCentre(band: number): number {
  return band / LAST_BAND
}

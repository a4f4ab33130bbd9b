/** Spec §9: "Sliders snap to 50 between 46 and 54" (both ends included). */
export const SLIDER_SNAP_VALUE = 50
export const SLIDER_SNAP_FROM = 46
export const SLIDER_SNAP_TO = 54

export interface SliderRange {
  min: number
  max: number
  step: number
}

/** Spec §2: position-in-range and performance priority sliders run 0 to 100 (whole steps are ours). */
export const PRIORITY_SLIDER: SliderRange = { min: 0, max: 100, step: 1 }
/** Spec §9: "Over-max slider 1.0 to 5.0, step 0.05". */
export const OVER_MAX_SLIDER: SliderRange = { min: 1, max: 5, step: 0.05 }
/**
 * Spec §9: "Max position in range default 0.5". The over-max slider that sets the matrix's
 * max_position_in_range runs 1.0 to 5.0, so 0.5 cannot be its default: it is the default cap for
 * employees rated at or below minimum performance (minPerformanceMaxPIR, "default 0.5" in seed 001 §5).
 * docs/decisions.md "The matrix's max position in range".
 */
export const MAX_POSITION_IN_RANGE_DEFAULT = 0.5
/** The over-max slider starts at its lowest value, 1.0: no increase takes anyone past the range maximum. */
export const OVER_MAX_DEFAULT = 1
export const OVER_MAX_OUT_OF_RANGE =
  "Max position in range runs from 1.0 to 5.0 (the over-max slider). The spec's default of 0.5 is the cap for employees rated at or below minimum performance, set in the pay cycle's limits."
/** Admin spec §5: the minPerformanceMaxPIR slider runs 0 to 1 in steps of 0.05. */
export const MIN_PERFORMANCE_MAX_PIR_SLIDER: SliderRange = { min: 0, max: 1, step: 0.05 }

/** Spec §4: a value from 46 to 54 inclusive snaps to 50; others are unchanged. */
export function snapToMiddle(value: number): number {
  return value >= SLIDER_SNAP_FROM && value <= SLIDER_SNAP_TO ? SLIDER_SNAP_VALUE : value
}

/**
 * A value clamped to the range and moved to the nearest step from min; the result is rounded to the
 * step's decimals so 1.15 stays 1.15 rather than 1.1500000000000001. NaN gives min.
 */
export function toSliderValue(value: number, range: SliderRange): number {
  if (Number.isNaN(value)) return range.min
  const clamped = Math.min(Math.max(value, range.min), range.max)
  const steps = Math.round((clamped - range.min) / range.step)
  const decimals = (String(range.step).split('.')[1] ?? '').length
  return Number(Math.min(range.min + steps * range.step, range.max).toFixed(decimals))
}

/** A priority slider's value: whole numbers 0–100, snapped to 50 near the middle. */
export function prioritySliderValue(value: number): number {
  return snapToMiddle(toSliderValue(value, PRIORITY_SLIDER))
}

/** How a slider's value changed: a pointer dragging its thumb, or keys (arrows, Page Up/Down, Home/End). */
export type SliderMove = 'drag' | 'keys'

/**
 * A priority slider moved (issue 39): a drag snaps to 50 from 46 to 54 (spec §9), so the middle is easy to
 * hit by hand; keys move by whole steps and pass through 46–54, else the arrows could never leave 50.
 */
export function prioritySliderMove(value: number, move: SliderMove): number {
  const stepped = toSliderValue(value, PRIORITY_SLIDER)
  return move === 'drag' ? snapToMiddle(stepped) : stepped
}

/** Spec §9: heat colours run from #BD0136 (fraction 0) to #0AB00A (fraction 1). */
export const HEAT_COLOR_LOW = '#BD0136'
export const HEAT_COLOR_HIGH = '#0AB00A'

function channels(hex: string): number[] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
}

/** The heat colour at a fraction (clamped to 0..1; NaN counts as 0), each RGB channel interpolated linearly. */
export function heatColor(fraction: number): string {
  const t = Number.isNaN(fraction) ? 0 : Math.min(Math.max(fraction, 0), 1)
  const low = channels(HEAT_COLOR_LOW)
  const high = channels(HEAT_COLOR_HIGH)
  const mixed = low.map((c, i) => Math.round(c + (high[i] - c) * t))
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0').toUpperCase()).join('')}`
}

/** Where a value sits between min and max, 0..1; 0 when min equals max. */
export function heatFraction(value: number, min: number, max: number): number {
  if (!(max > min)) return 0
  return Math.min(Math.max((value - min) / (max - min), 0), 1)
}

/**
 * Spec §9: bubble size is proportional to √(count ÷ maxCount); `fullSize` is the size of the largest
 * bubble. 0 for no count or no maximum.
 */
export function bubbleSize(count: number, maxCount: number, fullSize = 1): number {
  if (!(count > 0) || !(maxCount > 0)) return 0
  return Math.sqrt(count / maxCount) * fullSize
}

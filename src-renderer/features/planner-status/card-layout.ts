/**
 * Planner Status card widths (administration document §9): compact under about 20 px, details hidden
 * under 85, the date over 200 and the time over 300, the Force Submit button over 150 with its label
 * at 475 and above, text details at 475 and above. A card keeps what it shows until its width moves
 * HYSTERESIS_PX past a breakpoint, so a width that wobbles around one does not flicker.
 */
export const CARD_GRID_HEIGHT = 175
export const RESIZE_DEBOUNCE_MS = 200
export const HYSTERESIS_PX = 8

export interface CardLayout {
  compact: boolean
  details: boolean
  date: boolean
  time: boolean
  forceButton: boolean
  forceLabel: boolean
  textDetails: boolean
}

/** Each flag: shown when the width passes its breakpoint (`below`: when under it). */
const RULES: readonly { key: keyof CardLayout; at: number; inclusive?: boolean; below?: boolean }[] = [
  { key: 'compact', at: 20, below: true },
  { key: 'details', at: 85, inclusive: true },
  { key: 'date', at: 200 },
  { key: 'time', at: 300 },
  { key: 'forceButton', at: 150 },
  { key: 'forceLabel', at: 475, inclusive: true },
  { key: 'textDetails', at: 475, inclusive: true },
]

/** What a card of `width` px shows; with `previous`, a flag changes only once past the hysteresis band. */
export function cardLayout(width: number, previous: CardLayout | null = null): CardLayout {
  const layout = {} as CardLayout
  for (const { key, at, inclusive = false, below = false } of RULES) {
    const over = inclusive ? width >= at : width > at
    const plain = below ? width < at : over
    const was = previous?.[key]
    layout[key] = was === undefined || was === plain || Math.abs(width - at) >= HYSTERESIS_PX ? plain : was
  }
  return layout
}

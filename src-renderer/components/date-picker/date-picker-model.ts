/**
 * The date picker of spec §2: three views. Choosing a month returns to the date view; choosing a year
 * goes to the month view; the year view shows 10 years and the month view 12. Dates outside min/max
 * are rejected. Days are ISO yyyy-mm-dd strings, compared as text; months are 0-based.
 */

import { MONTH_NAMES } from '../../../src-shared/domain/calendar'

export type PickerView = 'date' | 'month' | 'year'

export interface PickerPage {
  view: PickerView
  year: number
  month: number
}

export interface Bounds {
  min?: string | null
  max?: string | null
}

export { MONTH_NAMES }
export const WEEKDAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']
export const YEARS_PER_PAGE = 10

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

export function isoOf(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month + 1)}-${pad(day)}`
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
}

/** A real calendar day typed as yyyy-mm-dd or m/d/yyyy (en-US), as ISO; null otherwise. */
export function parseTypedDate(text: string): string | null {
  const t = text.trim()
  let y: number, m: number, d: number
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t)
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t)
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])]
  else if (us) [y, m, d] = [Number(us[3]), Number(us[1]), Number(us[2])]
  else return null
  if (y < 1000 || m < 1 || m > 12 || d < 1 || d > daysIn(y, m - 1)) return null
  return isoOf(y, m - 1, d)
}

/** en-US short form of an ISO day, "11/25/2026". */
export function formatDay(iso: string | null): string {
  if (!iso) return ''
  const [y, m, d] = iso.split('-').map(Number)
  return `${m}/${d}/${y}`
}

export function withinBounds(iso: string, { min, max }: Bounds): boolean {
  return !(min && iso < min) && !(max && iso > max)
}

/** The page a picker opens on: the value's month, else the min's when today is before it, else today's. */
export function openingPage(value: string | null, bounds: Bounds, today: string): PickerPage {
  let anchor = value ?? today
  if (!value && bounds.min && today < bounds.min) anchor = bounds.min
  if (!value && bounds.max && today > bounds.max) anchor = bounds.max
  const [y, m] = anchor.split('-').map(Number)
  return { view: 'date', year: y, month: m - 1 }
}

export interface DayCell {
  iso: string
  day: number
  disabled: boolean
}

/** The date view: weeks from Sunday; null pads the first and last week. */
export function monthGrid(page: PickerPage, bounds: Bounds): (DayCell | null)[][] {
  const first = new Date(Date.UTC(page.year, page.month, 1)).getUTCDay()
  const cells: (DayCell | null)[] = Array.from({ length: first }, () => null)
  for (let day = 1; day <= daysIn(page.year, page.month); day++) {
    const iso = isoOf(page.year, page.month, day)
    cells.push({ iso, day, disabled: !withinBounds(iso, bounds) })
  }
  while (cells.length % 7 !== 0) cells.push(null)
  const weeks: (DayCell | null)[][] = []
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7))
  return weeks
}

/** The month view's 12 months of the page's year; a month wholly outside the bounds is disabled. */
export function monthCells(
  page: PickerPage,
  bounds: Bounds,
): { month: number; label: string; disabled: boolean }[] {
  return MONTH_NAMES.map((label, month) => {
    const start = isoOf(page.year, month, 1)
    const end = isoOf(page.year, month, daysIn(page.year, month))
    return {
      month,
      label: label.slice(0, 3),
      disabled: !!(bounds.min && end < bounds.min) || !!(bounds.max && start > bounds.max),
    }
  })
}

export function decadeStart(year: number): number {
  return year - (((year % YEARS_PER_PAGE) + YEARS_PER_PAGE) % YEARS_PER_PAGE)
}

/** The year view's 10 years; a year wholly outside the bounds is disabled. */
export function yearCells(page: PickerPage, bounds: Bounds): { year: number; disabled: boolean }[] {
  const start = decadeStart(page.year)
  return Array.from({ length: YEARS_PER_PAGE }, (_, i) => {
    const year = start + i
    return {
      year,
      disabled:
        !!(bounds.min && `${pad(year, 4)}-12-31` < bounds.min) ||
        !!(bounds.max && `${pad(year, 4)}-01-01` > bounds.max),
    }
  })
}

/** Choosing a month returns to the date view. */
export function chooseMonth(page: PickerPage, month: number): PickerPage {
  return { view: 'date', year: page.year, month }
}

/** Choosing a year goes to the month view. */
export function chooseYear(page: PickerPage, year: number): PickerPage {
  return { view: 'month', year, month: page.month }
}

/** The title's button goes up a view: date → month → year. */
export function zoomOut(page: PickerPage): PickerPage {
  return { ...page, view: page.view === 'date' ? 'month' : 'year' }
}

/** Previous or next page: a month, a year, or ten years. */
export function step(page: PickerPage, direction: -1 | 1): PickerPage {
  if (page.view === 'date') {
    const total = page.year * 12 + page.month + direction
    return { ...page, year: Math.floor(total / 12), month: ((total % 12) + 12) % 12 }
  }
  return { ...page, year: page.year + direction * (page.view === 'month' ? 1 : YEARS_PER_PAGE) }
}

export function pageTitle(page: PickerPage): string {
  if (page.view === 'date') return `${MONTH_NAMES[page.month]} ${page.year}`
  if (page.view === 'month') return String(page.year)
  const start = decadeStart(page.year)
  return `${start}–${start + YEARS_PER_PAGE - 1}`
}

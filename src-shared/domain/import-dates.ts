/**
 * A date column is read in one order for all its rows (issue 36): ISO yyyy-mm-dd always; otherwise
 * month-first (en-US, the spec's locale) unless some row is valid only day-first (25/12/2019). Then
 * the column is day-first and each row that reads both ways (04/03/2020) is an error naming both.
 */

import { MONTH_NAMES } from './calendar'

export type DateOrder = 'monthFirst' | 'dayFirst'

const SLASH_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

function iso(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  if (day > (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1])) return null
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

interface Readings {
  text: string
  monthFirst: string | null
  dayFirst: string | null
}

/** A d/d/yyyy date's two readings (null where impossible); null for any other text. */
export function slashDateReadings(raw: string): Readings | null {
  const text = raw.trim()
  const match = SLASH_DATE.exec(text)
  if (!match) return null
  const [a, b, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < 1000) return null
  return { text, monthFirst: iso(year, a, b), dayFirst: iso(year, b, a) }
}

function spoken(isoDay: string): string {
  const [, month, day] = isoDay.split('-').map(Number)
  return `${day} ${MONTH_NAMES[month - 1]}`
}

export interface DateCorrection {
  /** 0-based row. */
  index: number
  value: string | null
  error: { code: 'AmbiguousDate'; message: string } | null
}

/**
 * How one date column reads: its order and each slash-written row's value in that order (null when
 * impossible, or in a day-first column when it reads both ways: then with an AmbiguousDate error).
 */
export function dateColumnReading(cells: readonly string[]): {
  order: DateOrder
  corrections: DateCorrection[]
} {
  const readings = cells.map((cell) => (cell.includes('/') ? slashDateReadings(cell) : null))
  const dayFirstRow = readings.findIndex((r) => r !== null && r.monthFirst === null && r.dayFirst !== null)
  const order: DateOrder = dayFirstRow === -1 ? 'monthFirst' : 'dayFirst'
  const corrections: DateCorrection[] = []
  readings.forEach((r, index) => {
    if (!r) return
    if (order === 'monthFirst' || r.monthFirst === null || r.monthFirst === r.dayFirst) {
      corrections.push({ index, value: order === 'monthFirst' ? r.monthFirst : r.dayFirst, error: null })
      return
    }
    if (r.dayFirst === null) {
      corrections.push({ index, value: null, error: null })
      return
    }
    const example = `${(readings[dayFirstRow] as Readings).text} in row ${dayFirstRow + 1}`
    corrections.push({
      index,
      value: null,
      error: {
        code: 'AmbiguousDate',
        message: `${r.text} could be ${spoken(r.monthFirst)} or ${spoken(r.dayFirst)} ${r.dayFirst.slice(0, 4)}: this column is day-first (${example}); write dates as yyyy-mm-dd`,
      },
    })
  })
  return { order, corrections }
}

/** The fix for a day-first column: a slash-written date as its day-first ISO reading; null when none. */
export function dayFirstIsoDate(raw: string): string | null {
  return slashDateReadings(raw)?.dayFirst ?? null
}

/** Calendar arithmetic on whole UTC days, so generated dates never depend on the clock or time zone. */

const MS_PER_DAY = 86_400_000

/** Days since 1970-01-01 of an ISO date (yyyy-mm-dd). */
export function toDayNumber(isoDate: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate)
  if (!match) throw new Error(`Expected an ISO date (yyyy-mm-dd), got '${isoDate}'.`)
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  const day = ms / MS_PER_DAY
  if (fromDayNumber(day) !== isoDate) throw new Error(`'${isoDate}' is not a calendar date.`)
  return day
}

export function fromDayNumber(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10)
}

export function addDays(isoDate: string, days: number): string {
  return fromDayNumber(toDayNumber(isoDate) + days)
}

export function yearOf(isoDate: string): number {
  return Number(isoDate.slice(0, 4))
}

/** Normalises a Date or ISO string to yyyy-mm-dd (UTC). */
export function isoDateOf(value: Date | string): string {
  if (typeof value === 'string') {
    const date = value.slice(0, 10)
    toDayNumber(date)
    return date
  }
  if (Number.isNaN(value.getTime())) throw new Error('The reference date is not a valid date.')
  return value.toISOString().slice(0, 10)
}

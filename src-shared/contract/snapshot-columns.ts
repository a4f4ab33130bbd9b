import { z } from 'zod'
import { CENTS_MAX, codePoints } from '../domain/field-limits'
import { isStorableText, text } from './text'

/**
 * A column of a company snapshot's rows: its zod schema, and the same rule as a plain check. Join
 * checks 200,000 employee and reward rows as they download; a zod object parse per row cost more
 * than writing them, so the large parts check value by value with `accepts` (a property test holds
 * it equal to `schema`), and zod words the message when a row is refused.
 */
export interface SnapshotColumn<T extends z.ZodType = z.ZodType> {
  readonly schema: T
  accepts(value: unknown): boolean
  /** Any finite number, not only whole ones: a workbook stores it as a float (the content check compares its bits). */
  readonly fractional: boolean
}

const column = <T extends z.ZodType>(
  schema: T,
  accepts: (value: unknown) => boolean,
  fractional = false,
): SnapshotColumn<T> => ({ schema, accepts, fractional })

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

/** A finite number from `min` to `max`. */
export const numberColumn = (min = -Infinity, max = Infinity) =>
  column(bounded(z.number(), min, max), (v) => isNumber(v) && v >= min && v <= max, true)

/** A safe integer from `min` to `max`. */
export const integerColumn = (min = -Infinity, max = Infinity) =>
  column(
    bounded(z.number().int(), min, max),
    (v) => Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max,
  )

function bounded(schema: z.ZodNumber, min: number, max: number): z.ZodNumber {
  const low = min === -Infinity ? schema : schema.min(min)
  return max === Infinity ? low : low.max(max)
}

export const idColumn = column(
  z.number().int().positive(),
  (v) => Number.isSafeInteger(v) && (v as number) > 0,
)
export const centsColumn = integerColumn(0, CENTS_MAX)
export const booleanColumn = column(z.boolean(), (v) => typeof v === 'boolean')

/** Text of at most `max` characters, counted as zod counts them: code points (an emoji is one). */
export const textColumn = (max = 500) =>
  column(
    text().max(max),
    (v) => typeof v === 'string' && (v.length <= max || codePoints(v) <= max) && isStorableText(v),
  )

export const enumColumn = <const T extends readonly [string, ...string[]]>(values: T) => {
  const allowed = new Set<unknown>(values)
  return column(z.enum(values), (v) => allowed.has(v))
}

export const nullable = <T extends z.ZodType>(inner: SnapshotColumn<T>) =>
  column(inner.schema.nullable(), (v) => v === null || inner.accepts(v), inner.fractional)

const isoDay = z.iso.date()
/** Days repeat across a company's rows (hire dates, review dates): each distinct text is judged once. */
const judgedDays = new Map<string, boolean>()
const JUDGED_DAYS_MAX = 50_000

/** An ISO day (`2026-02-28`) or null. */
export const dayColumn = column(isoDay.nullable(), (v) => {
  if (v === null) return true
  if (typeof v !== 'string') return false
  let valid = judgedDays.get(v)
  if (valid === undefined) {
    valid = isoDay.safeParse(v).success
    if (judgedDays.size < JUDGED_DAYS_MAX) judgedDays.set(v, valid)
  }
  return valid
})

type Columns = Record<string, SnapshotColumn>

/** The strict zod object of a row's columns. */
export function rowSchema<C extends Columns>(columns: C) {
  const shape = Object.fromEntries(Object.entries(columns).map(([name, c]) => [name, c.schema])) as {
    [K in keyof C]: C[K]['schema']
  }
  return z.object(shape).strict()
}

/** A row's checks in its columns' order, for a row sent as its values alone. */
export function rowChecks(columns: Columns): readonly ((value: unknown) => boolean)[] {
  return Object.values(columns).map((c) => c.accepts)
}

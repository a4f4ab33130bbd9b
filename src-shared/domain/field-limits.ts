/**
 * The limits of a company's stored values: the longest text a field holds and the range of a bounded
 * number. A company snapshot (publish, join) carries no more than these, so the import and record
 * edits, on the desktop and on the server alike, refuse a value past them with the same words: a
 * value one side takes is never one a desktop's join refuses (issue 34).
 */

/** Money in cents: a trillion in any currency's units. */
export const CENTS_MAX = 1e14

export type FieldLimit =
  | { kind: 'text'; max: number }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'cents'; max: number }

const text = (max: number) => ({ kind: 'text', max }) as const
const number = (min: number, max: number) => ({ kind: 'number', min, max }) as const
const cents = { kind: 'cents', max: CENTS_MAX } as const

/** An employee's stored values (the snapshot's employee columns). */
export const EMPLOYEE_LIMITS = {
  employeeId: text(200),
  name: text(300),
  preferredName: text(300),
  email: text(320),
  jobTitle: text(300),
  gender: text(100),
  race: text(100),
  age: number(0, 150),
  department: text(300),
  location: text(300),
  employmentStatus: text(100),
  reasonForLastIncrease: text(500),
  fte: number(0, 10),
  percentBonus: number(0, 1000),
  money: cents,
} as const satisfies Record<string, FieldLimit>

/** A job profile's and a pay range's names and labels (the snapshot's job profile and pay range columns). */
export const PROFILE_LIMITS = {
  jobCode: text(200),
  label: text(200),
  payRangeName: text(200),
} as const satisfies Record<string, FieldLimit>

/** Text length as zod and the snapshot count it: code points (an emoji is one). */
export function codePoints(value: string): number {
  let count = 0
  for (let i = 0; i < value.length; i++, count++) {
    const unit = value.charCodeAt(i)
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) i++
    }
  }
  return count
}

/** Whether a value is within its limit (null and values of another type are not this check's). */
export function withinLimit(limit: FieldLimit, value: unknown): boolean {
  if (limit.kind === 'text')
    return typeof value !== 'string' || value.length <= limit.max || codePoints(value) <= limit.max
  if (typeof value !== 'number') return true
  return limit.kind === 'cents' ? value <= limit.max : value >= limit.min && value <= limit.max
}

/** Why a value is past its limit, after the field's name: "must be at most 300 characters (it has 301)". */
export function limitProblem(limit: FieldLimit, value: unknown): string | null {
  if (withinLimit(limit, value)) return null
  switch (limit.kind) {
    case 'text':
      return `must be at most ${limit.max} characters (it has ${codePoints(value as string)})`
    case 'number':
      return `must be from ${limit.min} to ${limit.max}`
    case 'cents':
      return `must be at most ${limit.max / 100}`
  }
}

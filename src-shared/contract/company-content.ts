import { SNAPSHOT_EMPLOYEE_COLUMNS, SNAPSHOT_REWARD_COLUMNS, type CompanySnapshot } from './company-snapshot'
import type { LargePart, SnapshotPart, SnapshotSink } from './company-snapshot-stream'

/**
 * The content of a company as join would write it, in one text both sides can make: the server from
 * its rows (in JavaScript), a desktop from its replica's tables (in SQLite, without taking the rows
 * into JavaScript, which would cost as much as writing them). Joining from a company file checks the
 * file's content against the server's by the SHA-256 of this text (docs/sync.md, "Company file").
 *
 * Each part is a header line, then one line per row: SQLite's `json_array` of the row's values in
 * the snapshot's column order. Flags are 1 or 0. Fractional numbers are their exact value as three
 * whole numbers (`exactFloat`): SQLite's own decimal text of a float is not the shortest round-trip
 * and not correctly rounded, so no other program can make it again. Pay cycles (a few
 * rows with JSON settings) are their JSON with sorted keys on both sides. Rows are in their id's
 * order; submissions and users, whose ids are each workbook's own, are sorted as text.
 */
export const CONTENT_PARTS = [
  'payCycles',
  'payRanges',
  'jobProfiles',
  'teams',
  'employees',
  'rewards',
  'submissions',
  'users',
] as const satisfies readonly SnapshotPart[]

/** The parts whose lines are sorted as text (their workbook ids are not the server's). */
export const SORTED_PARTS: ReadonlySet<SnapshotPart> = new Set(['submissions', 'users'])

/** The columns of each large part that hold any number, stored as floats. */
export const FRACTIONAL_COLUMNS: Record<LargePart, readonly string[]> = {
  employees: fractional(SNAPSHOT_EMPLOYEE_COLUMNS),
  rewards: fractional(SNAPSHOT_REWARD_COLUMNS),
}

function fractional(columns: Record<string, { fractional: boolean }>): string[] {
  return Object.entries(columns)
    .filter(([, c]) => c.fractional)
    .map(([name]) => name)
}

/**
 * A whole number is compared as itself. Any other float is compared as three whole numbers: its value × 2^52 cut to an integer, what that left ×
 * 2^52 cut again, and once more. Operations SQLite and JavaScript both do exactly (scaling by a
 * power of two, cutting toward zero, subtracting), so the two sides agree; and from 10^-30 to 2048
 * (every rate, FTE, rating and age) the three hold every bit of the float, so two floats never share
 * them. Beyond that range a float is never compared equal (the two sides write different words), and
 * join falls back to rows.
 */
const SCALE = 2 ** 52
export const EXACT_BELOW = 2048
export const EXACT_FROM = 1e-30

/** A float's exact value as `fractionalSql` writes it. */
export function exactFloat(value: number): string | number {
  // A whole number is itself (most FTEs, ages and bonuses: the cheap path in SQLite too).
  if (Number.isSafeInteger(value)) return value === 0 ? 0 : value
  const size = Math.abs(value)
  if (size >= EXACT_BELOW || (size < EXACT_FROM && value !== 0)) return 'out of range'
  const first = value * SCALE
  const whole = Math.trunc(first)
  const second = (first - whole) * SCALE
  const next = Math.trunc(second)
  const third = Math.trunc((second - next) * SCALE)
  return `${BigInt(whole)}:${BigInt(next)}:${BigInt(third)}`
}

/** The same in SQLite, for a column (no functions: each is an opcode, cheap at 100,000 rows). */
export function fractionalSql(column: string): string {
  const first = `(${column} * ${SCALE}.0)`
  const whole = `CAST(${first} AS INTEGER)`
  const second = `((${first} - ${whole}) * ${SCALE}.0)`
  const next = `CAST(${second} AS INTEGER)`
  const third = `CAST((${second} - ${next}) * ${SCALE}.0 AS INTEGER)`
  return (
    `CASE WHEN ${column} IS NULL THEN NULL ` +
    `WHEN abs(${column}) <= ${Number.MAX_SAFE_INTEGER} AND ${column} = CAST(${column} AS INTEGER) THEN CAST(${column} AS INTEGER) ` +
    `WHEN abs(${column}) >= ${EXACT_BELOW}.0 OR (abs(${column}) < ${EXACT_FROM} AND ${column} != 0) THEN 'beyond' ` +
    `ELSE ${whole} || ':' || ${next} || ':' || ${third} END`
  )
}

type Value = string | number | boolean | null

/** One row's line as SQLite's `json_array` writes it, `fractional` naming the columns compared by their bits. */
export function contentLine(values: readonly Value[], fractionalAt: ReadonlySet<number> = new Set()): string {
  let line = '['
  for (let i = 0; i < values.length; i++) {
    const value = values[i]
    if (i > 0) line += ','
    if (value === null) line += 'null'
    else if (typeof value === 'boolean') line += value ? '1' : '0'
    else if (typeof value === 'string') line += JSON.stringify(value)
    else if (!fractionalAt.has(i)) line += String(value)
    else {
      const exact = exactFloat(value)
      line += typeof exact === 'number' ? String(exact) : `"${exact}"`
    }
  }
  return `${line}]`
}

/** JSON with every object's keys sorted: a pay cycle's settings, written in any key order. */
export function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    )
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${sortedJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/** A pay cycle's line, on both sides. */
export function payCycleLine(c: CompanySnapshot['payCycles'][number]): string {
  return sortedJson([
    c.id,
    c.name,
    c.active,
    c.effective_date,
    c.company_merit_budget,
    c.default_currency,
    c.currency_conversions,
    c.settings,
  ])
}

export type ContentPart = (typeof CONTENT_PARTS)[number]

/** Lines in the order the content text lists them (plain code-unit order, the same on both sides). */
export const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** A running hash (SHA-256 on both sides), its hex digest at the end. */
export interface ContentDigest {
  /** Text, or the same text's UTF-8 bytes. */
  update(text: string | Uint8Array): void
  digest(): string
}

/**
 * The company's content hash: the hash of its parts' hashes in `CONTENT_PARTS` order, so that a
 * desktop can hash its parts on two threads.
 */
export function combinedContent(parts: Record<ContentPart, string>, newDigest: () => ContentDigest): string {
  const all = newDigest()
  for (const part of CONTENT_PARTS) all.update(`${part} ${parts[part]}\n`)
  return all.digest()
}

/**
 * The server's side: a download's rows, as `SnapshotReader` checks them, made into each part's
 * content text and hashed. Rows arrive part by part in `CONTENT_PARTS` order; only the sorted parts
 * are held until they end.
 */
export class ContentOfRows implements SnapshotSink {
  private next = 0
  private current: { part: ContentPart; digest: ContentDigest; sorted: string[] } | null = null
  private readonly parts = {} as Record<ContentPart, string>
  private readonly fractionalAt: Record<LargePart, ReadonlySet<number>> = {
    employees: positions(SNAPSHOT_EMPLOYEE_COLUMNS, FRACTIONAL_COLUMNS.employees),
    rewards: positions(SNAPSHOT_REWARD_COLUMNS, FRACTIONAL_COLUMNS.rewards),
  }

  constructor(private readonly newDigest: () => ContentDigest) {}

  row<P extends SnapshotPart>(part: P, row: CompanySnapshot[P][number]): void {
    if (part === 'payCycles')
      return this.line(part, payCycleLine(row as CompanySnapshot['payCycles'][number]))
    const values = Object.values(row as Record<string, Value>)
    if (part === 'users') values[0] = String(values[0]).toLowerCase()
    this.line(part, contentLine(values))
  }

  values(part: LargePart, values: unknown[]): void {
    this.line(part, contentLine(values as Value[], this.fractionalAt[part]))
  }

  /** Ends the last part; answers the company's content hash. */
  end(): string {
    this.reach(CONTENT_PARTS.length)
    this.finish()
    return combinedContent(this.parts, this.newDigest)
  }

  private line(part: SnapshotPart, line: string): void {
    if (part !== this.current?.part) {
      const index = CONTENT_PARTS.indexOf(part as ContentPart)
      if (index < this.next) throw new Error('A company download listed its parts out of order.')
      this.reach(index + 1)
    }
    const current = this.current!
    if (SORTED_PARTS.has(part)) current.sorted.push(line)
    else current.digest.update(`${line}\n`)
  }

  /** Ends the current part and begins each part up to `index` (the parts between had no rows); the last is current. */
  private reach(index: number): void {
    this.finish()
    for (; this.next < index; this.next++) {
      this.current = { part: CONTENT_PARTS[this.next], digest: this.newDigest(), sorted: [] }
      if (this.next < index - 1) this.finish()
    }
  }

  private finish(): void {
    if (!this.current) return
    const { part, digest, sorted } = this.current
    for (const line of sorted.sort(byText)) digest.update(`${line}\n`)
    this.parts[part] = digest.digest()
    this.current = null
  }
}

function positions(columns: Record<string, unknown>, names: readonly string[]): Set<number> {
  const keys = Object.keys(columns)
  return new Set(names.map((name) => keys.indexOf(name)))
}

import type { z } from 'zod'
import {
  SNAPSHOT_EMPLOYEE_COLUMNS,
  SNAPSHOT_LIMITS,
  SNAPSHOT_REWARD_COLUMNS,
  snapshotEmployeeSchema,
  snapshotJobProfileSchema,
  snapshotPayCycleSchema,
  snapshotPayRangeSchema,
  snapshotRewardSchema,
  snapshotSubmissionSchema,
  snapshotTeamSchema,
  snapshotUserSchema,
  type CompanySnapshot,
} from './company-snapshot'
import { rowChecks } from './snapshot-columns'

/**
 * How join downloads a company: one JSON line per row, `["employees", {…}]` or its values alone in
 * the schema's column order, `["employees", [1, "E-1", …]]`, ending with
 * `["end", {"rows": n, "seq": s}]` (s: the change feed's position the rows are as of). Rows travel and are checked one at a time (no 100 MB string on either
 * side), and a download cut short lacks its end line and is refused.
 */
export const SNAPSHOT_STREAM_TYPE = 'application/x-ndjson'

export type SnapshotPart = keyof CompanySnapshot

/** The most bytes one step of a join carries from the shell to the workbook (blocks of about 1 MB go). */
export const JOIN_BYTES_MAX = 16 * 1024 * 1024
/** The longest line a download may hold: any row is far shorter. */
const LINE_BYTES_MAX = 16 * 1024 * 1024
const NEWLINE = 0x0a

const ROW_SCHEMAS: { [P in SnapshotPart]: z.ZodType<CompanySnapshot[P][number]> } = {
  payCycles: snapshotPayCycleSchema,
  payRanges: snapshotPayRangeSchema,
  jobProfiles: snapshotJobProfileSchema,
  teams: snapshotTeamSchema,
  employees: snapshotEmployeeSchema,
  rewards: snapshotRewardSchema,
  submissions: snapshotSubmissionSchema,
  users: snapshotUserSchema,
}

/** The schema's keys of one part's rows: what the server selects, so nothing else can travel. */
export function snapshotColumns<P extends 'payRanges' | 'jobProfiles' | 'teams' | 'employees' | 'rewards'>(
  part: P,
): (keyof CompanySnapshot[P][number] & string)[] {
  const schema = ROW_SCHEMAS[part] as unknown as { shape: Record<string, unknown> }
  return Object.keys(schema.shape) as (keyof CompanySnapshot[P][number] & string)[]
}

const KEYS = Object.fromEntries(
  Object.entries(ROW_SCHEMAS).map(([part, schema]) => [
    part,
    Object.keys((schema as unknown as { shape: Record<string, unknown> }).shape),
  ]),
) as Record<SnapshotPart, string[]>

/**
 * A row sent as its values alone, in the schema's column order (`snapshotColumns`), as an object;
 * null when the count is wrong. The large parts travel so: their names would be half the bytes.
 */
export function rowOf(part: SnapshotPart, values: readonly unknown[]): Record<string, unknown> | null {
  const keys = KEYS[part]
  if (values.length !== keys.length) return null
  const row: Record<string, unknown> = {}
  for (let i = 0; i < keys.length; i++) row[keys[i]] = values[i]
  return row
}

/** One row's line (an object, or its values in column order); the desktop checks every row against the snapshot's schema as it arrives. */
export function snapshotLine(part: SnapshotPart, row: unknown): string {
  return `${JSON.stringify([part, row])}\n`
}

/** The last line: how many rows came, and the feed position they are as of. */
export function snapshotEndLine(rows: number, seq: number): string {
  return `${JSON.stringify(['end', { rows, seq }])}\n`
}

/** A download that is not a whole, well-formed company: it is refused, never written in part. */
export class DamagedDownload extends Error {}

const damaged = (detail: string) =>
  new DamagedDownload(`The company server sent a damaged company: ${detail}.`)

/** The parts sent as their values alone, checked value by value (`snapshot-columns.ts`). */
export type LargePart = 'employees' | 'rewards'

const VALUE_CHECKS: Record<LargePart, readonly ((value: unknown) => boolean)[]> = {
  employees: rowChecks(SNAPSHOT_EMPLOYEE_COLUMNS),
  rewards: rowChecks(SNAPSHOT_REWARD_COLUMNS),
}

/** Where checked rows go as they arrive: the replica's writer (join), or a snapshot in memory. */
export interface SnapshotSink {
  row<P extends SnapshotPart>(part: P, row: CompanySnapshot[P][number]): void
  /** A large part's row as its checked values in `snapshotColumns` order (a row object when absent). */
  values?(part: LargePart, values: unknown[]): void
}

/**
 * Reads a download as it comes, in chunks of bytes cut anywhere, checks each row against the
 * snapshot's schema and hands it to the sink; `end` answers the feed position of the end line.
 * Each line is decoded on its own: a company's text holds a few names beyond Latin-1 (ł, ś), and a
 * whole chunk decoded at once would then be a two-byte string, which costs three times as much to
 * split and parse.
 */
export class SnapshotReader {
  private readonly counts = Object.fromEntries(Object.keys(ROW_SCHEMAS).map((part) => [part, 0])) as Record<
    SnapshotPart,
    number
  >
  private rows = 0
  private ended = false
  private pending = new Uint8Array(0)
  private readonly decoder = new TextDecoder('utf-8', { fatal: true })
  /** The feed position the company is as of: a replica follows the feed from here. */
  seq = 0

  constructor(private readonly sink: SnapshotSink) {}

  /** Rows checked and handed on so far. */
  get rowsRead(): number {
    return this.rows
  }

  /** Bytes cut anywhere (a line, even a character, may continue in the next chunk). */
  chunk(bytes: Uint8Array): void {
    let data = bytes
    if (this.pending.length > 0) {
      data = new Uint8Array(this.pending.length + bytes.length)
      data.set(this.pending)
      data.set(bytes, this.pending.length)
    }
    let start = 0
    for (let end = data.indexOf(NEWLINE); end >= 0; end = data.indexOf(NEWLINE, start)) {
      if (end > start) this.line(this.decode(data.subarray(start, end)))
      start = end + 1
    }
    if (data.length - start > LINE_BYTES_MAX) throw damaged(`line ${this.rows + 1} is longer than any row`)
    this.pending = data.slice(start)
  }

  private decode(line: Uint8Array): string {
    try {
      return this.decoder.decode(line)
    } catch {
      throw damaged(`line ${this.rows + 1} is not UTF-8 text`)
    }
  }

  /** The download's end: its last line read; refused when the end line never came. */
  end(): number {
    this.line(this.decode(this.pending))
    this.pending = new Uint8Array(0)
    if (!this.ended) throw damaged('the download stopped before its end')
    return this.seq
  }

  line(text: string): void {
    if (text.trim() === '') return
    if (this.ended) throw damaged('rows after its end')
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      throw damaged(`line ${this.rows + 1} is not JSON`)
    }
    if (!Array.isArray(parsed) || parsed.length !== 2) throw damaged(`line ${this.rows + 1} is not a row`)
    const [part, row] = parsed as [unknown, unknown]
    if (part === 'end') {
      const end = (row ?? {}) as { rows?: unknown; seq?: unknown }
      if (end.rows !== this.rows) throw damaged(`it announced ${String(end.rows)} rows and sent ${this.rows}`)
      if (!Number.isSafeInteger(end.seq) || (end.seq as number) < 0)
        throw damaged('its end names no feed position')
      this.seq = end.seq as number
      this.ended = true
      return
    }
    if (typeof part !== 'string' || !Object.hasOwn(ROW_SCHEMAS, part))
      throw damaged(`line ${this.rows + 1} names no part of a company`)
    const key = part as SnapshotPart
    if (this.counts[key] === SNAPSHOT_LIMITS[key]) throw damaged(`more ${key} than a company may have`)
    if (Array.isArray(row) && (key === 'employees' || key === 'rewards') && this.sink.values) {
      const checks = VALUE_CHECKS[key]
      if (row.length === checks.length && checks.every((accepts, i) => accepts(row[i]))) {
        this.sink.values(key, row)
        this.counts[key]++
        this.rows++
        return
      }
    }
    const values = Array.isArray(row) ? rowOf(key, row) : row
    if (values === null)
      throw damaged(`line ${this.rows + 1} (${key}) has ${(row as unknown[]).length} values`)
    const checked = ROW_SCHEMAS[key].safeParse(values)
    if (!checked.success)
      throw damaged(
        `line ${this.rows + 1} (${key}): ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      )
    this.sink.row(key, checked.data)
    this.counts[key]++
    this.rows++
  }
}

/** Builds the whole snapshot in memory from its lines (tests, small companies, publish checks). */
export class SnapshotAssembler {
  private readonly snapshot: CompanySnapshot = {
    payCycles: [],
    payRanges: [],
    jobProfiles: [],
    teams: [],
    employees: [],
    rewards: [],
    submissions: [],
    users: [],
  }
  private readonly reader = new SnapshotReader({
    row: (part, row) => (this.snapshot[part] as unknown[]).push(row),
  })

  get seq(): number {
    return this.reader.seq
  }

  line(text: string): void {
    this.reader.line(text)
  }

  /** Bytes cut anywhere, as they stream in. */
  chunk(bytes: Uint8Array): void {
    this.reader.chunk(bytes)
  }

  /** Every line of a whole answer at once. */
  text(body: string): this {
    for (const line of body.split('\n')) this.reader.line(line)
    return this
  }

  finish(): CompanySnapshot {
    this.reader.end()
    return this.snapshot
  }
}

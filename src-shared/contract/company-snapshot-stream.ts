import type { z } from 'zod'
import {
  SNAPSHOT_LIMITS,
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

/**
 * How join downloads a company: one JSON line per row, `["employees", {…}]` or its values alone in
 * the schema's column order, `["employees", [1, "E-1", …]]`, ending with
 * `["end", {"rows": n, "seq": s}]` (s: the change feed's position the rows are as of). Rows travel and are checked one at a time (no 100 MB string on either
 * side), and a download cut short lacks its end line and is refused.
 */
export const SNAPSHOT_STREAM_TYPE = 'application/x-ndjson'

export type SnapshotPart = keyof CompanySnapshot

/** The most text one step of a join carries from the shell to the workbook (chunks of about 1 MB go). */
export const JOIN_TEXT_MAX = 16 * 1024 * 1024

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

/** Where checked rows go as they arrive: the replica's writer (join), or a snapshot in memory. */
export interface SnapshotSink {
  row<P extends SnapshotPart>(part: P, row: CompanySnapshot[P][number]): void
}

/**
 * Reads a download's text as it comes, in chunks cut anywhere, checks each row against the snapshot's
 * schema and hands it to the sink; `end` answers the feed position of the end line.
 */
export class SnapshotReader {
  private readonly counts = Object.fromEntries(Object.keys(ROW_SCHEMAS).map((part) => [part, 0])) as Record<
    SnapshotPart,
    number
  >
  private rows = 0
  private ended = false
  private pending = ''
  /** The feed position the company is as of: a replica follows the feed from here. */
  seq = 0

  constructor(private readonly sink: SnapshotSink) {}

  /** Rows checked and handed on so far. */
  get rowsRead(): number {
    return this.rows
  }

  /** Text cut anywhere (a line may continue in the next chunk). */
  chunk(text: string): void {
    const lines = (this.pending + text).split('\n')
    this.pending = lines.pop() ?? ''
    for (const line of lines) this.line(line)
  }

  /** The download's end: its last line read; refused when the end line never came. */
  end(): number {
    this.line(this.pending)
    this.pending = ''
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

  /** Text cut anywhere, as it streams in. */
  chunk(text: string): void {
    this.reader.chunk(text)
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

/** Reads a streamed answer as it comes, handing each decoded chunk to `chunk` (never the bytes whole). */
export async function readTextStream(
  body: ReadableStream<Uint8Array>,
  chunk: (text: string) => Promise<void> | void,
): Promise<void> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const reader = body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    const text = done ? decoder.decode() : decoder.decode(value, { stream: true })
    if (text !== '') await chunk(text)
    if (done) return
  }
}

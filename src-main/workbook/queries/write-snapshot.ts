import type { Database, Statement } from 'better-sqlite3'
import type { CompanySnapshot } from '../../../src-shared/contract/company-snapshot'
import {
  snapshotColumns,
  type LargePart,
  type SnapshotPart,
  type SnapshotSink,
} from '../../../src-shared/contract/company-snapshot-stream'
import { ROLE_DISPLAY_NAMES, ROLES } from '../../../src-shared/domain/roles'
import type { Workbook } from '../open'

type Value = string | number | null
type Row = Record<string, Value>
type Team = CompanySnapshot['teams'][number]
const flag = (value: boolean) => (value ? 1 : 0)

/** The company a replica joins: its name, server, the signed-in user, and the feed position of the download. */
export interface JoinedCompany {
  name: string
  serverUrl: string
  userEmail: string
  feedSeq: number
}

/** The replica's company, its signed-in user as owner of record, and the feed position it follows from. */
export function writeJoinedCompany(db: Database, company: JoinedCompany, at: string): void {
  const me = db.prepare('SELECT id FROM app_user WHERE email = ?').get(company.userEmail.toLowerCase()) as
    { id: number } | undefined
  db.prepare(
    'INSERT INTO company (id, name, server_url, owner_user_id, created_at) VALUES (1, ?, ?, ?, ?)',
  ).run(company.name, company.serverUrl, me?.id ?? null, at)
  // The replica follows the feed from where its download stands, not from the feed's start.
  db.prepare('INSERT INTO sync_state (id, last_seq) VALUES (1, ?)').run(company.feedSeq)
}

/** The roles, as every join writes them (their ids are the roles' order). */
export function writeRoles(db: Database): void {
  const insert = db.prepare('INSERT INTO role (id, name, name_display) VALUES (?, ?, ?)')
  ROLES.forEach((name, index) => insert.run(index + 1, name, ROLE_DISPLAY_NAMES[name]))
}

/** A large part's table, and its flags (stored as 0 or 1). */
const LARGE_TABLES: Record<LargePart, { table: string; flags: readonly string[] }> = {
  employees: { table: 'employee', flags: ['salaried'] },
  rewards: { table: 'reward', flags: ['performance_plan', 'promotion'] },
}

/** Each downloaded part as the workbook's table and columns store it. */
function stored(part: SnapshotPart, row: CompanySnapshot[SnapshotPart][number], at: string): [string, Row] {
  switch (part) {
    case 'payCycles': {
      const c = row as CompanySnapshot['payCycles'][number]
      return [
        'pay_cycle',
        {
          id: c.id,
          name: c.name,
          active: flag(c.active),
          effective_date: c.effective_date,
          company_merit_budget: c.company_merit_budget,
          default_currency: c.default_currency,
          currency_conversions: JSON.stringify(c.currency_conversions),
          settings: JSON.stringify(c.settings),
          updated_at: at,
        },
      ]
    }
    case 'payRanges': {
      const r = row as CompanySnapshot['payRanges'][number]
      return ['pay_range', { ...r, salaried: flag(r.salaried) }]
    }
    case 'jobProfiles': {
      const j = row as CompanySnapshot['jobProfiles'][number]
      return ['job_profile', { ...j, exemption_status: flag(j.exemption_status) }]
    }
    // Teams first without their parents and managers (they point at rows written after them).
    case 'teams':
      return ['team', { ...(row as Team), parent_team_id: null, manager_id: null, planner_id: null }]
    case 'employees':
    case 'rewards': {
      const { table, flags } = LARGE_TABLES[part]
      const values = { ...(row as Record<string, Value | boolean>) }
      for (const name of flags) values[name] = flag(values[name] === true)
      return [table, values as Row]
    }
    case 'submissions':
      return ['planner_submission', { ...(row as CompanySnapshot['submissions'][number]), updated_at: at }]
    case 'users': {
      const u = row as CompanySnapshot['users'][number]
      return [
        'app_user',
        {
          email: u.email.toLowerCase(),
          name: u.name,
          role_id: ROLES.indexOf(u.role) + 1,
          employee_id: u.employee_id,
          invite_accepted: 1,
          created_at: at,
        },
      ]
    }
  }
}

/** While a join writes (a new file, nobody else reading it): a rollback journal, cheap for an empty file, and a large cache. */
const JOIN_CACHE_KIB = 256 * 1024

/**
 * A join's bulk load of a new workbook (by rows or from a company file): the file is new, so its
 * rollback journal stays small (pages beyond the file's old end are not journaled) and a crash still
 * leaves the empty workbook, where WAL would write every page twice; the employee and reward
 * tables' secondary indexes are dropped in the load's transaction and built once at its end. `end`
 * puts back WAL and the usual cache.
 */
export class BulkLoad {
  private readonly cacheSize: unknown
  private readonly indexes: { name: string; sql: string }[]

  constructor(private readonly db: Database) {
    this.cacheSize = db.pragma('cache_size', { simple: true })
    db.pragma('journal_mode = DELETE')
    db.pragma(`cache_size = -${JOIN_CACHE_KIB}`)
    this.indexes = db
      .prepare(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('employee', 'reward') AND sql IS NOT NULL",
      )
      .all() as { name: string; sql: string }[]
  }

  /** In the load's transaction, before the rows. */
  dropIndexes(): void {
    for (const index of this.indexes) this.db.exec(`DROP INDEX "${index.name}"`)
  }

  /** In the load's transaction, after the rows. */
  buildIndexes(): void {
    for (const index of this.indexes) this.db.exec(index.sql)
  }

  end(): void {
    this.db.pragma('journal_mode = WAL')
    this.db.pragma(`cache_size = ${String(this.cacheSize)}`)
  }
}

/**
 * Writes a company downloaded from the server into an empty, migrated workbook as its rows arrive
 * (join): one transaction from the first row to `commit`, the server's ids kept, the signed-in user as
 * the workbook's owner of record. Rows must come in the download's order (cycles, ranges, profiles,
 * teams, employees, rewards, submissions, users), as the workbook's links ask.
 * Bulk loaded (`BulkLoad`).
 */
export class SnapshotWriter implements SnapshotSink {
  private readonly statements = new Map<string, { statement: Statement; columns: string[] }>()
  private readonly largeStatements = new Map<LargePart, { statement: Statement; flags: number[] }>()
  private readonly teamLinks: Team[] = []
  private readonly load: BulkLoad
  private readonly at: string

  constructor(
    private readonly workbook: Workbook,
    now = new Date(),
  ) {
    this.at = now.toISOString()
    const db = workbook.sqlite
    this.load = new BulkLoad(db)
    db.exec('BEGIN')
    this.load.dropIndexes()
    writeRoles(db)
  }

  row<P extends SnapshotPart>(part: P, row: CompanySnapshot[P][number]): void {
    if (part === 'teams') this.teamLinks.push(row as Team)
    const [table, values] = stored(part, row, this.at)
    this.insert(table, values)
  }

  /** A large part's row as its checked values, written as they are (flags as 0 or 1). */
  values(part: LargePart, values: unknown[]): void {
    let prepared = this.largeStatements.get(part)
    if (!prepared) {
      const columns: string[] = snapshotColumns(part)
      const { table, flags } = LARGE_TABLES[part]
      const statement = this.workbook.sqlite.prepare(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      )
      prepared = { statement, flags: flags.map((flag) => columns.indexOf(flag)) }
      this.largeStatements.set(part, prepared)
    }
    for (const at of prepared.flags) values[at] = values[at] ? 1 : 0
    prepared.statement.run(values)
  }

  /** The teams' links, the company and the feed position the replica follows from; then commits. */
  commit(company: JoinedCompany): void {
    const db = this.workbook.sqlite
    const link = db.prepare('UPDATE team SET parent_team_id = ?, manager_id = ?, planner_id = ? WHERE id = ?')
    for (const t of this.teamLinks) link.run(t.parent_team_id, t.manager_id, t.planner_id, t.id)
    writeJoinedCompany(db, company, this.at)
    this.load.buildIndexes()
    db.exec('COMMIT')
    this.load.end()
  }

  /** Leaves the workbook as it was before the first row. */
  rollback(): void {
    if (this.workbook.sqlite.inTransaction) this.workbook.sqlite.exec('ROLLBACK')
    this.load.end()
  }

  /** One prepared statement per table: a part's rows all have the schema's columns (nullable, never missing). */
  private insert(table: string, row: Row): void {
    let prepared = this.statements.get(table)
    if (!prepared) {
      const columns = Object.keys(row)
      const statement = this.workbook.sqlite.prepare(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      )
      prepared = { statement, columns }
      this.statements.set(table, prepared)
    }
    const { statement, columns } = prepared
    const values = new Array<Value>(columns.length)
    for (let i = 0; i < columns.length; i++) values[i] = row[columns[i]] ?? null
    statement.run(values)
  }
}

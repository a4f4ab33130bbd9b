import { PassThrough } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { sql, type Transaction } from 'kysely'
import { to as copyTo } from 'pg-copy-streams'
import {
  snapshotColumns,
  snapshotEndLine,
  rowOf,
  snapshotLine,
  SNAPSHOT_STREAM_TYPE,
  type SnapshotPart,
} from '../../src-shared/contract/company-snapshot-stream'
import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { hasAdminPowers } from '../../src-shared/domain/roles'
import { inScope, type PlanningScope } from '../../src-shared/domain/visibility'
import type { ServerContext } from '../context'
import { withOwnConnection, type ServerDb } from '../db/connect'
import type { ServerDatabase } from '../db/schema'
import { callerOf } from '../http/context'
import { scopeOf } from '../http/planning-access'
import { withoutPay } from '../sync/scope-rows'

/** Employees and rewards are read this many at a time, so the server never holds the company whole. */
const PAGE = 5000

type Employee = CompanySnapshot['employees'][number]
type Write = (text: string | Buffer) => Promise<void>

/** The large parts: their table, key and part name. */
const LARGE_PARTS = [
  { table: 'employee', key: 'id', part: 'employees' },
  { table: 'reward', key: 'employee_id', part: 'rewards' },
] as const

/** A large part's rows as lines, each built by PostgreSQL: `["employees",[values in the schema's column order]]`. */
function lineSql(part: 'employees' | 'rewards'): string {
  const columns = snapshotColumns(part)
    .map((c) => `"${c}"`)
    .join(', ')
  return `'["${part}",' || json_build_array(${columns})::text || ']'`
}

/** The bytes of COPY's rows sent together. */
const BLOCK = 256 * 1024
const NEWLINE = 0x0a
function linesIn(chunk: Buffer): number {
  let n = 0
  for (let at = chunk.indexOf(NEWLINE); at >= 0; at = chunk.indexOf(NEWLINE, at + 1)) n++
  return n
}

/**
 * All of the company's employees and rewards, for a caller who sees everyone: PostgreSQL's COPY
 * streams the lines it builds straight to the desktop (the server neither parses nor holds them), on
 * a connection of its own that reads the join's exported snapshot, so every row is of the same moment. CSV
 * with a delimiter and quote that JSON text never holds raw (PostgreSQL escapes every control
 * character) leaves each line exactly as built. Answers how many rows went.
 */
async function copyLargeParts(
  db: ServerDb,
  snapshot: string,
  companyId: number,
  write: Write,
): Promise<number> {
  if (!/^[0-9A-F-]+$/i.test(snapshot) || !Number.isSafeInteger(companyId))
    throw new Error('A company download needs a snapshot and a company.')
  return withOwnConnection(db, async (client) => {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
    await client.query(`SET TRANSACTION SNAPSHOT '${snapshot}'`)
    let rows = 0
    for (const { table, key, part } of LARGE_PARTS) {
      const copy = client.query(
        copyTo(
          `COPY (SELECT ${lineSql(part)} FROM ${table} WHERE company_id = ${companyId} ORDER BY ${key}) ` +
            `TO STDOUT (FORMAT csv, DELIMITER E'\\x01', QUOTE E'\\x02')`,
        ),
      )
      // COPY hands over a row at a time; the desktop gets them in blocks (a row per HTTP chunk costs both sides dearly).
      let block: Buffer[] = []
      let size = 0
      const flush = async () => {
        if (size === 0) return
        const joined = Buffer.concat(block, size)
        block = []
        size = 0
        rows += linesIn(joined)
        await write(joined)
      }
      for await (const chunk of copy as AsyncIterable<Buffer>) {
        block.push(chunk)
        size += chunk.length
        if (size >= BLOCK) await flush()
      }
      await flush()
    }
    await client.query('COMMIT')
    return rows
  })
}

type Place = { id: number; team_id: number | null; manager_id: number | null; planner_id: number | null }

function placesOf(trx: Transaction<ServerDatabase>, companyId: number): Promise<Place[]> {
  return trx
    .selectFrom('employee')
    .select(['id', 'team_id', 'manager_id', 'planner_id'])
    .where('company_id', '=', companyId)
    .execute()
}

/** Whom a caller of a planning scope sees in full, and whom the tree names to them without pay. */
interface SeenBy {
  visible: ReadonlySet<number>
  named: ReadonlySet<number>
}

function seenBy(
  scope: PlanningScope,
  teams: CompanySnapshot['teams'],
  users: readonly { employee_id: number | null }[],
  places: readonly Place[],
): SeenBy {
  const visible = new Set(places.filter((e) => inScope(scope, e.team_id)).map((e) => e.id))
  const named = new Set<number>()
  for (const t of teams) for (const id of [t.manager_id, t.planner_id]) if (id !== null) named.add(id)
  for (const e of places)
    if (visible.has(e.id)) for (const id of [e.manager_id, e.planner_id]) if (id !== null) named.add(id)
  for (const u of users) if (u.employee_id !== null) named.add(u.employee_id)
  return { visible, named }
}

/**
 * The employees and rewards of a caller who sees part of the company, in pages of PAGE by their key
 * (PostgreSQL builds each line and the next page while this one is sent): the visible in full, the
 * others the tree names without their pay, nobody else. Answers how many rows went.
 */
async function writeVisibleLargeParts(
  trx: Transaction<ServerDatabase>,
  companyId: number,
  { visible, named }: SeenBy,
  write: Write,
): Promise<number> {
  async function* pages(
    table: 'employee' | 'reward',
    key: 'id' | 'employee_id',
    part: 'employees' | 'rewards',
  ) {
    const pageAfter = (after: number) =>
      sql<{ key: number; line: string }>`
        SELECT ${sql.ref(key)} AS key, ${sql.raw(lineSql(part))} AS line FROM ${sql.table(table)}
        WHERE company_id = ${companyId} AND ${sql.ref(key)} > ${after}
        ORDER BY ${sql.ref(key)} LIMIT ${PAGE}`.execute(trx)
    for (let next = pageAfter(0); ;) {
      const { rows: page } = await next
      if (page.length < PAGE) {
        if (page.length > 0) yield page
        return
      }
      next = pageAfter(page[page.length - 1].key)
      next.catch(() => undefined)
      yield page
    }
  }
  let rows = 0
  const send = async (list: readonly string[]) => {
    if (list.length === 0) return
    rows += list.length
    await write(`${list.join('\n')}\n`)
  }
  for await (const page of pages('employee', 'id', 'employees'))
    await send(
      page.flatMap(({ key, line }) =>
        visible.has(key)
          ? [line]
          : named.has(key)
            ? [
                snapshotLine(
                  'employees',
                  withoutPay(rowOf('employees', (JSON.parse(line) as [string, unknown[]])[1]) as Employee),
                ).trimEnd(),
              ]
            : [],
      ),
    )
  for await (const page of pages('reward', 'employee_id', 'rewards'))
    await send(page.filter(({ key }) => visible.has(key)).map(({ line }) => line))
  return rows
}

/**
 * Join: the company as the caller may see it, one row per line, in one repeatable-read transaction
 * (every row and the feed position from the same moment). Admin roles get all of it; a planner or
 * manager gets their teams' people and rewards in full, and the others the tree needs (managers and
 * planners of other teams) by name only, their pay left out. The end line carries the feed position
 * the replica follows from.
 */
export async function writeSnapshot(
  db: ServerDb,
  companyId: number,
  scope: PlanningScope | null,
  write: Write,
) {
  let rows = 0
  const emit = async (part: SnapshotPart, list: readonly unknown[]) => {
    if (list.length === 0) return
    rows += list.length
    await write(list.map((row) => snapshotLine(part, row)).join(''))
  }
  await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const cycles = await trx
        .selectFrom('pay_cycle')
        .select(['id', 'name', 'active', 'effective_date', 'company_merit_budget', 'default_currency'])
        .select(['currency_conversions', 'settings'])
        .where('company_id', '=', companyId)
        .orderBy('id')
        .execute()
      await emit('payCycles', cycles)
      const whole = async (part: 'payRanges' | 'jobProfiles' | 'teams') => {
        const table = ({ payRanges: 'pay_range', jobProfiles: 'job_profile', teams: 'team' } as const)[part]
        const list = await trx
          .selectFrom(table)
          .select(snapshotColumns(part) as never[])
          .where('company_id', '=', companyId)
          .orderBy('id')
          .execute()
        await emit(part, list)
        return list as unknown as CompanySnapshot[typeof part]
      }
      await whole('payRanges')
      await whole('jobProfiles')
      const teams = (await whole('teams')) as CompanySnapshot['teams']
      const users = await trx
        .selectFrom('app_user')
        .select(['email', 'name', 'role', 'employee_id'])
        .where('company_id', '=', companyId)
        .orderBy('id')
        .execute()
      if (scope === null) {
        const { rows: exported } = await sql<{ id: string }>`SELECT pg_export_snapshot() AS id`.execute(trx)
        rows += await copyLargeParts(db, exported[0].id, companyId, write)
      } else
        rows += await writeVisibleLargeParts(
          trx,
          companyId,
          seenBy(scope, teams, users, await placesOf(trx, companyId)),
          write,
        )
      await emit(
        'submissions',
        await trx
          .selectFrom('planner_submission')
          .select(['planner_employee_id', 'pay_cycle_id', 'submission_type', 'comments'])
          .where('company_id', '=', companyId)
          .orderBy('id')
          .execute(),
      )
      await emit('users', users)
      const feed = await trx
        .selectFrom('sync_change')
        .select(sql<number | null>`MAX(seq)`.as('seq'))
        .where('company_id', '=', companyId)
        .executeTakeFirst()
      await write(snapshotEndLine(rows, Number(feed?.seq ?? 0)))
    })
}

export function snapshotRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context
  app.get('/api/company/snapshot/', async (request, reply) => {
    const who = await callerOf(request, context)
    const scope = hasAdminPowers(who.role) ? null : await scopeOf(db, who)
    const out = new PassThrough()
    const write: Write = async (text) => {
      if (out.destroyed) throw new Error('The desktop stopped the download.')
      if (!out.write(text))
        await new Promise<void>((resolve) => {
          const done = () => {
            out.off('drain', done)
            out.off('close', done)
            resolve()
          }
          out.once('drain', done)
          out.once('close', done)
        })
    }
    // A failure halfway ends the stream without its end line: the desktop refuses the download.
    writeSnapshot(db, who.companyId, scope, write).then(
      () => out.end(),
      (error: unknown) => {
        request.log.error(error, 'the company download failed')
        out.destroy(error instanceof Error ? error : new Error(String(error)))
      },
    )
    return reply.type(SNAPSHOT_STREAM_TYPE).send(out)
  })
}

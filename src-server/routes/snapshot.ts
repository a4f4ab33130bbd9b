import { PassThrough } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
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
import type { ServerDb } from '../db/connect'
import { callerOf, requirePages } from '../http/context'
import { scopeOf } from '../http/planning-access'
import { PLANNING_PAGES } from './planning'

/** Employees and rewards are read this many at a time, so the server never holds the company whole. */
const PAGE = 5000

type Employee = CompanySnapshot['employees'][number]
type Write = (text: string) => Promise<void>

/** Someone the tree needs but the caller may not see: a name and a place, no pay. */
function withoutPay(e: Employee): Employee {
  return {
    ...e,
    current_salary: 0,
    current_dollar_bonus: 0,
    current_percent_bonus: 0,
    gender: null,
    race: null,
    age: null,
  }
}

/**
 * Join: the company as the caller may see it, one row per line, in one repeatable-read transaction
 * (every row and the feed position from the same moment). Admin roles get all of it; a planner or
 * manager gets their teams' people and rewards in full, and the others the tree needs (managers and
 * planners of other teams) by name only, their pay left out. The end line carries the feed position
 * the replica follows from.
 */
async function writeSnapshot(db: ServerDb, companyId: number, scope: PlanningScope | null, write: Write) {
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
      const places = await trx
        .selectFrom('employee')
        .select(['id', 'team_id', 'manager_id', 'planner_id'])
        .where('company_id', '=', companyId)
        .execute()
      const users = await trx
        .selectFrom('app_user')
        .select(['email', 'name', 'role', 'employee_id'])
        .where('company_id', '=', companyId)
        .orderBy('id')
        .execute()
      const visible = new Set(
        places.filter((e) => scope === null || inScope(scope, e.team_id)).map((e) => e.id),
      )
      const named = new Set<number>()
      for (const t of teams) for (const id of [t.manager_id, t.planner_id]) if (id !== null) named.add(id)
      for (const e of places)
        if (visible.has(e.id)) for (const id of [e.manager_id, e.planner_id]) if (id !== null) named.add(id)
      for (const u of users) if (u.employee_id !== null) named.add(u.employee_id)

      /**
       * A table's rows in pages of PAGE, by its key, each already a line: PostgreSQL writes the JSON,
       * the values in the schema's column order without their names (half the bytes of objects),
       * so the server neither parses nor re-serialises 200,000 rows, and never holds the company whole.
       */
      async function* lines(
        table: 'employee' | 'reward',
        key: 'id' | 'employee_id',
        part: 'employees' | 'rewards',
      ) {
        const columns = sql.join(snapshotColumns(part).map((c) => sql.ref(c)))
        const pageAfter = (after: number) =>
          sql<{ key: number; line: string }>`
            SELECT r.${sql.ref(key)} AS key, ${`["${part}",`}::text || json_build_array(${columns})::text || ']' AS line
            FROM (SELECT ${columns} FROM ${sql.table(table)}
                  WHERE company_id = ${companyId} AND ${sql.ref(key)} > ${after}
                  ORDER BY ${sql.ref(key)} LIMIT ${PAGE}) r`.execute(trx)
        // PostgreSQL builds the next page while this one is sent.
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
      const send = async (list: readonly string[]) => {
        if (list.length === 0) return
        rows += list.length
        await write(`${list.join('\n')}\n`)
      }
      for await (const page of lines('employee', 'id', 'employees'))
        await send(
          page.flatMap(({ key, line }) =>
            visible.has(key)
              ? [line]
              : named.has(key)
                ? [
                    snapshotLine(
                      'employees',
                      withoutPay(
                        rowOf('employees', (JSON.parse(line) as [string, unknown[]])[1]) as Employee,
                      ),
                    ).trimEnd(),
                  ]
                : [],
          ),
        )
      for await (const page of lines('reward', 'employee_id', 'rewards'))
        await send(page.filter(({ key }) => visible.has(key)).map(({ line }) => line))
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
    requirePages(who, PLANNING_PAGES, 'download the company')
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

import { sql } from 'kysely'
import { rowOf, snapshotColumns } from '../../src-shared/contract/company-snapshot-stream'
import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import type { ScopeRows, SyncChange } from '../../src-shared/contract/sync-dto'
import { inScope, type PlanningScope } from '../../src-shared/domain/visibility'
import type { ServerDb } from '../db/connect'

type Employee = CompanySnapshot['employees'][number]
type Reward = CompanySnapshot['rewards'][number]

/** How many people the feed brings in full to a follower who sees part of the company. */
export interface ScopeRowsLimits {
  /**
   * A page stops before the org chart change that would take it past this many, unless that change
   * is the page's first to bring anyone.
   */
  perPage: number
  /** More people than this moved into a follower's teams by one change are not sent: the replica joins again. */
  most: number
}

export const SCOPE_ROWS_LIMITS: ScopeRowsLimits = { perPage: 2000, most: 20_000 }

/** Someone the tree names to a follower who may not see them: a name and a place, no pay (join and the feed alike). */
export function withoutPay(e: Employee): Employee {
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

/** An org chart change's moves: the employees it placed and the teams whose parent or manager it set. */
function movesOf(change: SyncChange): { employees: number[]; teams: number[] } | null {
  if ((change.kind !== 'team' && change.kind !== 'team.deleted') || change.values === null) return null
  const values = change.values as {
    teams?: { id: number }[]
    moved?: { employee_ids: number[] }[]
  }
  const employees = (values.moved ?? []).flatMap((m) => m.employee_ids)
  const teams = (values.teams ?? []).map((t) => t.id)
  return employees.length === 0 && teams.length === 0 ? null : { employees, teams }
}

/** Rows built by PostgreSQL in join's column order (`json_build_array`), so they read as join's do. */
async function rowsOf<P extends 'employees' | 'rewards'>(
  db: ServerDb,
  part: P,
  companyId: number,
  where: ReturnType<typeof sql>,
): Promise<CompanySnapshot[P]> {
  const columns = snapshotColumns(part)
    .map((c) => `"${c}"`)
    .join(', ')
  const table = part === 'employees' ? 'employee' : 'reward'
  const { rows } = await sql<{ line: unknown[] }>`
    SELECT json_build_array(${sql.raw(columns)}) AS line FROM ${sql.table(table)}
    WHERE company_id = ${companyId} AND ${where}`.execute(db)
  return rows.map((r) => rowOf(part, r.line)) as CompanySnapshot[P]
}

/**
 * Adds `scope_rows` to the org chart changes of a page read by a follower who sees part of the
 * company (a planner, a manager): the people each change moved (its members, and everyone in the
 * teams whose parent or manager it set, with their sub-teams) who are in the follower's teams now
 * come in full with their rewards and the names the tree needs beside them; those who are not are
 * named as gone from their teams. Judged as the company is when the feed is read, as join would.
 * A page carries about `limits.perPage` people in full: `cutBefore` is the change it stops before
 * (the follower reads it next). One change bringing more than `limits.most` sends only their count
 * (`join_again`): the replica is told to join again.
 */
export async function withScopeRows(
  db: ServerDb,
  companyId: number,
  scope: PlanningScope,
  changes: SyncChange[],
  limits: ScopeRowsLimits = SCOPE_ROWS_LIMITS,
): Promise<{ changes: SyncChange[]; cutBefore: number | null }> {
  if (scope.all || !changes.some((c) => movesOf(c) !== null)) return { changes, cutBefore: null }
  const teams = await db
    .selectFrom('team')
    .select(['id', 'parent_team_id'])
    .where('company_id', '=', companyId)
    .execute()
  const children = new Map<number, number[]>()
  for (const t of teams)
    if (t.parent_team_id !== null)
      children.set(t.parent_team_id, [...(children.get(t.parent_team_id) ?? []), t.id])
  const subtree = (ids: readonly number[]) => {
    const seen = new Set(ids)
    const queue = [...ids]
    while (queue.length > 0)
      for (const child of children.get(queue.pop()!) ?? [])
        if (!seen.has(child)) {
          seen.add(child)
          queue.push(child)
        }
    return [...seen]
  }
  const out: SyncChange[] = []
  let sent = 0
  for (const change of changes) {
    const moves = movesOf(change)
    if (!moves) {
      out.push(change)
      continue
    }
    const inTeams = subtree(moves.teams)
    const touched = await rowsOf(
      db,
      'employees',
      companyId,
      sql`(id = ANY(${moves.employees}::int[]) OR team_id = ANY(${inTeams}::int[]))`,
    )
    const full = touched.filter((e) => inScope(scope, e.team_id))
    const left = touched.filter((e) => !inScope(scope, e.team_id)).map((e) => e.id)
    if (full.length > limits.most) {
      const scopeRows: ScopeRows = { full: [], rewards: [], names: [], left, join_again: full.length }
      out.push({ ...change, scope_rows: scopeRows } as SyncChange)
      continue
    }
    if (sent > 0 && sent + full.length > limits.perPage) return { changes: out, cutBefore: change.seq }
    sent += full.length
    const fullIds = new Set(full.map((e) => e.id))
    const named = [
      ...new Set(full.flatMap((e) => [e.manager_id, e.planner_id]).filter((id) => id !== null)),
    ].filter((id) => !fullIds.has(id))
    const rewards: Reward[] =
      full.length === 0
        ? []
        : await rowsOf(db, 'rewards', companyId, sql`employee_id = ANY(${[...fullIds]}::int[])`)
    const names =
      named.length === 0
        ? []
        : (await rowsOf(db, 'employees', companyId, sql`id = ANY(${named}::int[])`)).map(withoutPay)
    const scopeRows: ScopeRows = { full, rewards, names, left }
    out.push({ ...change, scope_rows: scopeRows } as SyncChange)
  }
  return { changes: out, cutBefore: null }
}

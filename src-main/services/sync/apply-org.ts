import type { Transaction } from 'kysely'
import { z } from 'zod'
import { text } from '../../../src-shared/contract/text'
import type { OrgSnapshot } from '../../../src-shared/contract'
import type { Workbook } from '../../workbook/open'
import type { WorkbookDatabase } from '../../workbook/schema'
import { appendChangeLog } from '../../workbook/queries/change-log'
import { readOrgSnapshot } from '../../workbook/queries/org-chart'
import type { Author } from './apply-pay-cycle'
import { keepBehindPush } from './apply-records'

type Trx = Transaction<WorkbookDatabase>

const id = z.number().int().positive()

/** What a server org chart write moved besides the team itself (src-server/routes/teams.ts `OrgMoves`). */
const orgMoves = z.object({
  teams: z
    .array(z.object({ id, parent_team_id: id.nullable(), manager_id: id.nullable() }))
    .optional()
    .default([]),
  moved: z
    .array(z.object({ team_id: id.nullable(), employee_ids: z.array(id) }))
    .optional()
    .default([]),
})

/** A new team's row as POST /teams/ stores it (the budget fields are applied by apply-team.ts). */
const newTeam = z.object({
  name: text().min(1),
  parent_team_id: id.nullable().optional(),
  manager_id: id.nullable().optional(),
  planner_id: id.nullable().optional(),
  budget: z.number().nullable().optional(),
  budget_currency: text().nullable().optional(),
  calculated_budget: z.number().nullable().optional(),
  recommended_budget: z.number().nullable().optional(),
})

/**
 * The employees and teams an org chart change of this replica still queued names (outbox kind
 * `org_chart`: the state the drop wrote); they keep the local values, which reach the server after.
 */
async function queuedMoves(trx: Trx): Promise<{ employees: Set<number>; teams: Set<number> }> {
  const rows = await trx.selectFrom('sync_outbox').select('fields').where('kind', '=', 'org_chart').execute()
  const employees = new Set<number>()
  const teams = new Set<number>()
  for (const row of rows) {
    const parsed = queuedDrop.safeParse(JSON.parse(row.fields))
    if (!parsed.success) continue
    const { snapshot } = parsed.data.org_chart
    for (const e of snapshot.employees) employees.add(e.id)
    for (const t of snapshot.teams) teams.add(t.id)
  }
  return { employees, teams }
}

const queuedDrop = z.object({
  org_chart: text()
    .transform((text) => JSON.parse(text) as unknown)
    .pipe(
      z.object({
        snapshot: z.object({
          employees: z.array(z.object({ id: z.number() })),
          teams: z.array(z.object({ id: z.number() })),
        }),
      }),
    ),
})

/** SQLite's limit on bound values: long id lists are read in chunks. */
const CHUNK = 10_000

async function existing(trx: Trx, table: 'team' | 'employee', ids: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>()
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await trx
      .selectFrom(table)
      .select('id')
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute()
    for (const r of rows) found.add(r.id)
  }
  return found
}

/** The employees' teams as stored now (an applied move that changes nothing is not written or logged). */
async function teamsOf(trx: Trx, ids: readonly number[]): Promise<Map<number, number | null>> {
  const found = new Map<number, number | null>()
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await trx
      .selectFrom('employee')
      .select(['id', 'team_id'])
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute()
    for (const r of rows) found.set(r.id, r.team_id)
  }
  return found
}

interface Written {
  /** The employees whose team changed here and the teams whose parent or manager changed (or were made). */
  employeeIds: number[]
  teamIds: number[]
}

/**
 * Writes what the server's org chart write moved: teams' parents and managers, employees' teams, as
 * the server has them. A team or employee this replica does not hold is passed over (a manager's
 * replica holds the others by name only), a link to one becomes none, and an employee with an org
 * chart move of this replica still queued keeps the local team (it reaches the server after).
 */
async function writeMoves(
  trx: Trx,
  moves: z.infer<typeof orgMoves>,
  gone: number | null,
  author: Author,
): Promise<Written> {
  const teamIds = moves.teams.map((t) => t.id)
  const linkedTeams = moves.teams.flatMap((t) => (t.parent_team_id === null ? [] : [t.parent_team_id]))
  const movedTo = moves.moved.flatMap((m) => (m.team_id === null ? [] : [m.team_id]))
  const teams = await existing(trx, 'team', [...teamIds, ...linkedTeams, ...movedTo])
  if (gone !== null) teams.delete(gone)
  const employeeIds = moves.moved.flatMap((m) => m.employee_ids)
  const managers = moves.teams.flatMap((t) => (t.manager_id === null ? [] : [t.manager_id]))
  const employees = await existing(trx, 'employee', [...employeeIds, ...managers])
  const queued = await queuedMoves(trx)
  const stored = new Map(
    teamIds.length === 0
      ? []
      : (
          await trx
            .selectFrom('team')
            .select(['id', 'parent_team_id', 'manager_id'])
            .where('id', 'in', teamIds)
            .execute()
        ).map((t) => [t.id, t]),
  )
  const placed = await teamsOf(trx, employeeIds)
  const written: Written = { employeeIds: [], teamIds: [] }
  // What a waiting drop holds back is kept on it, for its acknowledgement to order.
  const held: z.infer<typeof orgMoves> = {
    teams: moves.teams.filter((t) => teams.has(t.id) && queued.teams.has(t.id)),
    moved: moves.moved
      .map((m) => ({ ...m, employee_ids: m.employee_ids.filter((e) => queued.employees.has(e)) }))
      .filter((m) => m.employee_ids.length > 0),
  }
  if (held.teams.length > 0 || held.moved.length > 0)
    await keepBehindPush(trx, ['org_chart'], null, held, author)
  for (const t of moves.teams) {
    if (!teams.has(t.id) || queued.teams.has(t.id)) continue
    const parent = t.parent_team_id !== null && teams.has(t.parent_team_id) ? t.parent_team_id : null
    const manager = t.manager_id !== null && employees.has(t.manager_id) ? t.manager_id : null
    const now = stored.get(t.id)
    if (now && now.parent_team_id === parent && now.manager_id === manager) continue
    await trx
      .updateTable('team')
      .set({ parent_team_id: parent, manager_id: manager })
      .where('id', '=', t.id)
      .execute()
    written.teamIds.push(t.id)
  }
  for (const m of moves.moved) {
    const teamId = m.team_id !== null && teams.has(m.team_id) ? m.team_id : null
    const ids = m.employee_ids.filter(
      (e) => employees.has(e) && !queued.employees.has(e) && placed.get(e) !== teamId,
    )
    for (let i = 0; i < ids.length; i += CHUNK)
      await trx
        .updateTable('employee')
        .set({ team_id: teamId })
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .execute()
    written.employeeIds.push(...ids)
  }
  return written
}

const names = async (trx: Trx, table: 'team' | 'employee', ids: readonly number[]): Promise<string[]> =>
  ids.length === 0
    ? []
    : (await trx.selectFrom(table).select('name').where('id', 'in', ids).orderBy('id').execute()).map(
        (r) => r.name,
      )

/** The org chart's change-log entry, as a drop on this desktop writes it (before and after, undoable). */
async function logOrgChart(
  trx: Trx,
  workbook: Workbook,
  author: Author,
  action: string,
  before: OrgSnapshot,
  written: Written,
  message: string,
): Promise<void> {
  const after = readOrgSnapshot(workbook, written.employeeIds, written.teamIds)
  await appendChangeLog(trx, {
    at: author.at,
    userId: author.userId,
    entity: 'org_chart',
    entityId: null,
    action,
    oldValue: before,
    newValue: { ...after, message },
  })
}

/** Every team and employee a change names, read before it is written (the log's `before`). */
function touched(moves: z.infer<typeof orgMoves>, teamId: number) {
  return {
    employeeIds: moves.moved.flatMap((m) => m.employee_ids),
    teamIds: [...new Set([teamId, ...moves.teams.map((t) => t.id)])],
  }
}

/**
 * A team's structure from the feed (`team` change): a team made on the server (POST /teams/: its
 * whole row, with `teams` and `moved`) is made here with the same id; the parents, managers and
 * members the write moved follow, with the org chart's change-log entry in the author's name. A
 * team's name and budget are apply-team.ts's. True when something changed.
 */
export async function applyTeamStructure(
  trx: Trx,
  workbook: Workbook,
  teamId: number,
  values: Record<string, unknown>,
  author: Author,
): Promise<boolean> {
  const moves = orgMoves.safeParse(values)
  if (!moves.success) return false
  const found = await existing(trx, 'team', [teamId])
  const made = !found.has(teamId) ? newTeam.safeParse(values) : null
  if (!found.has(teamId) && !made?.success) return false
  if (found.has(teamId) && moves.data.teams.length === 0 && moves.data.moved.length === 0) return false
  const { employeeIds, teamIds } = touched(moves.data, teamId)
  const before = readOrgSnapshot(workbook, employeeIds, teamIds)
  if (made?.success) {
    const row = made.data
    const people = await existing(
      trx,
      'employee',
      [row.manager_id, row.planner_id].filter((e): e is number => typeof e === 'number'),
    )
    const held = (e: number | null | undefined) => (e != null && people.has(e) ? e : null)
    await trx
      .insertInto('team')
      .values({
        id: teamId,
        name: row.name,
        parent_team_id: null,
        manager_id: held(row.manager_id),
        planner_id: held(row.planner_id),
        budget: row.budget ?? null,
        budget_currency: row.budget_currency ?? null,
        calculated_budget: row.calculated_budget ?? null,
        recommended_budget: row.recommended_budget ?? null,
      })
      .execute()
    // The row's own parent, in case `teams` does not list it (POST lists it when it has one).
    const parent = row.parent_team_id ?? null
    if (parent !== null && !moves.data.teams.some((t) => t.id === teamId))
      moves.data.teams.push({ id: teamId, parent_team_id: parent, manager_id: held(row.manager_id) })
  }
  const written = await writeMoves(trx, moves.data, null, author)
  if (made?.success && !written.teamIds.includes(teamId)) written.teamIds.push(teamId)
  if (!made?.success && written.teamIds.length === 0 && written.employeeIds.length === 0) return false
  const name = made?.success ? made.data.name : ((await names(trx, 'team', [teamId]))[0] ?? `team ${teamId}`)
  const members = await names(trx, 'employee', written.employeeIds.slice(0, 3))
  const message = made?.success
    ? members.length === 0
      ? `Created ${name}`
      : `Created ${name} with ${members.join(', ')}${written.employeeIds.length > 3 ? ` and ${written.employeeIds.length - 3} more` : ''}`
    : `Moved teams and people around ${name}`
  await logOrgChart(
    trx,
    workbook,
    author,
    made?.success ? 'createTeam' : 'moveTeams',
    before,
    written,
    message,
  )
  return true
}

/**
 * Moves another desktop's org chart change held back behind this replica's waiting drop, written once
 * the server's order puts them after it (kept-records.ts): as the feed would have written them, with
 * the org chart's change-log entry. True when something moved.
 */
export async function applyKeptOrgMoves(
  trx: Trx,
  workbook: Workbook,
  values: Record<string, unknown>,
  author: Author,
): Promise<boolean> {
  const moves = orgMoves.safeParse(values)
  if (!moves.success) return false
  const before = readOrgSnapshot(
    workbook,
    moves.data.moved.flatMap((m) => m.employee_ids),
    moves.data.teams.map((t) => t.id),
  )
  const written = await writeMoves(trx, moves.data, null, author)
  if (written.teamIds.length === 0 && written.employeeIds.length === 0) return false
  await logOrgChart(
    trx,
    workbook,
    author,
    'moveTeams',
    before,
    written,
    'Moved teams and people as the server has them',
  )
  return true
}

/**
 * A team removed on the server (`team.deleted`): its sub-teams and members move up as `teams` and
 * `moved` say, then it is removed here, with the org chart's change-log entry (the team is absent
 * after it). A budget of the team still queued here is dropped: the server refuses it for a team that
 * is gone. True when the team was here.
 */
export async function applyTeamDeleted(
  trx: Trx,
  workbook: Workbook,
  teamId: number,
  values: Record<string, unknown>,
  author: Author,
): Promise<boolean> {
  const moves = orgMoves.safeParse(values)
  const team = await trx.selectFrom('team').select('name').where('id', '=', teamId).executeTakeFirst()
  if (!moves.success || !team) return false
  const { employeeIds, teamIds } = touched(moves.data, teamId)
  const before = readOrgSnapshot(workbook, employeeIds, teamIds)
  const written = await writeMoves(trx, moves.data, teamId, author)
  const members = moves.data.moved.reduce((n, m) => n + m.employee_ids.length, 0)
  const subTeams = moves.data.teams.filter((t) => t.id !== teamId).length
  await trx.updateTable('employee').set({ team_id: null }).where('team_id', '=', teamId).execute()
  await trx.updateTable('team').set({ parent_team_id: null }).where('parent_team_id', '=', teamId).execute()
  await trx
    .deleteFrom('sync_outbox')
    .where('kind', '=', 'team.budget')
    .where('entity_id', '=', teamId)
    .execute()
  await trx.deleteFrom('team').where('id', '=', teamId).execute()
  await logOrgChart(
    trx,
    workbook,
    author,
    'deleteTeam',
    before,
    { ...written, teamIds: [...written.teamIds, teamId] },
    `Deleted the team ${team.name}; its ${members} members and ${subTeams} sub-teams moved up.`,
  )
  return true
}

import type { FastifyInstance } from 'fastify'
import { sql, type Transaction } from 'kysely'
import { z } from 'zod'
import { text } from '../../src-shared/contract/text'
import { DEFAULT_TEAM_NAME } from '../../src-shared/domain/hierarchy'
import { addTeam, buildOrgStore, removeTeam, type OrgStore } from '../../src-shared/domain/org-chart'
import type { ServerContext } from '../context'
import type { FeedWaiters } from '../sync/feed-waiters'
import { keepUnchangedKey, keyUsed, recordCompanyChange } from '../sync/changes'
import { pushKeyOf } from '../sync/push-keys'
import { answerFeedPosition } from '../http/feed-position'
import type { RecordChangeKind } from '../../src-shared/contract/sync-dto'
import { orgSnapshotSchema } from '../../src-shared/contract/org-chart-dto'
import type { ServerDatabase } from '../db/schema'
import { callerOf } from '../http/context'
import { HttpError } from '../http/errors'
import { logChange } from '../db/change-log'

const id = z.number().int().positive()

/** POST /teams/: a team's fields; members are employees moved into it. */
export const newTeamSchema = z
  .object({
    name: text().trim().max(300).optional(),
    parent_team_id: id.nullable().optional(),
    manager_id: id.nullable().optional(),
    planner_id: id.nullable().optional(),
    members: z.array(id).max(100_000).optional(),
  })
  .strict()

type Trx = Transaction<ServerDatabase>

/**
 * PUT /org-chart/ (ours): a desktop's org chart drop, its undo or redo, as the state it wrote (the
 * teams' parents and managers, the employees' teams and managers, the teams it removed) and the teams
 * it made (`created_teams`, numbered by the desktop).
 */
const orgChartPutSchema = z
  .object({ snapshot: orgSnapshotSchema, created_teams: z.array(id).max(50_000) })
  .strict()

/** A team that would be inside itself (its parent chain comes back to it), or null. */
function teamInsideItself(parents: Map<number, number | null>): number | null {
  for (const start of parents.keys()) {
    const seen = new Set<number>()
    for (let at: number | null = start; at !== null; at = parents.get(at) ?? null) {
      if (seen.has(at)) return start
      seen.add(at)
    }
  }
  return null
}

/** The company's org chart as org-chart.ts holds it, read in the caller's transaction (teams locked). */
async function orgStore(trx: Trx, companyId: number) {
  const teams = await trx
    .selectFrom('team')
    .select(['id', 'name', 'parent_team_id', 'manager_id'])
    .where('company_id', '=', companyId)
    .forUpdate()
    .execute()
  const employees = await trx
    .selectFrom('employee')
    .select(['id', 'name', 'team_id'])
    .where('company_id', '=', companyId)
    .execute()
  return buildOrgStore(
    teams.map((t) => ({ id: t.id, name: t.name, parentTeamId: t.parent_team_id, managerId: t.manager_id })),
    employees.map((e) => ({ id: e.id, name: e.name, teamId: e.team_id, managedTeamIds: [] })),
  )
}

/** What an org chart change did besides the team itself (carried by its feed change). */
interface OrgMoves {
  /** Teams whose parent or manager changed, with the new ones. */
  teams: { id: number; parent_team_id: number | null; manager_id: number | null }[]
  /** Employees who changed team, by their new team. */
  moved: { team_id: number | null; employee_ids: number[] }[]
}

/** Writes what org-chart.ts changed: teams' parents and managers, employees' teams. */
async function writeChanges(
  trx: Trx,
  companyId: number,
  before: OrgStore,
  after: OrgStore,
): Promise<OrgMoves> {
  const moves: OrgMoves = { teams: [], moved: [] }
  for (const [teamId, team] of after.teams) {
    const old = before.teams.get(teamId)
    if (!old || (old.parentTeamId === team.parentTeamId && old.managerId === team.managerId)) continue
    moves.teams.push({ id: teamId, parent_team_id: team.parentTeamId, manager_id: team.managerId })
    await trx
      .updateTable('team')
      .set({ parent_team_id: team.parentTeamId, manager_id: team.managerId })
      .where('company_id', '=', companyId)
      .where('id', '=', teamId)
      .execute()
  }
  const moved = new Map<number | null, number[]>()
  for (const [employeeId, employee] of after.employees)
    if (before.employees.get(employeeId)?.teamId !== employee.teamId)
      moved.set(employee.teamId, [...(moved.get(employee.teamId) ?? []), employeeId])
  for (const [teamId, ids] of moved) {
    moves.moved.push({ team_id: teamId, employee_ids: ids })
    await trx
      .updateTable('employee')
      .set({ team_id: teamId })
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute()
  }
  return moves
}

/**
 * POST /teams/ and DELETE /teams/{id}/ with the org chart's relations (org-chart.ts `addTeam`,
 * `removeTeam`): a new team's manager becomes a member of its parent; a removed team's sub-teams
 * and members move up to its parent. Admin roles, as the org chart on the desktop.
 */
export function teamRoutes(app: FastifyInstance, context: ServerContext, waiters: FeedWaiters): void {
  const { db } = context

  app.post('/api/teams/', async (request) => {
    const who = await callerOf(request, context)
    const body = newTeamSchema.parse(request.body ?? {})
    const c = who.companyId
    const created = await db.transaction().execute(async (trx) => {
      const before = await orgStore(trx, c)
      if (body.parent_team_id != null && !before.teams.has(body.parent_team_id))
        throw new HttpError(400, `parent_team_id: No team has the id ${body.parent_team_id}.`)
      for (const [field, employeeId] of [
        ['manager_id', body.manager_id],
        ['planner_id', body.planner_id],
        ...(body.members ?? []).map((m) => ['members', m] as const),
      ] as const)
        if (employeeId != null && !before.employees.has(employeeId))
          throw new HttpError(400, `${field}: No employee has the id ${employeeId}.`)
      const next = await trx
        .selectFrom('team')
        .select(sql<number>`coalesce(max(id), 0) + 1`.as('id'))
        .where('company_id', '=', c)
        .executeTakeFirstOrThrow()
      const name = body.name || DEFAULT_TEAM_NAME
      const team = {
        id: Number(next.id),
        name,
        parentTeamId: body.parent_team_id ?? null,
        managerId: body.manager_id ?? null,
        members: body.members ?? [],
        subTeams: [],
      }
      await trx
        .insertInto('team')
        .values({
          company_id: c,
          id: team.id,
          name,
          parent_team_id: null,
          manager_id: null,
          planner_id: body.planner_id ?? null,
          budget: null,
          budget_currency: null,
          calculated_budget: null,
          recommended_budget: null,
        })
        .execute()
      // As stored so far: the new team without its parent, manager and members, which addTeam applies.
      const inserted = {
        ...before,
        teams: new Map(before.teams).set(team.id, {
          ...team,
          parentTeamId: null,
          managerId: null,
          members: [],
        }),
      }
      const moves = await writeChanges(trx, c, inserted, addTeam(before, team))
      await logChange(trx, who, {
        entity: 'team',
        entityId: team.id,
        action: 'create',
        oldValue: null,
        newValue: body,
      })
      const row = await trx
        .selectFrom('team')
        .selectAll()
        .where('company_id', '=', c)
        .where('id', '=', team.id)
        .executeTakeFirstOrThrow()
      const { company_id: _c, ...values } = row
      await recordCompanyChange(trx, who, 'team', team.id, { ...values, ...moves })
      return values
    })
    waiters.notify(c)
    return created
  })

  app.put('/api/org-chart/', async (request, reply) => {
    const who = await callerOf(request, context)
    const { snapshot, created_teams: created } = orgChartPutSchema.parse(request.body ?? {})
    const key = pushKeyOf(request, who)
    const c = who.companyId
    const used = key ? await keyUsed(db, c, key) : null
    if (used) {
      // A replica's push replayed (its answer was lost): nothing applied again.
      void reply.header('idempotent-replay', 'true')
      answerFeedPosition(reply, used.seq)
      return { ok: true, message: 'Nothing changed.' }
    }
    const answer = await db.transaction().execute(async (trx) => {
      const before = await orgStore(trx, c)
      const made = new Set(created)
      for (const t of snapshot.teams) {
        const there = before.teams.get(t.id)
        if (made.has(t.id) && there)
          throw new HttpError(
            409,
            `The team id ${t.id} is taken on the server by ${there.name}, made meanwhile on another desktop.`,
          )
        if (!made.has(t.id) && !there) throw new HttpError(404, `No team has the id ${t.id}.`)
      }
      const teamIds = new Set([...before.teams.keys(), ...snapshot.teams.map((t) => t.id)])
      for (const gone of snapshot.absentTeams) teamIds.delete(gone)
      for (const e of snapshot.employees)
        if (!before.employees.has(e.id)) throw new HttpError(404, `No employee has the id ${e.id}.`)
      const teamLinks = [
        ...snapshot.teams.map((t) => t.parentTeamId),
        ...snapshot.employees.map((e) => e.teamId),
      ]
      for (const linked of teamLinks)
        if (linked !== null && !teamIds.has(linked)) throw new HttpError(404, `No team has the id ${linked}.`)
      const managers = [...snapshot.teams, ...snapshot.employees].map((r) => r.managerId)
      for (const linked of managers)
        if (linked !== null && !before.employees.has(linked))
          throw new HttpError(404, `No employee has the id ${linked}.`)
      const parents = new Map([...before.teams.values()].map((t) => [t.id, t.parentTeamId]))
      for (const t of snapshot.teams) parents.set(t.id, t.parentTeamId)
      for (const gone of snapshot.absentTeams) parents.delete(gone)
      const looped = teamInsideItself(parents)
      if (looped !== null) throw new HttpError(400, `That would put the team ${looped} inside itself.`)

      for (const t of snapshot.teams) {
        if (made.has(t.id))
          await trx
            .insertInto('team')
            .values({
              company_id: c,
              id: t.id,
              name: t.name,
              parent_team_id: null,
              manager_id: t.managerId,
              planner_id: t.managerId,
              budget: null,
              budget_currency: null,
              calculated_budget: null,
              recommended_budget: null,
            })
            .execute()
        else
          await trx
            .updateTable('team')
            .set({ manager_id: t.managerId })
            .where('company_id', '=', c)
            .where('id', '=', t.id)
            .execute()
      }
      for (const t of snapshot.teams)
        await trx
          .updateTable('team')
          .set({ parent_team_id: t.parentTeamId })
          .where('company_id', '=', c)
          .where('id', '=', t.id)
          .execute()
      for (const e of snapshot.employees)
        await trx
          .updateTable('employee')
          .set({ team_id: e.teamId, manager_id: e.managerId })
          .where('company_id', '=', c)
          .where('id', '=', e.id)
          .execute()
      if (snapshot.absentTeams.length > 0)
        await trx
          .deleteFrom('team')
          .where('company_id', '=', c)
          .where('id', 'in', snapshot.absentTeams)
          .execute()
      const after = await orgStore(trx, c)
      const moves: OrgMoves = { teams: [], moved: [] }
      for (const [teamId, team] of after.teams) {
        const old = before.teams.get(teamId)
        if (old && old.parentTeamId === team.parentTeamId && old.managerId === team.managerId) continue
        moves.teams.push({ id: teamId, parent_team_id: team.parentTeamId, manager_id: team.managerId })
      }
      const moved = new Map<number | null, number[]>()
      for (const [employeeId, employee] of after.employees)
        if (before.employees.get(employeeId)?.teamId !== employee.teamId)
          moved.set(employee.teamId, [...(moved.get(employee.teamId) ?? []), employeeId])
      for (const [teamId, ids] of moved) moves.moved.push({ team_id: teamId, employee_ids: ids })
      await logChange(trx, who, {
        entity: 'org_chart',
        entityId: null,
        action: 'update',
        oldValue: null,
        newValue: { snapshot, created_teams: created },
      })
      // The feed: a team made carries its row (as POST /teams/), the moves ride on the first change;
      // the push's key on the last, whose position its answer gives (a replay's too).
      const changes: [RecordChangeKind, number, Record<string, unknown>][] = []
      const changed = moves.teams.length > 0 || moves.moved.length > 0
      const firstTeam = [...created, ...moves.teams.map((t) => t.id), ...moves.moved.map((m) => m.team_id)]
      const subject = firstTeam.find((t): t is number => t !== null && after.teams.has(t))
      if (changed && subject !== undefined) {
        const row = made.has(subject)
          ? await trx
              .selectFrom('team')
              .selectAll()
              .where('company_id', '=', c)
              .where('id', '=', subject)
              .executeTakeFirstOrThrow()
          : null
        const { company_id: _c, ...values } = row ?? { company_id: c }
        changes.push(['team', subject, { ...values, ...moves }])
      }
      for (const teamId of created) {
        if (teamId === subject || !after.teams.has(teamId)) continue
        const row = await trx
          .selectFrom('team')
          .selectAll()
          .where('company_id', '=', c)
          .where('id', '=', teamId)
          .executeTakeFirstOrThrow()
        const { company_id: _c, ...values } = row
        changes.push(['team', teamId, { ...values, teams: [], moved: [] }])
      }
      for (const gone of snapshot.absentTeams)
        if (before.teams.has(gone)) changes.push(['team.deleted', gone, { teams: [], moved: [] }])
      let seq: number | null = null
      for (const [i, [kind, id, values]] of changes.entries())
        seq = await recordCompanyChange(trx, who, kind, id, values, [], i === changes.length - 1 ? key : null)
      // A drop the server already had made no change to carry its key: kept on its own.
      if (seq === null) await keepUnchangedKey(trx, c, key)
      return { ok: true, message: changed ? 'Saved the org chart.' : 'Nothing changed.', seq }
    })
    waiters.notify(c)
    answerFeedPosition(reply, answer.seq)
    return { ok: answer.ok, message: answer.message }
  })

  app.delete('/api/teams/:id/', async (request) => {
    const who = await callerOf(request, context)
    const teamId = z.coerce
      .number()
      .int()
      .positive()
      .parse((request.params as { id: string }).id)
    const c = who.companyId
    const answer = await db.transaction().execute(async (trx) => {
      const before = await orgStore(trx, c)
      const team = before.teams.get(teamId)
      if (!team) throw new HttpError(404, `No team has the id ${teamId}.`)
      const stored = await trx
        .selectFrom('team')
        .selectAll()
        .where('company_id', '=', c)
        .where('id', '=', teamId)
        .executeTakeFirstOrThrow()
      const moves = await writeChanges(trx, c, before, removeTeam(before, teamId))
      await trx.deleteFrom('team').where('company_id', '=', c).where('id', '=', teamId).execute()
      const { company_id: _c, ...old } = stored
      await logChange(trx, who, {
        entity: 'team',
        entityId: teamId,
        action: 'delete',
        oldValue: { team: old, subTeams: team.subTeams, members: team.members },
        newValue: null,
      })
      await recordCompanyChange(trx, who, 'team.deleted', teamId, { ...moves })
      return {
        ok: true,
        message: `Deleted the team ${team.name}; its ${team.members.length} members and ${team.subTeams.length} sub-teams moved up.`,
      }
    })
    waiters.notify(c)
    return answer
  })
}

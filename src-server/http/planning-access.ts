import { sql } from 'kysely'
import { CYCLE_CLOSED, NOT_YOUR_EMPLOYEE, PLAN_SUBMITTED } from '../../src-shared/domain/locks'
import { hasAdminPowers } from '../../src-shared/domain/roles'
import {
  inScope,
  planningScope,
  type PlanningScope,
  chainCoveredBySubmission,
  submissionScope,
  type ScopedTeam,
} from '../../src-shared/domain/visibility'
import type { ServerDb } from '../db/connect'
import type { Caller } from './context'
import { HttpError } from './errors'

const TEAM_LINKS = [
  'id',
  'parent_team_id as parentTeamId',
  'manager_id as managerId',
  'planner_id as plannerId',
] as const

/** The caller's whole planning scope (lists): every team of the company, src-shared's rule. */
export async function scopeOf(db: ServerDb, caller: Caller): Promise<PlanningScope> {
  const everyone = planningScope(caller.role, caller.employeeId, [])
  if (everyone.all) return everyone
  const teams = await db
    .selectFrom('team')
    .select(TEAM_LINKS)
    .where('company_id', '=', caller.companyId)
    .execute()
  return planningScope(caller.role, caller.employeeId, teams)
}

const chainJson = sql<ScopedTeam[]>`(SELECT coalesce(json_agg(json_build_object(
  'id', id, 'parentTeamId', parent_team_id, 'managerId', manager_id, 'plannerId', planner_id)), '[]') FROM chain)`

/**
 * Whether the caller plans members of the team whose ancestor chain this is. The same rule as
 * `scopeOf`, over the team and the teams above it only (a team is in scope when it or a team above
 * it is the caller's), so one edit does not read every team of a large company. A chain that ends
 * in a parent cycle is judged on every team, as the whole tree cuts cycles.
 */
async function chainInScope(
  db: ServerDb,
  caller: Caller,
  teamId: number | null,
  chain: readonly ScopedTeam[],
): Promise<boolean> {
  const scope = planningScope(caller.role, caller.employeeId, chain)
  if (scope.all || teamId === null) return scope.all
  const ids = new Set(chain.map((t) => t.id))
  const loops = chain.length > 0 && chain.every((t) => t.parentTeamId !== null && ids.has(t.parentTeamId))
  if (loops) return inScope(await scopeOf(db, caller), teamId)
  return inScope(scope, teamId)
}

/** Whether the caller plans the members of this team (see `chainInScope`). */
export async function plansTeam(db: ServerDb, caller: Caller, teamId: number | null): Promise<boolean> {
  if (planningScope(caller.role, caller.employeeId, []).all) return true
  if (teamId === null) return false
  const { rows } = await sql<{ chain: ScopedTeam[] }>`
    WITH RECURSIVE chain (id, parent_team_id, manager_id, planner_id) AS (
      SELECT id, parent_team_id, manager_id, planner_id FROM team WHERE company_id = ${caller.companyId} AND id = ${teamId}
      UNION
      SELECT t.id, t.parent_team_id, t.manager_id, t.planner_id
      FROM team t JOIN chain c ON t.company_id = ${caller.companyId} AND t.id = c.parent_team_id
    )
    SELECT ${chainJson} AS chain`.execute(db)
  return chainInScope(db, caller, teamId, rows[0]?.chain ?? [])
}

/**
 * An employee the caller may plan, read in one statement with the team's chain and the locks: 404
 * outside the company, 403 outside the caller's teams; `lockReason` says why a change would be
 * refused now (the cycle closed, or the caller's own plan submitted), else null.
 */
export async function plannedEmployee(
  db: ServerDb,
  caller: Caller,
  employeeId: number,
): Promise<{ id: number; team_id: number | null; lockReason: string | null }> {
  const { rows } = await sql<{
    id: number
    team_id: number | null
    chain: ScopedTeam[]
    cycle_id: number | null
    submitted: boolean
  }>`
    WITH RECURSIVE target AS (
      SELECT id, team_id FROM employee WHERE company_id = ${caller.companyId} AND id = ${employeeId}
    ), chain (id, parent_team_id, manager_id, planner_id) AS (
      SELECT t.id, t.parent_team_id, t.manager_id, t.planner_id
      FROM team t JOIN target ON t.company_id = ${caller.companyId} AND t.id = target.team_id
      UNION
      SELECT t.id, t.parent_team_id, t.manager_id, t.planner_id
      FROM team t JOIN chain c ON t.company_id = ${caller.companyId} AND t.id = c.parent_team_id
    ), cycle AS (
      SELECT id FROM pay_cycle WHERE company_id = ${caller.companyId} AND active
    )
    SELECT target.id, target.team_id, ${chainJson} AS chain, (SELECT id FROM cycle) AS cycle_id,
      EXISTS (SELECT 1 FROM planner_submission s JOIN cycle ON s.pay_cycle_id = cycle.id
              WHERE s.company_id = ${caller.companyId} AND s.planner_employee_id = ${caller.employeeId ?? -1}) AS submitted
    FROM target`.execute(db)
  const employee = rows[0]
  if (!employee) throw new HttpError(404, `No employee has the id ${employeeId}.`)
  if (!(await chainInScope(db, caller, employee.team_id, employee.chain)))
    throw new HttpError(403, NOT_YOUR_EMPLOYEE)
  // One's own submission locks the teams it covers (an admin's, not the whole company: issue 39).
  const covered =
    employee.submitted &&
    chainCoveredBySubmission(caller.role, caller.employeeId ?? null, employee.team_id, employee.chain)
  const lockReason = employee.cycle_id === null ? CYCLE_CLOSED : covered ? PLAN_SUBMITTED : null
  return { id: employee.id, team_id: employee.team_id, lockReason }
}

/** The active pay cycle's id, or null when every cycle is closed. */
export async function activeCycleId(db: ServerDb, companyId: number): Promise<number | null> {
  const cycle = await db
    .selectFrom('pay_cycle')
    .select('id')
    .where('company_id', '=', companyId)
    .where('active', '=', true)
    .executeTakeFirst()
  return cycle?.id ?? null
}

/** Why the caller's planning is locked now (the cycle closed, or their own plan submitted), or null. */
export async function lockReason(db: ServerDb, caller: Caller): Promise<string | null> {
  const row = await db
    .selectFrom('pay_cycle as c')
    .select((eb) => [
      'c.id',
      eb
        .exists(
          eb
            .selectFrom('planner_submission as s')
            .select('s.id')
            .whereRef('s.company_id', '=', 'c.company_id')
            .whereRef('s.pay_cycle_id', '=', 'c.id')
            .where('s.planner_employee_id', '=', caller.employeeId ?? -1),
        )
        .as('submitted'),
    ])
    .where('c.company_id', '=', caller.companyId)
    .where('c.active', '=', true)
    .executeTakeFirst()
  if (!row) return CYCLE_CLOSED
  return row.submitted ? PLAN_SUBMITTED : null
}

/**
 * The teams the caller's own submission locks when it does not lock everything (issue 39): an admin's or
 * owner's covers only the teams they manage or plan (`submissionScope`); null for other roles, whose
 * submission covers all they may plan.
 */
export async function submissionTeamIds(db: ServerDb, caller: Caller): Promise<ReadonlySet<number> | null> {
  if (!hasAdminPowers(caller.role)) return null
  if (caller.employeeId === null) return new Set()
  const teams = await db
    .selectFrom('team')
    .select(['id', 'parent_team_id', 'manager_id', 'planner_id'])
    .where('company_id', '=', caller.companyId)
    .where((eb) =>
      eb.or([eb('manager_id', '=', caller.employeeId), eb('planner_id', '=', caller.employeeId)]),
    )
    .execute()
  const scoped = teams.map((t) => ({
    id: Number(t.id),
    parentTeamId: t.parent_team_id === null ? null : Number(t.parent_team_id),
    managerId: t.manager_id === null ? null : Number(t.manager_id),
    plannerId: t.planner_id === null ? null : Number(t.planner_id),
  }))
  return submissionScope(caller.role, caller.employeeId, scoped)
}

/** Refuses a planner change while the caller's planning is locked. */
export async function requireUnlocked(db: ServerDb, caller: Caller): Promise<void> {
  const locked = await lockReason(db, caller)
  if (locked) throw new HttpError(403, locked)
}

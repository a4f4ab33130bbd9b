import type { Transaction } from 'kysely'
import { inScope, type PlanningScope } from '../../src-shared/domain/visibility'
import type { ServerDb } from '../db/connect'
import type { ServerDatabase } from '../db/schema'
import type { Caller } from '../http/context'
import { submissionView, withSpecFields } from './reward-views'

/** The planning lists the GETs and the bulk fetch answer, each without its company column. */

export type Reader = ServerDb | Transaction<ServerDatabase>

/** GET /employees/: the employees in the caller's scope. */
export async function employeesIn(db: Reader, companyId: number, scope: PlanningScope) {
  const rows = await db
    .selectFrom('employee')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute()
  return rows.filter((e) => inScope(scope, e.team_id)).map(({ company_id: _c, ...e }) => e)
}

/** GET /employeerewards/: the rewards of the employees in the caller's scope. */
export async function rewardsOf(db: Reader, who: Caller, scope: PlanningScope) {
  const rows = await db
    .selectFrom('reward')
    .innerJoin('employee', (join) =>
      join
        .onRef('employee.company_id', '=', 'reward.company_id')
        .onRef('employee.id', '=', 'reward.employee_id'),
    )
    .selectAll('reward')
    .select(['employee.team_id', 'employee.current_salary', 'employee.salaried', 'employee.fte'])
    .where('reward.company_id', '=', who.companyId)
    .orderBy('reward.employee_id')
    .execute()
  const shown = rows
    .filter((r) => inScope(scope, r.team_id))
    .map(({ company_id: _c, team_id: _t, ...r }) => r)
  return withSpecFields(db, who.companyId, shown)
}

/** One employee's reward as it is, or null. */
export async function currentReward(db: Reader, companyId: number, employeeId: number) {
  const row = await db
    .selectFrom('reward')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('employee_id', '=', employeeId)
    .executeTakeFirst()
  if (!row) return null
  const { company_id: _c, ...reward } = row
  return reward
}

/** GET /employeerewards/history/{employee}: newest first. */
export async function rewardHistoryOf(db: Reader, companyId: number, employeeId: number) {
  return db
    .selectFrom('reward_history')
    .select(['id', 'at', 'user_id', 'source', 'changes'])
    .where('company_id', '=', companyId)
    .where('employee_id', '=', employeeId)
    .orderBy('id', 'desc')
    .execute()
}

/** GET /payranges/. */
export async function payRangesOf(db: Reader, companyId: number) {
  const rows = await db
    .selectFrom('pay_range')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute()
  return rows.map(({ company_id: _c, ...r }) => r)
}

/** GET /paycycle/submit/. */
export async function submissionsOf(db: Reader, companyId: number) {
  const rows = await db
    .selectFrom('planner_submission')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute()
  return rows.map(({ company_id: _c, ...r }) => submissionView(r))
}

/** GET /jobprofiles/. */
export async function jobProfilesOf(db: Reader, companyId: number) {
  const rows = await db
    .selectFrom('job_profile')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute()
  // The spec's name of the range reference (`pay_range`) besides the stored one.
  return rows.map(({ company_id: _c, ...r }) => ({ ...r, pay_range: r.pay_range_id }))
}

/** GET /teams/. */
export async function teamsOf(db: Reader, companyId: number) {
  const rows = await db
    .selectFrom('team')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute()
  return rows.map(({ company_id: _c, ...r }) => r)
}

/** GET /paycycle/config/ (before the caller's reduced view). */
export async function payCycleRowsOf(db: Reader, companyId: number) {
  const rows = await db
    .selectFrom('pay_cycle')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute()
  return rows.map(({ company_id: _c, ...r }) => r)
}

import { submissionView } from './reward-views'
import {
  decideSubmission,
  type SubmissionActor,
  type SubmissionChange,
  type SubmissionCommand,
  type SubmissionFacts,
} from '../../src-shared/domain/commands/submission'
import { REFUSAL_STATUS, type Refusal } from '../../src-shared/domain/commands/refusal'
import { buildTeamTree, teamHolderId } from '../../src-shared/domain/hierarchy'
import type { ServerDb } from '../db/connect'
import type { Caller } from '../http/context'
import { ALREADY_SUBMITTED, HttpError } from '../http/errors'
import { recordChange } from '../sync/changes'
import { currentCycle } from './company-plan'

/**
 * Planner submissions on the company server: the facts the shared decision reads
 * (commands/submission.ts `decideSubmission`, the desktop's rules), read from PostgreSQL, and the
 * writes of what it accepts.
 */

/** The company as the submission rules read it: the current cycle, the team tree and its planners. */
export async function submissionFacts(db: ServerDb, companyId: number): Promise<SubmissionFacts> {
  const cycle = await currentCycle(db, companyId)
  const [teams, employees, submissions] = await Promise.all([
    db
      .selectFrom('team')
      .select(['id', 'parent_team_id', 'manager_id'])
      .where('company_id', '=', companyId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('employee')
      .select(['id', 'name', 'pay_cycle_id'])
      .where('company_id', '=', companyId)
      .execute(),
    db
      .selectFrom('planner_submission')
      .select('planner_employee_id')
      .where('company_id', '=', companyId)
      .where('pay_cycle_id', '=', cycle?.id ?? -1)
      .execute(),
  ])
  // As the desktop's table model: an employee without a pay cycle follows the current one.
  const payCycles = new Map(employees.map((e) => [e.id, { payCycleId: e.pay_cycle_id ?? undefined }]))
  const holders = new Map(
    teams.map((t) => [t.id, teamHolderId({ managerId: t.manager_id }, payCycles, cycle?.id)]),
  )
  const names = new Map(employees.map((e) => [e.id, e.name]))
  return {
    tree: buildTeamTree(teams.map((t) => ({ id: t.id, parentTeamId: t.parent_team_id }))),
    holderOf: (teamId) => holders.get(teamId) ?? null,
    cycle,
    nameOf: (id) => names.get(id),
    submitted: new Set(submissions.map((s) => s.planner_employee_id)),
  }
}

const refusalError = (refusal: Refusal) => new HttpError(REFUSAL_STATUS[refusal.code], refusal.message)

const actorOf = (who: Caller): SubmissionActor => ({ role: who.role, employeeId: who.employeeId })

/** The shared decision over the server's facts; a refusal is thrown with its status and message. */
function decided<K extends SubmissionChange['kind']>(
  command: Extract<SubmissionCommand, { kind: K }>,
  facts: SubmissionFacts,
  who: Caller,
): Extract<SubmissionChange, { kind: K }> {
  const decision = decideSubmission(command, facts, actorOf(who))
  if (!decision.ok) throw refusalError(decision)
  return decision.change as Extract<SubmissionChange, { kind: K }>
}

/** POST /paycycle/submit/: the request's command decided, then written with its change in the feed. */
export async function submitPlan(
  db: ServerDb,
  who: Caller,
  command: Extract<SubmissionCommand, { kind: 'submit' }>,
) {
  const facts = await submissionFacts(db, who.companyId)
  const change = decided(command, facts, who)
  const row = await db.transaction().execute(async (trx) => {
    // One per planner and cycle, however many arrive at once: the others find it there (409).
    const inserted = await trx
      .insertInto('planner_submission')
      .values({
        company_id: who.companyId,
        planner_employee_id: change.plannerId,
        pay_cycle_id: change.payCycleId,
        submission_type: change.type,
        comments: change.comments,
        submitted_by_user_id: who.userId,
      })
      .onConflict((oc) => oc.columns(['company_id', 'pay_cycle_id', 'planner_employee_id']).doNothing())
      .returningAll()
      .executeTakeFirst()
    if (!inserted) return null
    await recordChange(
      trx,
      who,
      {
        kind: 'submission',
        submission: {
          id: inserted.id,
          planner_employee_id: inserted.planner_employee_id,
          pay_cycle_id: inserted.pay_cycle_id,
          submission_type: inserted.submission_type,
          comments: inserted.comments,
        },
      },
      null,
    )
    return inserted
  })
  if (!row) {
    // Another request submitted first: the decision's own words for a submission already there.
    decided(command, { ...facts, submitted: new Set([...facts.submitted, change.plannerId]) }, who)
    throw new HttpError(409, ALREADY_SUBMITTED)
  }
  const { company_id: _c, ...stored } = row
  return submissionView(stored)
}

/** DELETE /paycycle/submit/{id}: 'Send back for changes', decided as the desktop decides it. */
export async function sendBack(db: ServerDb, who: Caller, submissionId: number): Promise<void> {
  const stored = await db
    .selectFrom('planner_submission')
    .select(['planner_employee_id', 'pay_cycle_id'])
    .where('company_id', '=', who.companyId)
    .where('id', '=', submissionId)
    .executeTakeFirst()
  if (!stored) throw new HttpError(404, `No planner submission has the id ${submissionId}.`)
  decided(
    { kind: 'sendBack', plannerId: stored.planner_employee_id, payCycleId: stored.pay_cycle_id },
    await submissionFacts(db, who.companyId),
    who,
  )
  const deleted = await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('planner_submission')
      .where('company_id', '=', who.companyId)
      .where('id', '=', submissionId)
      .returning(['id', 'planner_employee_id', 'pay_cycle_id'])
      .executeTakeFirst()
    if (row) await recordChange(trx, who, { kind: 'submission.deleted', submission: row }, null)
    return row
  })
  if (!deleted) throw new HttpError(404, `No planner submission has the id ${submissionId}.`)
}

import type { PlannerSubmissionDto, SessionUser } from '../../../src-shared/contract'
import { hasAdminPowers } from '../../../src-shared/domain/roles'
import { submissionTypeFor } from '../../../src-shared/domain/admin-rules'
import { submitForFailed, unsubmitForFailed } from '../../../src-shared/domain/submissions'
import { waitingForSubmissionMessage } from '../../../src-shared/domain/violations'
import type { Workbook } from '../../workbook/open'
import { appendChangeLog } from '../../workbook/queries/change-log'
import {
  deleteSubmission,
  findSubmission,
  insertSubmission,
  updateSubmissionComments,
} from '../../workbook/queries/submissions'
import { Failure } from '../failure'
import type { TableCache } from '../table/cache'
import type { TableModel } from '../table/model'
import { CYCLE_CLOSED } from '../table/rows'
import { heldTeams, isSubPlannerOf, subPlanners } from './rules'

export interface SubmitInput {
  /** null: the acting user's own plan. */
  plannerEmployeeId: number | null
  comments: string
}

const nameOf = (model: TableModel, id: number) => model.names.get(id) ?? `employee ${id}`

async function openCycleModel(table: TableCache, workbook: Workbook): Promise<TableModel> {
  const model = await table.get(workbook)
  if (!model.payCycle.active) throw new Failure('FORBIDDEN', CYCLE_CLOSED)
  return model
}

/**
 * Submits a planner's plan (spec §3–§6): one's own (PLANNER), a sub-planner's by a planner above
 * (FORCE, only while subPlannerNotSubmitted is not an error), anyone's by an admin role (HR). A
 * planner whose sub-planners have not all submitted may not submit while that rule is an error
 * (admin roles bypass it). Recorded in the change history.
 */
export async function submitPlan(
  table: TableCache,
  workbook: Workbook,
  user: SessionUser,
  input: SubmitInput,
  now = new Date(),
): Promise<PlannerSubmissionDto> {
  const model = await openCycleModel(table, workbook)
  const plannerId = input.plannerEmployeeId ?? user.employeeId
  if (plannerId === null)
    throw new Failure('FORBIDDEN', 'Your user is not an employee, so you have no plan to submit.')
  const name = nameOf(model, plannerId)
  const failFor = (reason: string) =>
    new Failure('FORBIDDEN', plannerId === user.employeeId ? reason : `${submitForFailed(name)}. ${reason}`)
  if (!model.names.has(plannerId)) throw new Failure('NOT_FOUND', `No employee has the id ${plannerId}.`)
  if (heldTeams(model, plannerId).length === 0) throw failFor(`${name} plans no team in this pay cycle.`)
  if (model.submitted.has(plannerId)) throw failFor(`${name} has already submitted.`)
  const type = submissionTypeFor(user.role, plannerId !== user.employeeId)
  const admin = hasAdminPowers(user.role)
  if (type === 'FORCE') {
    if (user.employeeId === null || !isSubPlannerOf(model, plannerId, user.employeeId))
      throw failFor(`${name} does not plan a team below yours.`)
    if (model.waitingSeverity === 'error')
      throw failFor('Only HR may force a submission while waiting for sub-planners is an error.')
  }
  if (type === 'PLANNER' && !admin && model.waitingSeverity === 'error') {
    const waiting = subPlanners(model, plannerId).filter((id) => !model.submitted.has(id))
    if (waiting.length > 0)
      throw new Failure(
        'FORBIDDEN',
        waitingForSubmissionMessage(waiting.length === 1 ? nameOf(model, waiting[0]) : null),
      )
  }
  const comments = input.comments.trim()
  if (comments === '') throw new Failure('BAD_INPUT', 'Comments are required.')
  const at = now.toISOString()
  await workbook.db.transaction().execute(async (trx) => {
    await insertSubmission(trx, {
      payCycleId: model.payCycle.id,
      plannerEmployeeId: plannerId,
      type,
      comments,
      userId: user.id,
      at,
    })
    await appendChangeLog(trx, {
      at,
      userId: user.id,
      entity: 'planner_submission',
      entityId: plannerId,
      action: 'submit',
      oldValue: null,
      newValue: { type, comments, payCycleId: model.payCycle.id },
    })
  })
  table.update(workbook, (m) => m.setSubmitted(plannerId, true))
  return (await findSubmission(workbook.db, model.payCycle.id, plannerId)) as PlannerSubmissionDto
}

async function requireSubmission(
  model: TableModel,
  workbook: Workbook,
  plannerId: number,
  fail: (reason: string) => Failure,
) {
  const submission = await findSubmission(workbook.db, model.payCycle.id, plannerId)
  if (!submission) throw fail(`${nameOf(model, plannerId)} has not submitted.`)
  return submission
}

/**
 * 'Send back for changes' (admin roles): the planner's rows open again. The reason HR gives is kept
 * in the change log, where the planner's notice and the submission history read it (issue 39).
 */
export async function unsubmitPlan(
  table: TableCache,
  workbook: Workbook,
  user: SessionUser,
  plannerEmployeeId: number,
  now = new Date(),
  reason: string | null = null,
): Promise<null> {
  const model = await openCycleModel(table, workbook)
  const fail = (reason: string) =>
    new Failure('FORBIDDEN', `${unsubmitForFailed(nameOf(model, plannerEmployeeId))}. ${reason}`)
  const submission = await requireSubmission(model, workbook, plannerEmployeeId, fail)
  const at = now.toISOString()
  await workbook.db.transaction().execute(async (trx) => {
    await deleteSubmission(trx, submission.id, at)
    await appendChangeLog(trx, {
      at,
      userId: user.id,
      entity: 'planner_submission',
      entityId: plannerEmployeeId,
      action: 'unsubmit',
      oldValue: { type: submission.submissionType, comments: submission.comments },
      newValue: { reason: reason?.trim() || null, payCycleId: model.payCycle.id },
    })
  })
  table.update(workbook, (m) => m.setSubmitted(plannerEmployeeId, false))
  return null
}

/** Admin roles edit a submission's comments. */
export async function editSubmissionComments(
  table: TableCache,
  workbook: Workbook,
  user: SessionUser,
  plannerEmployeeId: number,
  comments: string,
  now = new Date(),
): Promise<PlannerSubmissionDto> {
  const model = await table.get(workbook)
  const fail = (reason: string) => new Failure('NOT_FOUND', reason)
  const submission = await requireSubmission(model, workbook, plannerEmployeeId, fail)
  const text = comments.trim()
  if (text === '') throw new Failure('BAD_INPUT', 'Comments are required.')
  const at = now.toISOString()
  await workbook.db.transaction().execute(async (trx) => {
    await updateSubmissionComments(trx, submission.id, text, at)
    await appendChangeLog(trx, {
      at,
      userId: user.id,
      entity: 'planner_submission',
      entityId: plannerEmployeeId,
      action: 'comments',
      oldValue: { comments: submission.comments },
      newValue: { comments: text },
    })
  })
  return { ...submission, comments: text, updatedAt: at }
}

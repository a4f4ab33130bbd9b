import type { PlannerSubmissionDto, SessionUser } from '../../../src-shared/contract'
import {
  decideSubmission,
  type SubmissionChange,
  type SubmissionCommand,
  type SubmissionFacts,
} from '../../../src-shared/domain/commands/submission'
import type { Refusal } from '../../../src-shared/domain/commands/refusal'
import type { Workbook } from '../../workbook/open'
import { appendChangeLog } from '../../workbook/queries/change-log'
import {
  deleteSubmission,
  findSubmission,
  insertSubmission,
  updateSubmissionComments,
} from '../../workbook/queries/submissions'
import { Failure } from '../failure'
import { requireStorableText } from '../free-text'
import type { TableCache } from '../table/cache'
import type { TableModel } from '../table/model'

export interface SubmitInput {
  /** null: the acting user's own plan. */
  plannerEmployeeId: number | null
  comments: string
}

/** What the table model knows that the submission rules read (commands/submission.ts). */
export function submissionFacts(model: TableModel): SubmissionFacts {
  return {
    tree: model.tree,
    holderOf: (teamId) => model.holderOf(teamId),
    cycle: model.payCycle,
    nameOf: (id) => model.names.get(id),
    submitted: model.submitted,
  }
}

/** A refusal as the desktop reports it: an already-made submission stays FORBIDDEN, as before. */
const failureOf = (refusal: Refusal) =>
  new Failure(refusal.code === 'CONFLICT' ? 'FORBIDDEN' : refusal.code, refusal.message)

/** The shared decision over the open workbook's model; a refusal is thrown as a Failure. */
async function decide<K extends SubmissionChange['kind']>(
  table: TableCache,
  workbook: Workbook,
  user: SessionUser,
  command: Extract<SubmissionCommand, { kind: K }>,
): Promise<{ model: TableModel; change: Extract<SubmissionChange, { kind: K }> }> {
  const model = await table.get(workbook)
  const decision = decideSubmission(command, submissionFacts(model), user)
  if (!decision.ok) throw failureOf(decision)
  return { model, change: decision.change as Extract<SubmissionChange, { kind: K }> }
}

/**
 * Submits a planner's plan (spec §3–§6): the rules are commands/submission.ts `decideSubmission`,
 * shared with the company server. Recorded in the change history.
 */
export async function submitPlan(
  table: TableCache,
  workbook: Workbook,
  user: SessionUser,
  input: SubmitInput,
  now = new Date(),
): Promise<PlannerSubmissionDto> {
  requireStorableText({ Comments: input.comments })
  const { change } = await decide(table, workbook, user, {
    kind: 'submit',
    plannerId: input.plannerEmployeeId,
    comments: input.comments,
  })
  const { plannerId, type, comments, payCycleId } = change
  const at = now.toISOString()
  await workbook.db.transaction().execute(async (trx) => {
    await insertSubmission(trx, {
      payCycleId,
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
      newValue: { type, comments, payCycleId },
    })
  })
  table.update(workbook, (m) => m.setSubmitted(plannerId, true))
  return (await findSubmission(workbook.db, payCycleId, plannerId)) as PlannerSubmissionDto
}

async function storedSubmission(workbook: Workbook, payCycleId: number, plannerId: number) {
  const submission = await findSubmission(workbook.db, payCycleId, plannerId)
  if (!submission) throw new Failure('NOT_FOUND', `No submission of employee ${plannerId} is stored.`)
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
  if (reason !== null) requireStorableText({ 'Reason for sending back': reason })
  const { change } = await decide(table, workbook, user, { kind: 'sendBack', plannerId: plannerEmployeeId })
  const submission = await storedSubmission(workbook, change.payCycleId, plannerEmployeeId)
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
      newValue: { reason: reason?.trim() || null, payCycleId: change.payCycleId },
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
  requireStorableText({ Comments: comments })
  const { change } = await decide(table, workbook, user, {
    kind: 'editComments',
    plannerId: plannerEmployeeId,
    comments,
  })
  const submission = await storedSubmission(workbook, change.payCycleId, plannerEmployeeId)
  const text = change.comments
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

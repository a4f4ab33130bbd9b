import type { Transaction } from 'kysely'
import type { PlannerSubmissionDto } from '../../../src-shared/contract'
import type { SubmissionType } from '../../../src-shared/domain/admin-rules'
import type { Workbook } from '../open'
import { enqueueChange } from './sync'
import type { WorkbookDatabase } from '../schema'

type Db = Workbook['db'] | Transaction<WorkbookDatabase>

export async function findSubmission(
  db: Db,
  payCycleId: number,
  plannerEmployeeId: number,
): Promise<PlannerSubmissionDto | null> {
  const row = await db
    .selectFrom('planner_submission')
    .selectAll()
    .where('pay_cycle_id', '=', payCycleId)
    .where('planner_employee_id', '=', plannerEmployeeId)
    .executeTakeFirst()
  return row
    ? {
        id: row.id,
        plannerEmployeeId: row.planner_employee_id,
        payCycleId: row.pay_cycle_id,
        submissionType: row.submission_type,
        comments: row.comments,
        updatedAt: row.updated_at,
      }
    : null
}

export async function insertSubmission(
  trx: Transaction<WorkbookDatabase>,
  values: {
    payCycleId: number
    plannerEmployeeId: number
    type: SubmissionType
    comments: string
    userId: number
    at: string
  },
): Promise<void> {
  await trx
    .insertInto('planner_submission')
    .values({
      pay_cycle_id: values.payCycleId,
      planner_employee_id: values.plannerEmployeeId,
      submission_type: values.type,
      comments: values.comments,
      submitted_by_user_id: values.userId,
      updated_at: values.at,
    })
    .execute()
  const submission = {
    planner_employee: values.plannerEmployeeId,
    pay_cycle: values.payCycleId,
    submission_type: values.type,
    comments: values.comments,
  }
  await enqueueChange(trx, 'submission', values.plannerEmployeeId, submission, {}, values.at)
}

export async function updateSubmissionComments(
  trx: Transaction<WorkbookDatabase>,
  id: number,
  comments: string,
  at: string,
): Promise<void> {
  await trx.updateTable('planner_submission').set({ comments, updated_at: at }).where('id', '=', id).execute()
}

export async function deleteSubmission(
  trx: Transaction<WorkbookDatabase>,
  id: number,
  at: string,
): Promise<void> {
  const row = await trx.selectFrom('planner_submission').selectAll().where('id', '=', id).executeTakeFirst()
  await trx.deleteFrom('planner_submission').where('id', '=', id).execute()
  if (!row) return
  await enqueueChange(
    trx,
    'submission.deleted',
    row.planner_employee_id,
    { planner_employee: row.planner_employee_id, pay_cycle: row.pay_cycle_id },
    { submission_type: row.submission_type, comments: row.comments },
    at,
  )
}

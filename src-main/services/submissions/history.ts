import type { SessionUser, SubmissionHistoryDto } from '../../../src-shared/contract'
import { hasAdminPowers } from '../../../src-shared/domain/roles'
import { sentBackNotice, type SubmissionHistoryStep } from '../../../src-shared/domain/submissions'
import type { SubmissionType } from '../../../src-shared/domain/admin-rules'
import { listEntityChangeLog } from '../../workbook/queries/change-log'
import type { Workbook } from '../../workbook/open'
import { Failure } from '../failure'
import type { TableCache } from '../table/cache'
import { isSubPlannerOf } from '../../../src-shared/domain/commands/submission'

function parsed(value: string | null): Record<string, unknown> {
  if (value === null) return {}
  const data: unknown = JSON.parse(value)
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {}
}

const stringOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)

/**
 * A planner's submission steps in the current pay cycle (submitted, sent back with its reason,
 * comments edited), from the change log, and the notice they see while sent back (issue 39). A
 * planner reads their own; admin roles and the planners above anyone's.
 */
export async function submissionHistory(
  table: TableCache,
  workbook: Workbook,
  user: SessionUser,
  plannerEmployeeId: number | null,
): Promise<SubmissionHistoryDto> {
  const plannerId = plannerEmployeeId ?? user.employeeId
  if (plannerId === null)
    throw new Failure('BAD_INPUT', 'You are not an employee, so you have no plan to submit.')
  const model = await table.get(workbook)
  const own = plannerId === user.employeeId
  const above = user.employeeId !== null && isSubPlannerOf(model, plannerId, user.employeeId)
  if (!own && !hasAdminPowers(user.role) && !above)
    throw new Failure(
      'FORBIDDEN',
      'You may see the submission history of your own plan and the plans below yours.',
    )
  const steps: SubmissionHistoryStep[] = []
  for (const row of listEntityChangeLog(workbook, 'planner_submission', plannerId)) {
    const after = parsed(row.newValue)
    // Entries written before issue 39 carry no pay cycle: kept, as they cannot be told apart.
    if (typeof after.payCycleId === 'number' && after.payCycleId !== model.payCycle.id) continue
    if (row.action === 'submit') {
      const type = stringOrNull(after.type) as SubmissionType | null
      steps.push({
        at: row.at,
        action: 'submit',
        by: row.userName,
        text: stringOrNull(after.comments),
        ...(type ? { type } : {}),
      })
    } else if (row.action === 'unsubmit') {
      steps.push({ at: row.at, action: 'unsubmit', by: row.userName, text: stringOrNull(after.reason) })
    } else if (row.action === 'comments') {
      steps.push({ at: row.at, action: 'comments', by: row.userName, text: stringOrNull(after.comments) })
    }
  }
  return { plannerEmployeeId: plannerId, steps, sentBack: sentBackNotice(steps) }
}

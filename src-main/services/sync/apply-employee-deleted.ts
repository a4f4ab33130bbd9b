import type { Transaction } from 'kysely'
import type { Workbook } from '../../workbook/open'
import type { WorkbookDatabase } from '../../workbook/schema'
import { appendChangeLog } from '../../workbook/queries/change-log'
import { snapshotEmployee } from '../../workbook/queries/records'
import type { Author } from './apply-pay-cycle'

/** The pushes of this replica that are about one employee (their reward, their record, their plan). */
const EMPLOYEE_PUSHES = ['reward', 'employee', 'submission', 'submission.deleted']

/**
 * An employee removed on the server (DELETE /employees/{id}/): removed here as the record screen's
 * delete does, with its change-log entry (the snapshot 'Restore' reads) in the author's name. Their
 * reward, history and submissions go with them; the teams they managed or planned, their reports,
 * the employees they planned and their user are unlinked (`managed_team_ids`, … name the server's
 * rows; the workbook's own links are cleared the same way). Edits of theirs still queued here are
 * dropped: the server refuses them for an employee who is gone. Answers the employee's name and
 * whether such edits were dropped, or null when this replica does not hold them.
 */
export async function applyEmployeeDeleted(
  trx: Transaction<WorkbookDatabase>,
  workbook: Workbook,
  employeeId: number,
  author: Author,
): Promise<{ name: string; droppedEdits: boolean } | null> {
  const snapshot = snapshotEmployee(workbook, employeeId)
  if (!snapshot) return null
  await appendChangeLog(trx, {
    at: author.at,
    userId: author.userId,
    entity: 'employee',
    entityId: employeeId,
    action: 'delete',
    oldValue: snapshot,
    newValue: null,
  })
  const unlink = (table: 'team' | 'employee', column: 'manager_id' | 'planner_id') =>
    trx
      .updateTable(table)
      .set({ [column]: null })
      .where(column, '=', employeeId)
      .execute()
  await unlink('team', 'manager_id')
  await unlink('team', 'planner_id')
  await unlink('employee', 'manager_id')
  await unlink('employee', 'planner_id')
  await trx.updateTable('app_user').set({ employee_id: null }).where('employee_id', '=', employeeId).execute()
  const dropped = await trx
    .deleteFrom('sync_outbox')
    .where('kind', 'in', EMPLOYEE_PUSHES)
    .where('entity_id', '=', employeeId)
    .executeTakeFirst()
  await trx.deleteFrom('employee').where('id', '=', employeeId).execute()
  return { name: String(snapshot.employee.name), droppedEdits: Number(dropped.numDeletedRows) > 0 }
}

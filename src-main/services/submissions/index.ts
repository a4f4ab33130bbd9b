import type { PlannerStatusCard, PlannerStatusTree, SessionUser } from '../../../src-shared/contract'
import type { Workbook } from '../../workbook/open'
import { listPlannerSubmissions } from '../../workbook/queries/planning'
import type { TableCache } from '../table/cache'
import { findStatusTeams, plannerStatusTree } from './status'

export { editSubmissionComments, submitPlan, unsubmitPlan } from './submit'

async function cycleSubmissions(workbook: Workbook, payCycleId: number) {
  const map = new Map<number, PlannerStatusCard['submission']>()
  for (const s of await listPlannerSubmissions(workbook)) {
    if (s.payCycleId === payCycleId)
      map.set(s.plannerEmployeeId, { type: s.submissionType, comments: s.comments, updatedAt: s.updatedAt })
  }
  return map
}

export async function readPlannerStatus(
  table: TableCache,
  workbook: Workbook,
  user: SessionUser,
  query: { teamId: number | null; depth: number },
): Promise<PlannerStatusTree> {
  const model = await table.get(workbook)
  return plannerStatusTree(model, user, await cycleSubmissions(workbook, model.payCycle.id), query)
}

export async function searchPlannerStatus(
  table: TableCache,
  workbook: Workbook,
  user: SessionUser,
  text: string,
) {
  return findStatusTeams(await table.get(workbook), user, text)
}

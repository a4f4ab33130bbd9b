import type { PlannerStatusCard, PlannerStatusTree, SessionUser } from '../../../src-shared/contract'
import type { Workbook } from '../../workbook/open'
import { listPlannerSubmissions } from '../../workbook/queries/planning'
import type { TableCache } from '../table/cache'
import { findUserByEmail } from '../../workbook/queries/admin'
import { Failure } from '../failure'
import { findStatusTeams, plannerStatusTree, statusCard, viewerTops } from './status'
import { descendantTeamIds } from '../../../src-shared/domain/hierarchy'

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

/** Every card of the viewer's tree, parents first. */
export async function listPlannerStatus(
  table: TableCache,
  workbook: Workbook,
  user: SessionUser,
): Promise<PlannerStatusCard[]> {
  const model = await table.get(workbook)
  const submissions = await cycleSubmissions(workbook, model.payCycle.id)
  const ids = viewerTops(model, user).flatMap((id) => [id, ...descendantTeamIds(model.tree, id)])
  return ids.map((id) => statusCard(model, user, id, submissions))
}

/** The planner a request names: by employee id, or by their user's e-mail. */
export async function resolvePlanner(
  workbook: Workbook,
  input: { plannerEmployeeId: number | null; plannerEmail?: string },
): Promise<number | null> {
  if (input.plannerEmail === undefined) return input.plannerEmployeeId
  const user = await findUserByEmail(workbook, input.plannerEmail)
  if (!user) throw new Failure('NOT_FOUND', `No user has the e-mail ${input.plannerEmail}.`)
  if (user.employeeId === null)
    throw new Failure('NOT_FOUND', `${user.name} is not an employee, so plans no team.`)
  return user.employeeId
}

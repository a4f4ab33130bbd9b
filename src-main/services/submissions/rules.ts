import { ancestorTeamIds, descendantTeamIds } from '../../../src-shared/domain/hierarchy'
import type { TableModel } from '../table/model'

/** The teams a planner holds in this pay cycle. */
export function heldTeams(model: TableModel, plannerId: number): number[] {
  return model.tree.order.filter((id) => model.holderOf(id) === plannerId)
}

/** The planners of the teams below a planner's teams (themselves excepted), nearest first. */
export function subPlanners(model: TableModel, plannerId: number): number[] {
  const found = new Set<number>()
  for (const teamId of heldTeams(model, plannerId)) {
    for (const id of descendantTeamIds(model.tree, teamId)) {
      const holder = model.holderOf(id)
      if (holder !== null && holder !== plannerId) found.add(holder)
    }
  }
  return [...found]
}

/** Whether `plannerId` plans a team below one that `aboveId` plans. */
export function isSubPlannerOf(model: TableModel, plannerId: number, aboveId: number): boolean {
  return heldTeams(model, plannerId).some((teamId) =>
    ancestorTeamIds(model.tree, teamId).some((id) => model.holderOf(id) === aboveId),
  )
}

import type { SessionUser, StatementScope } from '../../../src-shared/contract'
import {
  unsubmittedPlans,
  unsubmittedWarning,
  type UnsubmittedPlans,
} from '../../../src-shared/domain/statements/readiness'
import type { TableModel } from '../table/model'
import { scopeIndexes } from './employees'

/**
 * Whether a batch's plans are final: an employee still waiting for a planner's submission (never
 * submitted or sent back) is counted with their team, and the warning names how many and where.
 */
export function statementReadiness(
  model: TableModel,
  user: SessionUser,
  scope: StatementScope,
): UnsubmittedPlans & { warning: string | null } {
  const rows = [...scopeIndexes(model, user, scope)].map((index) => {
    const row = model.rows[index]
    const teamId = row.e.teamId
    return {
      submitted: row.activePlannerId === null,
      team: teamId === null ? null : (model.teams.get(teamId)?.name ?? null),
    }
  })
  const plans = unsubmittedPlans(rows)
  return { ...plans, warning: unsubmittedWarning(plans) }
}

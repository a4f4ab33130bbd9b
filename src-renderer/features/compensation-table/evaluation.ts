import { createSelector } from '@reduxjs/toolkit'
import { evaluatePlan, type PlanEvaluation } from '../../../src-shared/domain/plan-evaluation'
import {
  selectEmployees,
  selectJobProfiles,
  selectPayRanges,
  selectRewards,
  selectTeams,
  type WithData,
} from '../../app/data-slice'
import { selectUser } from '../../app/session-slice'

const selectPlannerSubmissions = (state: WithData) => state.data.plannerSubmissions
const selectActivePayCycle = (state: WithData) => state.data.payCycles.find((c) => c.active) ?? null

/**
 * The same rules engine the main process runs (`check`), over the loaded company: violations,
 * proration, compa ratio and position in range for every row. Null until a pay cycle is active.
 */
export const selectPlanEvaluation = createSelector(
  [
    selectEmployees,
    selectRewards,
    selectJobProfiles,
    selectPayRanges,
    selectTeams,
    selectPlannerSubmissions,
    selectActivePayCycle,
    selectUser,
  ],
  (employees, rewards, jobProfiles, payRanges, teams, submissions, payCycle, user): PlanEvaluation | null =>
    payCycle
      ? evaluatePlan({
          employees,
          rewards,
          jobProfiles,
          payRanges,
          teams,
          submissions,
          payCycle,
          viewerEmployeeId: user?.employeeId ?? null,
        })
      : null,
)

import { createSelector } from '@reduxjs/toolkit'
import type { EmployeeDto, JobProfileDto, RewardDto, TeamDto } from '../../../src-shared/contract'
import { selectEmployees, selectJobProfiles, selectRewards, selectTeams } from '../../app/data-slice'
import { selectPlanEvaluation } from './evaluation'

/** One row of the compensation table: an employee joined with their reward, team and job profile. */
export interface CompensationRow {
  id: number
  employeeName: string
  manager: string | null
  planner: string | null
  jobTitle: string | null
  /** The reward's rating label, else the rating number. */
  performanceRating: string | null
  /** Cents, in `currency`; for hourly employees the hourly rate. */
  currentSalary: number
  newSalary: number | null
  lumpSum: number | null
  comments: string | null
  /** The company's own employee id. */
  employeeId: string
  currency: string
  salaried: boolean
  team: string | null
  /** From the rules engine: the worst severity of the row's violations and their messages. */
  severity: 'none' | 'warning' | 'error'
  violations: string[]
  compaRatio: number | null
  positionInRange: number | null
}

function byId<T extends { id: number }>(items: T[]): Map<number, T> {
  return new Map(items.map((item) => [item.id, item]))
}

export const selectEmployeesById = createSelector([selectEmployees], byId<EmployeeDto>)
export const selectJobProfilesById = createSelector([selectJobProfiles], byId<JobProfileDto>)
export const selectTeamsById = createSelector([selectTeams], byId<TeamDto>)
export const selectRewardsByEmployee = createSelector(
  [selectRewards],
  (rewards: RewardDto[]) => new Map(rewards.map((reward) => [reward.employeeId, reward])),
)

export function ratingDisplay(reward: RewardDto | undefined): string | null {
  if (!reward) return null
  if (reward.performanceRatingLabel) return reward.performanceRatingLabel
  return reward.performanceRating === null ? null : String(reward.performanceRating)
}

export const selectCompensationRows = createSelector(
  [
    selectEmployees,
    selectEmployeesById,
    selectRewardsByEmployee,
    selectJobProfilesById,
    selectTeamsById,
    selectPlanEvaluation,
  ],
  (employees, employeesById, rewards, jobProfiles, teams, evaluation): CompensationRow[] => {
    const nameOf = (id: number | null) => (id === null ? null : (employeesById.get(id)?.name ?? null))
    return employees.map((employee) => {
      const reward = rewards.get(employee.id)
      const profile = employee.jobProfileId === null ? undefined : jobProfiles.get(employee.jobProfileId)
      const checked = evaluation?.employees.get(employee.id)
      return {
        id: employee.id,
        employeeName: employee.name,
        manager: nameOf(employee.managerId),
        planner: nameOf(employee.plannerId),
        jobTitle: employee.jobTitle ?? profile?.jobProfile ?? null,
        performanceRating: ratingDisplay(reward),
        currentSalary: employee.currentSalary,
        newSalary: reward?.newSalary ?? null,
        lumpSum: reward?.lumpSum ?? null,
        comments: reward?.comments ?? null,
        employeeId: employee.companyEmployeeId,
        currency: employee.defaultPayCurrency,
        salaried: employee.salaried,
        team: employee.teamId === null ? null : (teams.get(employee.teamId)?.name ?? null),
        severity: checked?.severity ?? 'none',
        violations: checked?.violations.map((v) => v.message) ?? [],
        compaRatio: checked?.compaRatio ?? null,
        positionInRange: checked?.positionInRange ?? null,
      }
    })
  },
)

import { getCompany, getUserSettings, listRoles, listUsers } from '../../workbook/queries/admin'
import {
  listEmployees,
  listJobProfiles,
  listPayRanges,
  listPlannerSubmissions,
  listRewards,
  listTeams,
} from '../../workbook/queries/planning'
import { listPayCycles } from '../../workbook/queries/pay-cycles'
import type { HandlerMap } from '../types'

/** The reads of the spec's initial data load, in its order. */
export const dataHandlers: HandlerMap = {
  'employees.list': async (_input, { workbook }) => listEmployees(workbook),
  'rewards.list': async (_input, { workbook }) => listRewards(workbook),
  'jobProfiles.list': async (_input, { workbook }) => listJobProfiles(workbook),
  'payRanges.list': async (_input, { workbook }) => listPayRanges(workbook),
  'plannerSubmissions.list': async (_input, { workbook }) => listPlannerSubmissions(workbook),
  'teams.list': async (_input, { workbook }) => listTeams(workbook),
  'userSettings.get': async (_input, { workbook, user }) => getUserSettings(workbook, user.id),
  'payCycles.list': async (_input, { workbook }) => listPayCycles(workbook),
  'users.list': async (_input, { workbook }) => listUsers(workbook),
  'roles.list': async (_input, { workbook }) => listRoles(workbook),
  'company.get': async (_input, { workbook }) => getCompany(workbook),
}

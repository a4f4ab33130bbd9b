import type { ChannelOutput } from '../../../src-shared/contract'
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
import type { Workbook } from '../../workbook/open'
import type { HandlerMap } from '../types'

/**
 * The company-wide reads of the initial data load: they take no input, do not depend on who asks
 * (the dispatcher checks the role first) and grow with the company (58 MiB of employees at
 * 100,000). The desktop and browser shells serve them from a second, read-only connection
 * (src-main/backend/list-reader.ts) so short requests such as `table.query` never wait behind them.
 */
export const COMPANY_LISTS = {
  'employees.list': listEmployees,
  'rewards.list': listRewards,
  'jobProfiles.list': listJobProfiles,
  'payRanges.list': listPayRanges,
  'plannerSubmissions.list': listPlannerSubmissions,
  'teams.list': listTeams,
  'users.list': listUsers,
  'roles.list': listRoles,
  'company.get': getCompany,
} as const satisfies { [C in keyof HandlerMap]?: (workbook: Workbook) => Promise<ChannelOutput<C>> }

export type CompanyListChannel = keyof typeof COMPANY_LISTS

export function isCompanyList(channel: string): channel is CompanyListChannel {
  return Object.hasOwn(COMPANY_LISTS, channel)
}

/** The company lists as handlers, for the CLI and tests, which run without a list reader. */
const companyListHandlers = Object.fromEntries(
  Object.entries(COMPANY_LISTS).map(([channel, read]) => [
    channel,
    (_input: unknown, { workbook }: { workbook: Workbook }) => read(workbook),
  ]),
) as HandlerMap

/** The reads of the spec's initial data load: the company lists and the acting user's own reads. */
export const dataHandlers: HandlerMap = {
  ...companyListHandlers,
  'userSettings.get': async (_input, { workbook, user }) => getUserSettings(workbook, user.id),
  'payCycles.list': async (_input, { workbook }) => listPayCycles(workbook),
}

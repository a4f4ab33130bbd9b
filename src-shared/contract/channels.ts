import type { z } from 'zod'
import { budgetsChannels } from './channels/budgets'
import { dashboardChannels } from './channels/dashboard'
import { importChannels } from './channels/import'
import { payCycleChannels } from './channels/pay-cycle'
import { recordsChannels } from './channels/records'
import { serverChannels } from './channels/server'
import { statementSendingChannels } from './channels/statement-sending'
import { statementsChannels } from './channels/statements'
import { submissionsChannels } from './channels/submissions'
import { tableChannels } from './channels/table'
import { usersChannels } from './channels/users'
import { workbookChannels } from './channels/workbook'

export type { Access, Caller, ChannelSpec } from './channels/shared'
export { filePath, shellOnlyMessage } from './channels/shared'
export { employeeChangesSchema } from './channels/records'
export { matrixCalculationSchema } from './channels/budgets'

/** The whole API between renderer and main: channel → input schema, access rule and output type. */
export const contract = {
  ...workbookChannels,
  ...usersChannels,
  ...payCycleChannels,
  ...budgetsChannels,
  ...importChannels,
  ...tableChannels,
  ...recordsChannels,
  ...dashboardChannels,
  ...submissionsChannels,
  ...serverChannels,
  ...statementsChannels,
  ...statementSendingChannels,
} as const

/** Channels the shell answers itself (it holds the server tokens); the workbook worker never sees them. */
export const SHELL_CHANNELS = [
  'server.status',
  'server.signIn',
  'server.signOut',
  'server.recoverPassword',
  'server.setPassword',
  'server.publish',
  'server.join',
  'statements.send',
  'statements.setLink',
  'statements.refresh',
] as const satisfies readonly (keyof typeof contract)[]

/** Channels the shell's sync runner answers (src-main/sync/runner.ts). */
export const SYNC_SHELL_CHANNELS = ['sync.status'] as const satisfies readonly (keyof typeof contract)[]

export type Contract = typeof contract
export type Channel = keyof Contract
export type ChannelInput<C extends Channel> = z.input<Contract[C]['input']>
export type ChannelOutput<C extends Channel> = Exclude<Contract[C]['output'], undefined>

export function isChannel(name: string): name is Channel {
  return Object.prototype.hasOwnProperty.call(contract, name)
}

/** A channel only Meritbook's own main-process code may call (ChannelSpec.shellOnly): never a window. */
export function isShellOnlyChannel(name: string): boolean {
  return isChannel(name) && (contract[name] as { shellOnly?: true }).shellOnly === true
}

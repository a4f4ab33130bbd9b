import { z } from 'zod'
import { text } from '../text'
import type { AccessRule } from '../../domain/access'

/**
 * Who may call a channel:
 * - open: no workbook needed (the welcome screen);
 * - member: any user of the open workbook;
 * - pages: a user whose role reaches one of these pages (spec §6 page access);
 * - admin: OWNER, ADMIN or SUPER_USER (spec §6 admin powers).
 */
export type Access = AccessRule

export interface ChannelSpec<Input extends z.ZodType, Output, A extends Access = Access> {
  input: Input
  access: A
  /**
   * Only Meritbook's own main-process code may call it (the shell's join and sync, the CLI): a
   * window's call (Electron IPC, browser mode's HTTP) is refused whatever the role.
   */
  shellOnly?: true
  /** Phantom: carries the output type only. */
  output?: Output
}

export function channel<Output>() {
  return <Input extends z.ZodType, A extends Access>(
    input: Input,
    access: A,
  ): ChannelSpec<Input, Output, A> => ({
    input,
    access,
  })
}

/** Who calls a channel: a window (the renderer, over IPC or browser mode's HTTP) or the shell itself. */
export type Caller = 'renderer' | 'shell'

/** Marks a channel as the shell's own (see ChannelSpec.shellOnly). */
export function shellOnly<Input extends z.ZodType, Output, A extends Access>(
  spec: ChannelSpec<Input, Output, A>,
): ChannelSpec<Input, Output, A> {
  return { ...spec, shellOnly: true }
}

/** The refusal of a shell-only channel called from a window. */
export function shellOnlyMessage(channel: string): string {
  return `${channel} is for Meritbook's own use: a window may not call it.`
}

export const none = z.object({}).strict()
/** A file or folder: a path from the CLI and the shells, a handle from the renderer (FILE_FIELDS). */
export const filePath = text().trim().min(1, 'A file path is required.').max(4096)
export const userId = z.number().int().positive()

/** Typed as the pages variant, not Access: a channel's access type keeps its kind across modules. */
type PagesAccess = Extract<Access, { kind: 'pages' }>

export const open = { kind: 'open' } as const
export const member = { kind: 'member' } as const
export const admin = { kind: 'admin' } as const
/** Who plans: roles reaching the Compensation Table (managers and planners see only their teams). */
export const planningEditor: PagesAccess = { kind: 'pages', pages: ['employeetable'] }
/** Who submits plans and follows their status: planners and managers, and admin roles. */
export const submitters: PagesAccess = { kind: 'pages', pages: ['employeetable', 'plannerstatus'] }
export const planningPages: PagesAccess = {
  kind: 'pages',
  pages: ['employeetable', 'plannerdashboard', 'plannerstatus', 'compstatements', 'hrdashboard'],
}
/** Summary & Dashboard and Summary & Dashboard (HR): each shows what the viewer's table shows. */
export const dashboards: PagesAccess = { kind: 'pages', pages: ['plannerdashboard', 'hrdashboard'] }
/** Reward Statements: COMM_MANAGER's only page, planners' and admin roles'. */
export const statementsPage: PagesAccess = { kind: 'pages', pages: ['compstatements'] }

import type { InviteRank } from '../domain/admin-rules'
import type { RoleName } from '../domain/roles'
import type { UserDto } from './dto'

/** A row of the Users screen: an employee (with or without a user), or a user who is no employee. */
export interface UserRowDto {
  /** Stable key: `e<employee id>` or `u<user id>`. */
  key: string
  employeeId: number | null
  /** The company's Employee Id. */
  companyEmployeeId: string | null
  name: string
  jobTitle: string | null
  /** The employee's email (for a user who is no employee, the user's). */
  email: string | null
  /** Manages at least one team (PLANNER and COMM_MANAGER are offered only for managers). */
  isManager: boolean
  user: (UserDto & { invitedAt: string | null }) | null
  inviteRank: InviteRank
  /** The acting user's own row: its role cannot be changed. */
  isSelf: boolean
}

export interface UsersPage {
  rows: UserRowDto[]
  /** Rows matching the search and filter. */
  total: number
  offset: number
  /** How many users exist in all, and how many of them are not yet invited (Invite All's count). */
  userCount: number
  notInvitedCount: number
}

export interface Invitation {
  email: string
  fileName: string
  text: string
}

export interface InviteResult {
  user: UserDto
  invitation: Invitation
  /** True only when the company server's mail accepted the invitation; a local workbook sends nothing. */
  mailed: boolean
  /** 'Invite sent to {email}' once mailed; in a local workbook, that it cannot send mail (localInviteMessage). */
  message: string
}

export interface InviteAllResult {
  count: number
  /** Every invitation, one after another, as a single file. */
  invitation: Invitation | null
  /** True only when the company server's mail accepted every invitation. */
  mailed: boolean
  message: string
}

export interface ManagerUserPreview {
  name: string
  email: string
  employeeId: number
  companyEmployeeId: string
}

/** 'Create users for all managers': who would get a user, and who would not and why. */
export interface ManagersPreview {
  role: Extract<RoleName, 'PLANNER' | 'MANAGER'>
  toCreate: number
  /** The first managers who would get a user (up to 50). */
  sample: ManagerUserPreview[]
  /** Managers without an email: they need one first. */
  withoutEmail: number
  /** Managers whose email another user already has. */
  emailTaken: number
  /** Managers who already have a user. */
  alreadyUsers: number
}

export interface CreatedUser {
  user: UserDto
  message: string
}

import { grantableRoles, manageableRoles, type InviteRank } from './admin-rules'
import { isRoleName, ROLE_DISPLAY_NAMES, type RoleName } from './roles'

/**
 * The Users screen's refusals and the invitation a desktop workbook hands out (administration
 * document §4 User invite, §5 Users screen, §6 Role management). Pure: the main process enforces
 * them, the screen uses them to disable what would be refused.
 */

export const OWN_ROLE_REFUSAL = 'Users cannot change their own role.'

const WHO_MAY_MANAGE: Record<RoleName, string> = {
  SUPER_USER: 'A SUPER_USER may manage any role.',
  OWNER: 'An OWNER may manage anyone but a super user.',
  ADMIN: 'An ADMIN may manage PLANNER, COMM_MANAGER, MANAGER and EMPLOYEE users.',
  PLANNER: 'Only an OWNER, ADMIN or SUPER_USER may manage users.',
  COMM_MANAGER: 'Only an OWNER, ADMIN or SUPER_USER may manage users.',
  MANAGER: 'Only an OWNER, ADMIN or SUPER_USER may manage users.',
  EMPLOYEE: 'Only an OWNER, ADMIN or SUPER_USER may manage users.',
}

/** Why no company door grants SUPER_USER (the Users screen, publish, sync, the REST calls). */
export const SUPER_USER_NOT_GRANTED =
  'SUPER_USER is the company server operator’s role: it is made only on the server, with npm run server -- --create-super-user, never by a company.'

/** Why `actorRole` may not manage users of `role` (the spec's rule, in its words), or null. */
function manageRoleRefusal(actorRole: RoleName, role: RoleName): string | null {
  return manageableRoles(actorRole).includes(role)
    ? null
    : `Your role (${actorRole}) may not grant ${role}. ${WHO_MAY_MANAGE[actorRole]}`
}

/** Why `actorRole` may not give a user `role`, or null. Every door that creates or changes a user asks this. */
export function grantRefusal(actorRole: RoleName, role: RoleName): string | null {
  if (grantableRoles(actorRole).includes(role)) return null
  // Managed but not grantable: a super user giving SUPER_USER.
  return manageRoleRefusal(actorRole, role) ?? SUPER_USER_NOT_GRANTED
}

export interface UserRef {
  userId: number
  role: RoleName
}

/** Why the actor may not change the target's role to `newRole` (null: allowed). Own row first. */
export function roleChangeRefusal(actor: UserRef, target: UserRef, newRole: RoleName): string | null {
  if (actor.userId === target.userId) return OWN_ROLE_REFUSAL
  return manageRoleRefusal(actor.role, target.role) ?? grantRefusal(actor.role, newRole)
}

/** Why the actor may not remove or invite the target (null: allowed). */
export function manageRefusal(actor: UserRef, target: UserRef, what: 'remove' | 'invite'): string | null {
  if (actor.userId === target.userId) {
    return what === 'remove' ? 'You cannot delete your own user.' : 'You cannot invite yourself.'
  }
  return manageRoleRefusal(actor.role, target.role)
}

/** Roles a user made from an employee needs a team for: they plan, manage or send a team's statements. */
const TEAM_ROLES: readonly RoleName[] = ['PLANNER', 'COMM_MANAGER', 'MANAGER']

/** Why a user with `role` may not be created for this employee (null: allowed). */
export function newUserRefusal(
  actorRole: RoleName,
  role: RoleName,
  employee: { name: string; isManager: boolean } | null,
): string | null {
  const grant = grantRefusal(actorRole, role)
  if (grant) return grant
  if (TEAM_ROLES.includes(role) && !employee?.isManager) {
    return employee
      ? `${employee.name} manages no team, so cannot be a ${role}: PLANNER and COMM_MANAGER are offered only for managers.`
      : `A ${role} must be an employee who manages a team: choose the employee's row.`
  }
  if (role === 'EMPLOYEE' && !employee) return 'An EMPLOYEE user must be one of the employees.'
  return null
}

/** A user row a workbook brings to the server (publish): kept, or skipped with the reason. */
export interface UserRowDecision<T extends { email: string; role: string }> {
  kept: T[]
  skipped: { email: string; role: string; reason: string }[]
}

/**
 * Publish: which of a workbook's user rows the publishing actor may create on the server. A row whose
 * role the actor may not grant (SUPER_USER above all) is skipped with the reason, never created.
 */
export function publishableUsers<T extends { email: string; role: string }>(
  actorRole: RoleName,
  rows: readonly T[],
): UserRowDecision<T> {
  const decision: UserRowDecision<T> = { kept: [], skipped: [] }
  for (const row of rows) {
    const reason = isRoleName(row.role) ? grantRefusal(actorRole, row.role) : `${row.role} is not a role.`
    if (reason) decision.skipped.push({ email: row.email, role: row.role, reason })
    else decision.kept.push(row)
  }
  return decision
}

/** What the publisher is told about the rows publish skipped (null: none). */
export function skippedUsersNotice(
  skipped: UserRowDecision<{ email: string; role: string }>['skipped'],
): string | null {
  if (skipped.length === 0) return null
  const rows = skipped.map((s) => `${s.email} (${s.role}): ${s.reason}`)
  return `${skipped.length === 1 ? '1 user was' : `${skipped.length} users were`} not published. ${rows.join(' ')}`
}

// ── Paging and search ───────────────────────────────────────────────────────────────────────────────

export const USERS_PAGE_SIZE = 25

/** Which rows the Users screen lists (our design: the spec lists them all). */
export const USER_ROW_FILTERS = ['all', 'users', 'noUser', 'notInvited', 'invited', 'noEmail'] as const
export type UserRowFilter = (typeof USER_ROW_FILTERS)[number]

export const USER_ROW_FILTER_LABELS: Record<UserRowFilter, string> = {
  all: 'Everyone',
  users: 'Users',
  noUser: 'Employees without a user',
  notInvited: 'Not invited',
  invited: 'Invited, not accepted',
  noEmail: 'No email',
}

/** The invite status ranks each filter keeps (spec §4 User invite ranks). */
export const FILTER_RANKS: Record<UserRowFilter, readonly InviteRank[]> = {
  all: [-2, -1, 0, 1, 2],
  users: [0, 1, 2],
  noUser: [-2, -1],
  notInvited: [0],
  invited: [1],
  noEmail: [-2],
}

// ── Invitation ──────────────────────────────────────────────────────────────────────────────────────

export interface InvitationInput {
  company: string
  workbookFile: string
  name: string
  email: string
  role: RoleName
  inviterName: string
  inviterEmail: string
  /** ISO timestamp of the invite. */
  at: string
}

/** What the screen says about invitations while a desktop workbook has no server. */
export const INVITATION_NOTICE =
  'Invitations are recorded in this workbook and given to you as text to copy or save as a file; sending them by e-mail arrives with the company server.'

/**
 * What Send Invite says in a workbook that is not connected to a company server (issue 38): it records
 * the invitation and gives its text, but sends nothing, so it never says "Invite sent".
 */
export function localInviteMessage(email: string): string {
  return `This workbook cannot send mail: copy the invitation for ${email} below and send it yourself.`
}

/** Invite All's words in a workbook not connected to a company server. */
export function localInviteAllMessage(count: number): string {
  return count === 1
    ? 'This workbook cannot send mail: copy the invitation below and send it yourself.'
    : `This workbook cannot send mail: copy the ${count} invitations below and send them yourself.`
}

export function invitationFileName(email: string): string {
  return `Invitation for ${email.replace(/[^A-Za-z0-9@._+-]/g, '_')}.txt`
}

/** The invitation the user would receive, as plain text (an e-mail's subject line and body). */
export function invitationText(input: InvitationInput): string {
  const day = input.at.slice(0, 10)
  const role = ROLE_DISPLAY_NAMES[input.role]
  return [
    `To: ${input.email}`,
    `Subject: You are invited to ${input.company}'s pay cycle in Meritbook`,
    '',
    `Hello ${input.name},`,
    '',
    `${input.inviterName} (${input.inviterEmail}) invited you on ${day} to plan compensation for ${input.company} in Meritbook, as ${role}.`,
    '',
    'To join:',
    `1. Get the workbook "${input.workbookFile}" from ${input.inviterName}.`,
    `2. Open it in Meritbook signed in as ${input.email} (command line and browser mode: --as ${input.email}).`,
    '',
    `Your role, ${role}, decides the pages you see and the teams you plan.`,
    '',
  ].join('\n')
}

import { hasAdminPowers, ROLES, type RoleName } from './roles'
import type { PayCycleSettings, PerformanceRating } from './settings'

/**
 * Administration rules (administration document §4, §5, §6): force submit, role management, Add User,
 * invites, the ratings editor, and viewing as another employee.
 */

// ── Planner submission ──────────────────────────────────────────────────────────────────────────────

export type SubmissionType = 'PLANNER' | 'FORCE' | 'HR'

export interface ForceSubmitInput {
  /** The card is wide enough for the button (the planner status breakpoints decide). */
  widthSufficient: boolean
  /** The team's manager (the holder), or null. */
  managerId: number | null
  managerSubmitted: boolean
  currentEmployeeId: number | null
  role: RoleName
  settings: Pick<PayCycleSettings, 'plannerViolations'>
}

/** All must hold: width, an unsubmitted manager who is not the user, and the rule not an error unless admin. */
export function canForceSubmit(input: ForceSubmitInput): boolean {
  return (
    input.widthSufficient &&
    input.managerId != null &&
    !input.managerSubmitted &&
    input.managerId !== input.currentEmployeeId &&
    (input.settings.plannerViolations.subPlannerNotSubmitted !== 'error' || hasAdminPowers(input.role))
  )
}

/** A planner's own submission is PLANNER; submitting for someone else is HR for admin roles, else FORCE. */
export function submissionTypeFor(role: RoleName, forSomeoneElse: boolean): SubmissionType {
  if (!forSomeoneElse) return 'PLANNER'
  return hasAdminPowers(role) ? 'HR' : 'FORCE'
}

// ── Roles ───────────────────────────────────────────────────────────────────────────────────────────

const ADMIN_GRANTS: readonly RoleName[] = ['PLANNER', 'COMM_MANAGER', 'MANAGER', 'EMPLOYEE']

/**
 * Roles whose users a role may manage (change, remove, invite): SUPER_USER any; OWNER any but
 * SUPER_USER; ADMIN (spec silent) the roles below admin; others none. Listed in ROLES order.
 */
export function manageableRoles(role: RoleName): RoleName[] {
  switch (role) {
    case 'SUPER_USER':
      return [...ROLES]
    case 'OWNER':
      return ROLES.filter((r) => r !== 'SUPER_USER')
    case 'ADMIN':
      return ROLES.filter((r) => ADMIN_GRANTS.includes(r))
    default:
      return []
  }
}

/**
 * Roles a role may give a user: those it manages, never SUPER_USER. SUPER_USER is the company
 * server operator's role, made only by the server's own command line (`--create-super-user`), so no
 * company door (Users, publish, sync, onboarding) can mint one.
 */
export function grantableRoles(role: RoleName): RoleName[] {
  return manageableRoles(role).filter((r) => r !== 'SUPER_USER')
}

export interface RoleHolder {
  userId: number
  role: RoleName
}

/** Users cannot change their own role; otherwise the actor must manage the target's role. */
export function canManageUserRole(actor: RoleHolder, target: RoleHolder): boolean {
  return actor.userId !== target.userId && manageableRoles(actor.role).includes(target.role)
}

export function canChangeRole(actor: RoleHolder, target: RoleHolder, newRole: RoleName): boolean {
  return canManageUserRole(actor, target) && grantableRoles(actor.role).includes(newRole)
}

const NEVER_OFFERED: readonly RoleName[] = ['MANAGER', 'EMPLOYEE']
const MANAGERS_ONLY: readonly RoleName[] = ['PLANNER', 'COMM_MANAGER']

/**
 * Add User: roles the current role may grant, never MANAGER or EMPLOYEE; PLANNER and COMM_MANAGER only
 * for an employee who manages a team (the general PLANNER exclusion gives way to the managers rule).
 */
export function addUserRoleOptions(currentRole: RoleName, employeeIsManager: boolean): RoleName[] {
  return grantableRoles(currentRole).filter(
    (r) => !NEVER_OFFERED.includes(r) && (employeeIsManager || !MANAGERS_ONLY.includes(r)),
  )
}

export const EMAIL_REQUIRED = 'Email is required.'
export const ROLE_REQUIRED = 'Role is required.'

export interface AddUserErrors {
  email?: string
  role?: string
}

export function validateAddUser(form: { email: string | null; role: string | number | null }): AddUserErrors {
  const errors: AddUserErrors = {}
  if (!form.email?.trim()) errors.email = EMAIL_REQUIRED
  if (form.role == null || form.role === '') errors.role = ROLE_REQUIRED
  return errors
}

// ── Invites ─────────────────────────────────────────────────────────────────────────────────────────

export type InviteRank = -2 | -1 | 0 | 1 | 2

export const NO_EMAIL_PROVIDED = 'No email provided'
export const ADD_EMAIL_TO_INVITE = 'Add email to invite'

/** -2 no user and no email, -1 no user but an email, 0 user not invited, 1 invited, 2 accepted. */
export function inviteStatusRank(
  email: string | null | undefined,
  user: { invited: boolean; inviteAccepted: boolean } | null | undefined,
): InviteRank {
  if (!user) return email?.trim() ? -1 : -2
  if (user.inviteAccepted) return 2
  return user.invited ? 1 : 0
}

export type InviteAction =
  | { kind: 'noEmail'; label: typeof NO_EMAIL_PROVIDED; hint: typeof ADD_EMAIL_TO_INVITE }
  | { kind: 'none' }
  | { kind: 'createUser'; label: 'Create User' }
  | { kind: 'sendInvite'; label: 'Send Invite' }
  | { kind: 'resendInvite'; label: 'Resend Invite' }
  | { kind: 'accepted'; label: '✓' }

/** The control in a Users row. Create User needs an email and a chosen role. */
export function inviteAction(rank: InviteRank, hasRole: boolean): InviteAction {
  switch (rank) {
    case -2:
      return { kind: 'noEmail', label: NO_EMAIL_PROVIDED, hint: ADD_EMAIL_TO_INVITE }
    case -1:
      return hasRole ? { kind: 'createUser', label: 'Create User' } : { kind: 'none' }
    case 0:
      return { kind: 'sendInvite', label: 'Send Invite' }
    case 1:
      return { kind: 'resendInvite', label: 'Resend Invite' }
    case 2:
      return { kind: 'accepted', label: '✓' }
  }
}

// ── Ratings editor ──────────────────────────────────────────────────────────────────────────────────

export const LAST_RATING_COMPARISON = 'Greater than or Equals'

/** The last row copies the previous row's max_rating. */
export function normalizeRatings(rows: readonly PerformanceRating[]): PerformanceRating[] {
  const result = rows.map((row) => ({ ...row }))
  if (result.length >= 2) result[result.length - 1].max_rating = result[result.length - 2].max_rating
  return result
}

/** Only the second-to-last row, and only while at least two rows would remain. */
export function canRemoveRatingRow(index: number, rowCount: number): boolean {
  return rowCount > 2 && index === rowCount - 2
}

export function removeRatingRow(rows: readonly PerformanceRating[], index: number): PerformanceRating[] {
  if (!canRemoveRatingRow(index, rows.length)) return normalizeRatings(rows)
  return normalizeRatings(rows.filter((_, i) => i !== index))
}

/** Appends a row with an empty label and the last row's max_rating (0 for the first row). */
export function addRatingRow(rows: readonly PerformanceRating[]): PerformanceRating[] {
  const last = rows[rows.length - 1]
  return normalizeRatings([...rows, { label: '', max_rating: last?.max_rating ?? 0 }])
}

export function setRatingMax(
  rows: readonly PerformanceRating[],
  index: number,
  maxRating: number,
): PerformanceRating[] {
  return normalizeRatings(rows.map((row, i) => (i === index ? { ...row, max_rating: maxRating } : row)))
}

// ── Viewing as ──────────────────────────────────────────────────────────────────────────────────────

const VIEW_AS_ROLES: readonly RoleName[] = ['SUPER_USER', 'OWNER', 'ADMIN', 'PLANNER']
export const VIEW_AS_REDIRECT = '/plannerdashboard'
export const VIEW_AS_KEEP_PATHS: readonly string[] = ['/plannerdashboard', '/employeetable', '/plannerstatus']

/**
 * The administration document gives the picker to OWNER, ADMIN and PLANNER; the planning document shows
 * the control to SUPER_USER, ADMIN and OWNER: the union. A planner viewing as someone still sees only
 * rows within their own teams (services/table/query.ts).
 */
export function canViewAs(role: RoleName): boolean {
  return VIEW_AS_ROLES.includes(role)
}

/** Employees other than self who have users. */
export function viewAsCandidates<E extends { id: number }>(
  employees: readonly E[],
  employeeIdsWithUsers: ReadonlySet<number>,
  selfEmployeeId: number | null,
): E[] {
  return employees.filter((e) => e.id !== selfEmployeeId && employeeIdsWithUsers.has(e.id))
}

/** Where to go after picking: /plannerdashboard unless already on one of the three planning pages. */
export function viewAsRedirect(currentPath: string): string | null {
  const path = currentPath.split(/[?#]/)[0].replace(/\/+$/, '') || '/'
  return VIEW_AS_KEEP_PATHS.includes(path) ? null : VIEW_AS_REDIRECT
}

/** Roles and page access as in spec §6 of both documents. */
export const ROLES = [
  'SUPER_USER',
  'OWNER',
  'ADMIN',
  'PLANNER',
  'COMM_MANAGER',
  'MANAGER',
  'EMPLOYEE',
] as const
export type RoleName = (typeof ROLES)[number]

export const ROLE_DISPLAY_NAMES: Record<RoleName, string> = {
  SUPER_USER: 'Super User',
  OWNER: 'Owner',
  ADMIN: 'Admin',
  PLANNER: 'Planner',
  COMM_MANAGER: 'Communications Manager',
  MANAGER: 'Manager',
  EMPLOYEE: 'Employee',
}

/** The four page keys the spec names, plus our own keys for the admin pages (spec: "not shown"). */
export const PAGE_KEYS = [
  'plannerdashboard',
  'employeetable',
  'plannerstatus',
  'compstatements',
  'import',
  'paycycleplan',
  'users',
  'hrdashboard',
] as const
export type PageKey = (typeof PAGE_KEYS)[number]

const ALL_PAGES: readonly PageKey[] = PAGE_KEYS
const ADMIN_ROLES: readonly RoleName[] = ['OWNER', 'ADMIN', 'SUPER_USER']

/**
 * Spec: OWNER and ADMIN reach all pages except plannerdashboard; PLANNER, COMM_MANAGER and MANAGER
 * their listed pages. EMPLOYEE is "not shown": we give employees no page (they receive statements).
 * The admin pages (import, paycycleplan, users, hrdashboard) are ours to key and are admin-only.
 */
export const PAGE_ACCESS: Record<RoleName, readonly PageKey[]> = {
  SUPER_USER: ALL_PAGES,
  OWNER: ALL_PAGES.filter((p) => p !== 'plannerdashboard'),
  ADMIN: ALL_PAGES.filter((p) => p !== 'plannerdashboard'),
  PLANNER: ['plannerdashboard', 'employeetable', 'plannerstatus', 'compstatements'],
  COMM_MANAGER: ['compstatements'],
  MANAGER: ['plannerdashboard', 'employeetable'],
  EMPLOYEE: [],
}

export function isRoleName(value: string): value is RoleName {
  return (ROLES as readonly string[]).includes(value)
}

/** Page guard rule: the super user is always allowed. */
export function canAccessPage(role: RoleName, page: PageKey): boolean {
  return role === 'SUPER_USER' || PAGE_ACCESS[role].includes(page)
}

/** OWNER, ADMIN and SUPER_USER hold the admin powers of spec §6. */
export function hasAdminPowers(role: RoleName): boolean {
  return ADMIN_ROLES.includes(role)
}

/** Spec: after login owners, admins, super users and planners go to /employeetable. */
export function landingPathAfterLogin(role: RoleName): string | null {
  return role === 'OWNER' || role === 'ADMIN' || role === 'SUPER_USER' || role === 'PLANNER'
    ? '/employeetable'
    : null
}

/** Planner-type staff are flagged as able to plan. */
export function isPlanningStaff(role: RoleName): boolean {
  return role === 'PLANNER' || role === 'ADMIN' || role === 'OWNER'
}

/** A role's id on the company server (GET /api/company/roles/): its place in ROLES, from 1. */
export function roleId(role: RoleName): number {
  return ROLES.indexOf(role) + 1
}

/** The role with this server id, or null. */
export function roleOfId(id: number): RoleName | null {
  return Number.isInteger(id) && id >= 1 && id <= ROLES.length ? ROLES[id - 1] : null
}

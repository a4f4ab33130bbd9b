import type { Transaction } from 'kysely'
import type { UserRowDto, UsersPage } from '../../../src-shared/contract'
import { inviteStatusRank } from '../../../src-shared/domain/admin-rules'
import { isRoleName, type RoleName } from '../../../src-shared/domain/roles'
import { searchKey, searchNeedle } from '../../../src-shared/domain/search-key'
import { FILTER_RANKS, type UserRowFilter } from '../../../src-shared/domain/user-admin'
import type { Workbook } from '../open'
import type { WorkbookDatabase } from '../schema'

/**
 * The Users screen's rows: every employee (with their user, if any) and every user who is no
 * employee, searched, filtered by invite status rank and paged here so 100,000 employees never
 * travel to the page.
 */
const ROWS = `
  SELECT e.id AS employee_id, e.company_employee_id, e.name, e.job_title, e.email AS email,
    u.id AS user_id, u.email AS user_email, u.name AS user_name, u.preferred_name, r.name AS role,
    u.invited, u.invite_accepted,
    CASE WHEN u.id IS NULL THEN (CASE WHEN TRIM(COALESCE(e.email, '')) = '' THEN -2 ELSE -1 END)
      WHEN u.invite_accepted = 1 THEN 2 WHEN u.invited = 1 THEN 1 ELSE 0 END AS rank
  FROM employee e
  LEFT JOIN app_user u ON u.employee_id = e.id
  LEFT JOIN role r ON r.id = u.role_id
  UNION ALL
  SELECT NULL, NULL, u.name, NULL, u.email, u.id, u.email, u.name, u.preferred_name, r.name,
    u.invited, u.invite_accepted,
    CASE WHEN u.invite_accepted = 1 THEN 2 WHEN u.invited = 1 THEN 1 ELSE 0 END
  FROM app_user u JOIN role r ON r.id = u.role_id
  WHERE u.employee_id IS NULL`

interface RawRow {
  employee_id: number | null
  company_employee_id: string | null
  name: string
  job_title: string | null
  email: string | null
  is_manager: number
  user_id: number | null
  user_email: string | null
  user_name: string | null
  preferred_name: string | null
  role: string | null
  invited: number | null
  invite_accepted: number | null
}

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** Connections that know `search_key(text)`: the domain's search key, so SQL searches fold as every other search does. */
const withSearchKey = new WeakSet<Workbook['sqlite']>()

function registerSearchKey(sqlite: Workbook['sqlite']): void {
  if (withSearchKey.has(sqlite)) return
  sqlite.function('search_key', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? searchKey(value) : null,
  )
  withSearchKey.add(sqlite)
}

function where(search: string, filter: UserRowFilter): { clause: string; params: (string | number)[] } {
  const parts: string[] = []
  const params: (string | number)[] = []
  const ranks = FILTER_RANKS[filter]
  if (filter !== 'all') parts.push(`rank IN (${ranks.map(() => '?').join(', ')})`)
  params.push(...(filter !== 'all' ? ranks : []))
  const term = searchNeedle(search)
  if (term) {
    const columns = ['name', 'email', 'user_email', 'company_employee_id', 'job_title', 'role']
    parts.push(`(${columns.map((c) => `search_key(${c}) LIKE ? ESCAPE '\\'`).join(' OR ')})`)
    const pattern = likePattern(term)
    params.push(pattern, pattern, pattern, pattern, pattern, pattern)
  }
  return { clause: parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '', params }
}

export function readUsersPage(
  workbook: Workbook,
  query: { search: string; filter: UserRowFilter; offset: number; limit: number },
  selfUserId: number,
): UsersPage {
  const { sqlite } = workbook
  registerSearchKey(sqlite)
  const { clause, params } = where(query.search, query.filter)
  const total = (
    sqlite.prepare(`SELECT COUNT(*) AS n FROM (${ROWS}) ${clause}`).get(...params) as { n: number }
  ).n
  const raw = sqlite
    .prepare(
      `SELECT p.*, EXISTS (SELECT 1 FROM team t WHERE t.manager_id = p.employee_id) AS is_manager
       FROM (SELECT * FROM (${ROWS}) ${clause}
         ORDER BY name COLLATE NOCASE, employee_id IS NULL, employee_id, user_id LIMIT ? OFFSET ?) p`,
    )
    .all(...params, query.limit, query.offset) as RawRow[]
  const invitedAt = inviteDates(
    workbook,
    raw.flatMap((r) => (r.user_id === null ? [] : [r.user_id])),
  )
  const counts = sqlite
    .prepare(`SELECT COUNT(*) AS users, COALESCE(SUM(invited = 0), 0) AS notInvited FROM app_user`)
    .get() as { users: number; notInvited: number }
  return {
    rows: raw.map((r) => toRow(r, selfUserId, invitedAt)),
    total,
    offset: query.offset,
    userCount: counts.users,
    notInvitedCount: counts.notInvited,
  }
}

function roleOf(name: string | null): RoleName {
  return name && isRoleName(name) ? name : 'EMPLOYEE'
}

function toRow(r: RawRow, selfUserId: number, invitedAt: Map<number, string>): UserRowDto {
  const user =
    r.user_id === null
      ? null
      : {
          id: r.user_id,
          email: r.user_email ?? '',
          name: r.user_name ?? r.name,
          preferredName: r.preferred_name,
          role: roleOf(r.role),
          employeeId: r.employee_id,
          invited: r.invited === 1,
          inviteAccepted: r.invite_accepted === 1,
          invitedAt: invitedAt.get(r.user_id) ?? null,
        }
  return {
    key: r.employee_id === null ? `u${r.user_id}` : `e${r.employee_id}`,
    employeeId: r.employee_id,
    companyEmployeeId: r.company_employee_id,
    name: r.name,
    jobTitle: r.job_title,
    email: r.email,
    isManager: r.is_manager === 1,
    user,
    inviteRank: inviteStatusRank(r.email, user),
    isSelf: r.user_id === selfUserId,
  }
}

/** When each user was last invited: the latest 'invite' in the change log. */
export function inviteDates(workbook: Workbook, userIds: readonly number[]): Map<number, string> {
  if (userIds.length === 0) return new Map()
  const rows = workbook.sqlite
    .prepare(
      `SELECT entity_id, MAX(at) AS at FROM change_log
       WHERE entity = 'user' AND action = 'invite' AND entity_id IN (${userIds.map(() => '?').join(', ')})
       GROUP BY entity_id`,
    )
    .all(...userIds.map(String)) as { entity_id: string; at: string }[]
  return new Map(rows.map((r) => [Number(r.entity_id), r.at]))
}

export interface EmployeeForUser {
  id: number
  companyEmployeeId: string
  name: string
  preferredName: string | null
  email: string | null
  isManager: boolean
  userId: number | null
}

export function findEmployeeForUser(workbook: Workbook, employeeId: number): EmployeeForUser | null {
  const row = workbook.sqlite
    .prepare(
      `SELECT e.id, e.company_employee_id, e.name, e.preferred_name, e.email,
         EXISTS (SELECT 1 FROM team t WHERE t.manager_id = e.id) AS is_manager, u.id AS user_id
       FROM employee e LEFT JOIN app_user u ON u.employee_id = e.id WHERE e.id = ?`,
    )
    .get(employeeId) as
    | {
        id: number
        company_employee_id: string
        name: string
        preferred_name: string | null
        email: string | null
        is_manager: number
        user_id: number | null
      }
    | undefined
  return row
    ? {
        id: row.id,
        companyEmployeeId: row.company_employee_id,
        name: row.name,
        preferredName: row.preferred_name,
        email: row.email,
        isManager: row.is_manager === 1,
        userId: row.user_id,
      }
    : null
}

/** Employees who manage a team, with their user's id if they have one (ordered by name). */
export function listManagers(workbook: Workbook): EmployeeForUser[] {
  const rows = workbook.sqlite
    .prepare(
      `SELECT e.id, e.company_employee_id, e.name, e.preferred_name, e.email, u.id AS user_id
       FROM employee e LEFT JOIN app_user u ON u.employee_id = e.id
       WHERE e.id IN (SELECT manager_id FROM team WHERE manager_id IS NOT NULL)
       ORDER BY e.name COLLATE NOCASE, e.id`,
    )
    .all() as {
    id: number
    company_employee_id: string
    name: string
    preferred_name: string | null
    email: string | null
    user_id: number | null
  }[]
  return rows.map((r) => ({
    id: r.id,
    companyEmployeeId: r.company_employee_id,
    name: r.name,
    preferredName: r.preferred_name,
    email: r.email,
    isManager: true,
    userId: r.user_id,
  }))
}

/** Lower-cased emails of every user (for checking many new users at once). */
export function userEmails(workbook: Workbook): Set<string> {
  const rows = workbook.sqlite.prepare('SELECT email FROM app_user').pluck().all() as string[]
  return new Set(rows.map((e) => e.toLowerCase()))
}

export async function roleId(trx: Transaction<WorkbookDatabase>, role: RoleName): Promise<number> {
  const row = await trx.selectFrom('role').select('id').where('name', '=', role).executeTakeFirst()
  if (row) return row.id
  throw new Error(`The workbook has no role ${role}.`)
}

export interface NewUser {
  email: string
  name: string
  preferredName: string | null
  role: RoleName
  employeeId: number | null
}

export async function insertUser(
  trx: Transaction<WorkbookDatabase>,
  user: NewUser,
  roleIdOf: number,
  at: string,
): Promise<number> {
  const { id } = await trx
    .insertInto('app_user')
    .values({
      email: user.email,
      name: user.name,
      preferred_name: user.preferredName,
      role_id: roleIdOf,
      employee_id: user.employeeId,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

export async function setUserRole(
  trx: Transaction<WorkbookDatabase>,
  userId: number,
  roleIdOf: number,
): Promise<void> {
  await trx.updateTable('app_user').set({ role_id: roleIdOf }).where('id', '=', userId).execute()
}

export async function deleteUser(trx: Transaction<WorkbookDatabase>, userId: number): Promise<void> {
  await trx.deleteFrom('app_user').where('id', '=', userId).execute()
}

export async function markInvited(trx: Transaction<WorkbookDatabase>, userId: number): Promise<void> {
  await trx.updateTable('app_user').set({ invited: 1 }).where('id', '=', userId).execute()
}

/** The company's recorded owner (the user the desktop app acts as). */
export function ownerUserId(workbook: Workbook): number | null {
  const row = workbook.sqlite.prepare('SELECT owner_user_id FROM company LIMIT 1').get() as
    { owner_user_id: number | null } | undefined
  return row?.owner_user_id ?? null
}

import type { CompanyDto, RoleDto, UserDto, UserSettingsDto } from '../../../src-shared/contract'
import { isRoleName, type RoleName } from '../../../src-shared/domain/roles'
import { normalizeUserSettings } from '../../../src-shared/domain/user-settings'
import type { Workbook } from '../open'

export function parseJson(text: string | null): unknown {
  if (text === null) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

function roleOf(name: string): RoleName {
  return isRoleName(name) ? name : 'EMPLOYEE'
}

const userColumns = [
  'app_user.id',
  'app_user.email',
  'app_user.name',
  'app_user.preferred_name',
  'app_user.employee_id',
  'app_user.invited',
  'app_user.invite_accepted',
  'role.name as role_name',
] as const

function usersQuery(workbook: Workbook) {
  return workbook.db
    .selectFrom('app_user')
    .innerJoin('role', 'role.id', 'app_user.role_id')
    .select(userColumns)
}

type UserRow = Awaited<ReturnType<ReturnType<typeof usersQuery>['executeTakeFirstOrThrow']>>

function toUserDto(u: UserRow): UserDto {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    preferredName: u.preferred_name,
    role: roleOf(u.role_name),
    employeeId: u.employee_id,
    invited: u.invited === 1,
    inviteAccepted: u.invite_accepted === 1,
  }
}

export async function listUsers(workbook: Workbook): Promise<UserDto[]> {
  return (await usersQuery(workbook).orderBy('app_user.id').execute()).map(toUserDto)
}

export async function findUserByEmail(workbook: Workbook, email: string): Promise<UserDto | null> {
  const row = await usersQuery(workbook)
    .where('app_user.email', '=', email.trim().toLowerCase())
    .executeTakeFirst()
  return row ? toUserDto(row) : null
}

export async function findUserById(workbook: Workbook, id: number): Promise<UserDto | null> {
  const row = await usersQuery(workbook).where('app_user.id', '=', id).executeTakeFirst()
  return row ? toUserDto(row) : null
}

/** The workbook's owner: the company's recorded owner, else the first OWNER user. */
export async function findOwner(workbook: Workbook): Promise<UserDto | null> {
  const company = await workbook.db.selectFrom('company').select('owner_user_id').executeTakeFirst()
  const byId = company?.owner_user_id
    ? await usersQuery(workbook).where('app_user.id', '=', company.owner_user_id).executeTakeFirst()
    : undefined
  const row =
    byId ??
    (await usersQuery(workbook).where('role.name', '=', 'OWNER').orderBy('app_user.id').executeTakeFirst())
  return row ? toUserDto(row) : null
}

export async function listRoles(workbook: Workbook): Promise<RoleDto[]> {
  const rows = await workbook.db.selectFrom('role').selectAll().orderBy('id').execute()
  return rows.map((r) => ({ id: r.id, name: roleOf(r.name), nameDisplay: r.name_display }))
}

export async function getUserSettings(workbook: Workbook, userId: number): Promise<UserSettingsDto> {
  const row = await workbook.db
    .selectFrom('user_setting')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return normalizeUserSettings({
    preferredCurrency: row?.preferred_currency ?? null,
    compensationTableConfig: parseJson(row?.compensation_table_config ?? null),
  })
}

export async function getCompany(workbook: Workbook): Promise<CompanyDto> {
  const row = await workbook.db.selectFrom('company').selectAll().executeTakeFirst()
  return {
    name: row?.name ?? '',
    logoUrl: row?.logo_url ?? null,
    hasCustomAssets: row?.has_custom_assets === 1,
  }
}

import type { UserView } from '../../src-shared/contract/rest/users'
import { isRoleName, roleId } from '../../src-shared/domain/roles'
import type { ServerDb } from '../db/connect'

/**
 * Users as every route answers them (spec §3 "User": id, email, name, preferred_name, role,
 * role_name, company_name, employee_id, invited, invite_accepted): the preferred name is the linked
 * employee's; `role` stays the role's name (the desktop and older clients read it), `role_id` is the
 * id GET /api/company/roles/ gives. One user when `id` is given, else the company's, by id.
 */
export async function userViews(db: ServerDb, companyId: number, id?: number): Promise<UserView[]> {
  let query = db
    .selectFrom('app_user as u')
    .innerJoin('company as c', 'c.id', 'u.company_id')
    .leftJoin('employee as e', (join) =>
      join.onRef('e.company_id', '=', 'u.company_id').onRef('e.id', '=', 'u.employee_id'),
    )
    .select([
      'u.id',
      'u.email',
      'u.name',
      'u.role',
      'u.employee_id',
      'u.invited',
      'u.invite_accepted',
      'u.invited_at',
      'e.preferred_name',
      'c.name as company_name',
    ])
    .where('u.company_id', '=', companyId)
  if (id !== undefined) query = query.where('u.id', '=', id)
  const rows = await query.orderBy('u.id').execute()
  return rows.flatMap((row) => {
    if (!isRoleName(row.role)) return []
    const invitedAt = row.invited_at as Date | string | null
    return [
      {
        id: row.id,
        email: row.email,
        name: row.name,
        preferred_name: row.preferred_name,
        role: row.role,
        role_id: roleId(row.role),
        role_name: row.role,
        company_name: row.company_name,
        employee_id: row.employee_id,
        invited: row.invited,
        invite_accepted: row.invite_accepted,
        invited_at: invitedAt instanceof Date ? invitedAt.toISOString() : invitedAt,
      },
    ]
  })
}

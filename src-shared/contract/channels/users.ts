import { z } from 'zod'
import { text } from '../text'
import type { CreatedUser, InviteAllResult, InviteResult, ManagersPreview, UsersPage } from '../users-dto'
import { ROLES } from '../../domain/roles'
import { USER_ROW_FILTERS } from '../../domain/user-admin'
import { admin, channel, none, userId } from './shared'

const roleName = z.enum(ROLES)
const managersRole = z.enum(['PLANNER', 'MANAGER'])

/** The Users screen: users, their roles and invitations. */
export const usersChannels = {
  /** The Users screen: a page of employees and users, searched and filtered in the main process. */
  'users.page': channel<UsersPage>()(
    z
      .object({
        search: text().max(200),
        filter: z.enum(USER_ROW_FILTERS),
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(500),
      })
      .strict(),
    admin,
  ),
  /** POST users/: email, role and optionally the employee; refused for a role the actor may not grant. */
  'users.create': channel<CreatedUser>()(
    z
      .object({
        email: text().trim().max(320),
        role: roleName,
        employeeId: z.number().int().positive().nullable().optional(),
        name: text().trim().max(200).optional(),
      })
      .strict(),
    admin,
  ),
  /** PUT users/{id}/: the role; never one's own. */
  'users.setRole': channel<CreatedUser>()(z.object({ userId, role: roleName }).strict(), admin),
  /** DELETE users/{id}/ (several at once: undoing 'Create users for all managers'). */
  'users.remove': channel<{ removed: CreatedUser['user'][]; message: string }>()(
    z.object({ userIds: z.array(userId).min(1).max(200_000) }).strict(),
    admin,
  ),
  /** Records the invite (flag and date) and answers the invitation as text. */
  'users.invite': channel<InviteResult>()(z.object({ userId }).strict(), admin),
  /** Invites every user not yet invited whom the actor may manage. */
  'users.inviteAll': channel<InviteAllResult>()(none, admin),
  /** 'Create users for all managers': the preview. */
  'users.managersPreview': channel<ManagersPreview>()(z.object({ role: managersRole }).strict(), admin),
  'users.createForManagers': channel<{ created: CreatedUser['user'][]; message: string }>()(
    z.object({ role: managersRole }).strict(),
    admin,
  ),
} as const

import {
  changeUserRole,
  createManagerUsers,
  createUser,
  inviteAll,
  inviteUser,
  previewManagerUsers,
  removeUsers,
  usersPage,
} from '../../services/users'
import type { HandlerMap } from '../types'

/** Users and roles: the main process checks every role rule (services/users.ts). */
export const usersHandlers: HandlerMap = {
  'users.page': async (query, { workbook, user }) => usersPage(workbook, user, query),
  'users.create': async (input, { workbook, user }) => createUser(workbook, user, input),
  'users.setRole': async (input, { workbook, user }) => changeUserRole(workbook, user, input),
  'users.remove': async ({ userIds }, { workbook, user }) => removeUsers(workbook, user, userIds),
  'users.invite': async ({ userId }, { workbook, user }) => inviteUser(workbook, user, userId),
  'users.inviteAll': async (_input, { workbook, user }) => inviteAll(workbook, user),
  'users.managersPreview': async ({ role }, { workbook, user }) => previewManagerUsers(workbook, user, role),
  'users.createForManagers': async ({ role }, { workbook, user }) => createManagerUsers(workbook, user, role),
}

import path from 'node:path'
import type {
  CreatedUser,
  InviteAllResult,
  InviteResult,
  ManagersPreview,
  SessionUser,
  UserDto,
  UsersPage,
} from '../../src-shared/contract'
import { EMAIL_REQUIRED } from '../../src-shared/domain/admin-rules'
import { parseImportEmail } from '../../src-shared/domain/import-values'
import { ROLE_DISPLAY_NAMES, type RoleName } from '../../src-shared/domain/roles'
import {
  grantRefusal,
  invitationFileName,
  invitationText,
  localInviteAllMessage,
  localInviteMessage,
  manageRefusal,
  newUserRefusal,
  roleChangeRefusal,
  type UserRowFilter,
} from '../../src-shared/domain/user-admin'
import type { Workbook } from '../workbook/open'
import { findUserById, getCompany, listUsers } from '../workbook/queries/admin'
import type { Transaction } from 'kysely'
import type { WorkbookDatabase } from '../workbook/schema'
import { appendChangeLog } from '../workbook/queries/change-log'
import { enqueueChange } from '../workbook/queries/sync'
import {
  deleteUser,
  findEmployeeForUser,
  insertUser,
  listManagers,
  markInvited,
  ownerUserId,
  readUsersPage,
  roleId,
  setUserRole,
  userEmails,
  type NewUser,
} from '../workbook/queries/users'
import { Failure } from './failure'
import { requireStorableText } from './free-text'

/**
 * Users and roles (administration document §2 Users screen, §4 User invite, §5 Add User, §6 Role
 * management). Every rule is checked here, whatever the screen offered.
 */

export function usersPage(
  workbook: Workbook,
  actor: SessionUser,
  query: { search: string; filter: UserRowFilter; offset: number; limit: number },
): UsersPage {
  return readUsersPage(workbook, query, actor.id)
}

const ref = (user: { id: number; role: RoleName }) => ({ userId: user.id, role: user.role })

async function requireUser(workbook: Workbook, userId: number): Promise<UserDto> {
  const user = await findUserById(workbook, userId)
  if (!user) throw new Failure('NOT_FOUND', `No user has the id ${userId}.`)
  return user
}

/** The workbook's recorded owner keeps the role: the desktop app acts as them. */
function refuseOwnerChange(workbook: Workbook, target: UserDto, what: string): void {
  if (target.id === ownerUserId(workbook)) {
    throw new Failure(
      'FORBIDDEN',
      `${target.name} owns this workbook (the desktop app acts as them), so their user cannot be ${what}.`,
    )
  }
}

/** A user made on a replica goes to the server too (POST /users/), in the same transaction. */
async function queueNewUser(
  trx: Transaction<WorkbookDatabase>,
  id: number,
  user: NewUser,
  at: string,
): Promise<void> {
  const fields = { email: user.email, name: user.name, role: user.role, employee_id: user.employeeId }
  await enqueueChange(trx, 'user', id, fields, {}, at)
}

function normalizeEmail(raw: string): string {
  const email = raw.trim()
  if (!email) throw new Failure('BAD_INPUT', EMAIL_REQUIRED)
  if (parseImportEmail(email) === null) throw new Failure('BAD_INPUT', `"${email}" is not a valid email.`)
  return email.toLowerCase()
}

export async function createUser(
  workbook: Workbook,
  actor: SessionUser,
  input: { email: string; role: RoleName; employeeId?: number | null; name?: string },
  now = new Date(),
): Promise<CreatedUser> {
  requireStorableText({ Email: input.email, Name: input.name })
  const email = normalizeEmail(input.email)
  const employee = input.employeeId == null ? null : findEmployeeForUser(workbook, input.employeeId)
  if (input.employeeId != null && !employee)
    throw new Failure('NOT_FOUND', `No employee has the id ${input.employeeId}.`)
  const refusal = newUserRefusal(actor.role, input.role, employee)
  if (refusal) throw new Failure('FORBIDDEN', refusal)
  if (employee?.userId != null) throw new Failure('BAD_INPUT', `${employee.name} already has a user.`)
  if (userEmails(workbook).has(email))
    throw new Failure('BAD_INPUT', `A user with the email ${email} already exists.`)
  const name = employee?.name ?? (input.name?.trim() || email.split('@')[0])
  const user: NewUser = {
    email,
    name,
    preferredName: employee?.preferredName ?? null,
    role: input.role,
    employeeId: employee?.id ?? null,
  }
  const at = now.toISOString()
  const id = await workbook.db.transaction().execute(async (trx) => {
    const newId = await insertUser(trx, user, await roleId(trx, user.role), at)
    await queueNewUser(trx, newId, user, at)
    await appendChangeLog(trx, {
      at,
      userId: actor.id,
      entity: 'user',
      entityId: newId,
      action: 'create',
      oldValue: null,
      newValue: user,
    })
    return newId
  })
  return { user: await requireUser(workbook, id), message: `Created User ${email} for ${name}` }
}

export async function changeUserRole(
  workbook: Workbook,
  actor: SessionUser,
  input: { userId: number; role: RoleName },
  now = new Date(),
): Promise<CreatedUser> {
  const target = await requireUser(workbook, input.userId)
  const refusal = roleChangeRefusal(ref(actor), ref(target), input.role)
  if (refusal) throw new Failure('FORBIDDEN', refusal)
  if (target.role === input.role) return { user: target, message: `${target.name} is already ${input.role}.` }
  refuseOwnerChange(workbook, target, 'given another role')
  const at = now.toISOString()
  await workbook.db.transaction().execute(async (trx) => {
    await setUserRole(trx, target.id, await roleId(trx, input.role))
    await enqueueChange(
      trx,
      'user.role',
      target.id,
      { email: target.email, role: input.role },
      { role: target.role },
      at,
    )
    await appendChangeLog(trx, {
      at,
      userId: actor.id,
      entity: 'user',
      entityId: target.id,
      action: 'role',
      oldValue: { role: target.role },
      newValue: { role: input.role },
    })
  })
  return {
    user: { ...target, role: input.role },
    message: `${target.name} (${target.email}) is now ${ROLE_DISPLAY_NAMES[input.role]}.`,
  }
}

/** All or nothing: one refusal removes no one. The change log keeps each removed user. */
export async function removeUsers(
  workbook: Workbook,
  actor: SessionUser,
  userIds: readonly number[],
  now = new Date(),
): Promise<{ removed: UserDto[]; message: string }> {
  const wanted = new Set(userIds)
  const targets = (await listUsers(workbook)).filter((u) => wanted.has(u.id))
  const missing = [...wanted].find((id) => !targets.some((u) => u.id === id))
  if (missing !== undefined) throw new Failure('NOT_FOUND', `No user has the id ${missing}.`)
  for (const target of targets) {
    const refusal = manageRefusal(ref(actor), ref(target), 'remove')
    if (refusal) throw new Failure('FORBIDDEN', refusal)
    refuseOwnerChange(workbook, target, 'deleted')
  }
  const at = now.toISOString()
  await workbook.db.transaction().execute(async (trx) => {
    for (const target of targets) {
      await deleteUser(trx, target.id)
      await enqueueChange(
        trx,
        'user.deleted',
        target.id,
        { email: target.email },
        { email: target.email, name: target.name, role: target.role, employee_id: target.employeeId },
        at,
      )
      await appendChangeLog(trx, {
        at,
        userId: actor.id,
        entity: 'user',
        entityId: target.id,
        action: 'delete',
        oldValue: target,
        newValue: null,
      })
    }
  })
  const message = targets.length === 1 ? `Deleted user ${targets[0].name}` : `Deleted ${targets.length} users`
  return { removed: targets, message }
}

async function inviteContext(workbook: Workbook, actor: SessionUser) {
  const company = (await getCompany(workbook)).name || 'your company'
  return {
    company,
    workbookFile: path.basename(workbook.path),
    inviterName: actor.name,
    inviterEmail: actor.email,
  }
}

export async function inviteUser(
  workbook: Workbook,
  actor: SessionUser,
  userId: number,
  now = new Date(),
): Promise<InviteResult> {
  const target = await requireUser(workbook, userId)
  const refusal = manageRefusal(ref(actor), ref(target), 'invite')
  if (refusal) throw new Failure('FORBIDDEN', refusal)
  const at = now.toISOString()
  await recordInvites(workbook, actor, [target], at)
  const text = invitationText({
    ...(await inviteContext(workbook, actor)),
    name: target.name,
    email: target.email,
    role: target.role,
    at,
  })
  return {
    user: { ...target, invited: true },
    invitation: { email: target.email, fileName: invitationFileName(target.email), text },
    mailed: false,
    message: localInviteMessage(target.email),
  }
}

async function recordInvites(
  workbook: Workbook,
  actor: SessionUser,
  targets: readonly UserDto[],
  at: string,
): Promise<void> {
  await workbook.db.transaction().execute(async (trx) => {
    for (const target of targets) {
      await markInvited(trx, target.id)
      await appendChangeLog(trx, {
        at,
        userId: actor.id,
        entity: 'user',
        entityId: target.id,
        action: 'invite',
        oldValue: { invited: target.invited },
        newValue: { invited: true, email: target.email },
      })
    }
  })
}

/** Invite All: every user not yet invited whom the actor may manage (never themselves). */
export async function inviteAll(
  workbook: Workbook,
  actor: SessionUser,
  now = new Date(),
): Promise<InviteAllResult> {
  const targets = (await listUsers(workbook)).filter(
    (u) => !u.invited && manageRefusal(ref(actor), ref(u), 'invite') === null,
  )
  if (targets.length === 0)
    return { count: 0, invitation: null, mailed: false, message: 'Everyone you may invite is invited.' }
  const at = now.toISOString()
  await recordInvites(workbook, actor, targets, at)
  const context = await inviteContext(workbook, actor)
  const text = targets
    .map((t) => invitationText({ ...context, name: t.name, email: t.email, role: t.role, at }))
    .join('\n----------------------------------------\n\n')
  return {
    count: targets.length,
    invitation: { email: '', fileName: `Invitations ${at.slice(0, 10)}.txt`, text },
    mailed: false,
    message: localInviteAllMessage(targets.length),
  }
}

// ── Create users for all managers ───────────────────────────────────────────────────────────────────

type ManagersRole = ManagersPreview['role']

function managersPlan(workbook: Workbook, actor: SessionUser, role: ManagersRole) {
  const refusal = grantRefusal(actor.role, role)
  if (refusal) throw new Failure('FORBIDDEN', refusal)
  const taken = userEmails(workbook)
  const managers = listManagers(workbook)
  const alreadyUsers = managers.filter((m) => m.userId !== null)
  const withoutUser = managers.filter((m) => m.userId === null)
  const withoutEmail = withoutUser.filter((m) => parseImportEmail(m.email ?? '') === null)
  const seen = new Set<string>()
  const create: typeof managers = []
  let emailTaken = 0
  for (const m of withoutUser) {
    const email = parseImportEmail(m.email ?? '')?.toLowerCase()
    if (!email) continue
    if (taken.has(email) || seen.has(email)) emailTaken += 1
    else {
      seen.add(email)
      create.push({ ...m, email })
    }
  }
  return { create, withoutEmail: withoutEmail.length, emailTaken, alreadyUsers: alreadyUsers.length }
}

export function previewManagerUsers(
  workbook: Workbook,
  actor: SessionUser,
  role: ManagersRole,
): ManagersPreview {
  const plan = managersPlan(workbook, actor, role)
  return {
    role,
    toCreate: plan.create.length,
    sample: plan.create.slice(0, 50).map((m) => ({
      name: m.name,
      email: m.email ?? '',
      employeeId: m.id,
      companyEmployeeId: m.companyEmployeeId,
    })),
    withoutEmail: plan.withoutEmail,
    emailTaken: plan.emailTaken,
    alreadyUsers: plan.alreadyUsers,
  }
}

/** One transaction: a user for every manager with an email and no user, in the chosen role. */
export async function createManagerUsers(
  workbook: Workbook,
  actor: SessionUser,
  role: ManagersRole,
  now = new Date(),
): Promise<{ created: UserDto[]; message: string }> {
  const plan = managersPlan(workbook, actor, role)
  const at = now.toISOString()
  const ids = await workbook.db.transaction().execute(async (trx) => {
    const id = await roleId(trx, role)
    const created: number[] = []
    for (const m of plan.create) {
      const user: NewUser = {
        email: m.email ?? '',
        name: m.name,
        preferredName: m.preferredName,
        role,
        employeeId: m.id,
      }
      const made = await insertUser(trx, user, id, at)
      await queueNewUser(trx, made, user, at)
      created.push(made)
    }
    await appendChangeLog(trx, {
      at,
      userId: actor.id,
      entity: 'user',
      entityId: null,
      action: 'createForManagers',
      oldValue: null,
      newValue: { role, userIds: created },
    })
    return new Set(created)
  })
  const created = (await listUsers(workbook)).filter((u) => ids.has(u.id))
  return {
    created,
    message: `Created ${created.length} ${role} ${created.length === 1 ? 'user' : 'users'} for managers`,
  }
}

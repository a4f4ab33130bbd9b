import path from 'node:path'
import type { Channel } from '../../src-shared/contract'
import type { RoleName } from '../../src-shared/domain/roles'
import { OWN_ROLE_REFUSAL, SUPER_USER_NOT_GRANTED } from '../../src-shared/domain/user-admin'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { createDemoWorkbook } from '../../src-main/services/workbooks'
import { openWorkbook } from '../../src-main/workbook/open'
import { testBackend } from '../support/session'
import { tempDir } from '../support/temp'

const dir = tempDir()
const file = path.join(dir, 'users.paycycle')
const demo = generateDemoCompany({ employees: 200, seed: 2 })
const emailOf = (role: RoleName) => demo.sampleUsers[role]

beforeAll(async () => {
  await (await createDemoWorkbook(file, { employees: 200, seed: 2 })).close()
})

let open: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const session of open) await session.close()
  open = []
})

/** A backend acting as the demo's sample user of the role; the one before it is closed (one writer). */
async function as(role: RoleName) {
  for (const session of open) await session.close()
  open = []
  const backend = testBackend(dir, emailOf(role))
  open.push(backend.session)
  const opened = await backend.dispatcher.dispatch('workbook.open', { path: file })
  expect(opened.ok).toBe(true)
  return backend.dispatcher
}

async function userIdOf(email: string): Promise<number> {
  const workbook = await openWorkbook(file, { readonly: true })
  try {
    const row = await workbook.db
      .selectFrom('app_user')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    return row.id
  } finally {
    await workbook.close()
  }
}

/** An employee without a user who manages no team (for EMPLOYEE users). */
function plainEmployee(offset: number) {
  const withUser = new Set(demo.users.map((u) => u.employeeId))
  const managers = new Set(demo.teams.map((t) => t.managerId))
  const found = demo.employees.filter((e) => !withUser.has(e.id) && !managers.has(e.id) && e.email)[offset]
  expect(found).toBeDefined()
  return found
}

const USER_CHANNELS: Channel[] = [
  'users.page',
  'users.create',
  'users.setRole',
  'users.remove',
  'users.invite',
  'users.inviteAll',
  'users.managersPreview',
  'users.createForManagers',
]

describe('the users channels refuse every role without admin powers (spec §6)', () => {
  for (const role of ['PLANNER', 'COMM_MANAGER', 'MANAGER', 'EMPLOYEE'] as const) {
    it(`${role} may call none of them`, async () => {
      const dispatcher = await as(role)
      for (const channel of USER_CHANNELS) {
        const result = await dispatcher.dispatch(channel, {})
        expect(result.ok ? channel : result.error).toEqual({
          code: 'FORBIDDEN',
          message: `Your role (${role}) may not use ${channel}.`,
        })
      }
    })
  }
})

describe('users.page', () => {
  it('pages employees and users in the main process, searched and filtered', async () => {
    const dispatcher = await as('OWNER')
    const all = await dispatcher.dispatch('users.page', { search: '', filter: 'all', offset: 0, limit: 25 })
    if (!all.ok) throw new Error(all.error.message)
    const standalone = demo.users.filter((u) => u.employeeId === null).length
    expect(all.value.total).toBe(demo.employees.length + standalone)
    expect(all.value.rows).toHaveLength(25)
    expect(all.value.userCount).toBe(demo.users.length)
    const self = await dispatcher.dispatch('users.page', {
      search: emailOf('OWNER'),
      filter: 'users',
      offset: 0,
      limit: 25,
    })
    if (!self.ok) throw new Error(self.error.message)
    expect(self.value.rows.map((r) => [r.user?.email, r.isSelf, r.user?.role])).toEqual([
      [emailOf('OWNER'), true, 'OWNER'],
    ])
    const users = await dispatcher.dispatch('users.page', {
      search: '',
      filter: 'users',
      offset: 0,
      limit: 500,
    })
    if (!users.ok) throw new Error(users.error.message)
    expect(users.value.total).toBe(demo.users.length)
    expect(users.value.rows.every((r) => r.user !== null && r.inviteRank >= 0)).toBe(true)
    const noUser = await dispatcher.dispatch('users.page', {
      search: '',
      filter: 'noUser',
      offset: 0,
      limit: 5,
    })
    if (!noUser.ok) throw new Error(noUser.error.message)
    expect(noUser.value.total).toBe(demo.employees.length - demo.users.filter((u) => u.employeeId).length)
    expect(noUser.value.rows.every((r) => r.user === null && r.inviteRank < 0)).toBe(true)
  })
})

describe('users.create (Add User, spec §5)', () => {
  it("refuses an empty email with 'Email is required.' and a taken email", async () => {
    const dispatcher = await as('OWNER')
    expect(await dispatcher.dispatch('users.create', { email: ' ', role: 'ADMIN' })).toEqual({
      ok: false,
      error: { code: 'BAD_INPUT', message: 'Email is required.' },
    })
    const taken = await dispatcher.dispatch('users.create', { email: emailOf('PLANNER'), role: 'ADMIN' })
    expect(taken.ok || taken.error.message).toBe(
      `A user with the email ${emailOf('PLANNER')} already exists.`,
    )
  })

  it('an OWNER may grant anyone but a super user', async () => {
    const dispatcher = await as('OWNER')
    const refused = await dispatcher.dispatch('users.create', { email: 'su@acme.test', role: 'SUPER_USER' })
    expect(refused.ok || refused.error).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role (OWNER) may not grant SUPER_USER. An OWNER may manage anyone but a super user.',
    })
    const created = await dispatcher.dispatch('users.create', { email: 'New.Admin@acme.test', role: 'ADMIN' })
    if (!created.ok) throw new Error(created.error.message)
    expect(created.value.user).toMatchObject({ email: 'new.admin@acme.test', role: 'ADMIN', invited: false })
    expect(created.value.message).toBe('Created User new.admin@acme.test for new.admin')
  })

  it('a SUPER_USER may grant any role but SUPER_USER, which only the company server makes', async () => {
    const dispatcher = await as('SUPER_USER')
    const owner = await dispatcher.dispatch('users.create', { email: 'o2@acme.test', role: 'OWNER' })
    expect(owner.ok).toBe(true)
    const created = await dispatcher.dispatch('users.create', { email: 'su2@acme.test', role: 'SUPER_USER' })
    expect(created.ok || created.error.message).toBe(SUPER_USER_NOT_GRANTED)
  })

  it('an ADMIN may not grant ADMIN, and PLANNER goes only to managers', async () => {
    const dispatcher = await as('ADMIN')
    const admin = await dispatcher.dispatch('users.create', { email: 'a2@acme.test', role: 'ADMIN' })
    expect(admin.ok || admin.error.message).toMatch(/^Your role \(ADMIN\) may not grant ADMIN\./)
    const employee = plainEmployee(0)
    const planner = await dispatcher.dispatch('users.create', {
      email: employee.email ?? '',
      role: 'PLANNER',
      employeeId: employee.id,
    })
    expect(planner.ok || planner.error.message).toContain(
      'PLANNER and COMM_MANAGER are offered only for managers',
    )
    const asEmployee = await dispatcher.dispatch('users.create', {
      email: employee.email ?? '',
      role: 'EMPLOYEE',
      employeeId: employee.id,
    })
    if (!asEmployee.ok) throw new Error(asEmployee.error.message)
    expect(asEmployee.value.message).toBe(
      `Created User ${employee.email?.toLowerCase()} for ${employee.name}`,
    )
  })
})

describe('users.setRole (spec §6 role management)', () => {
  it(`refuses one's own role with '${OWN_ROLE_REFUSAL}'`, async () => {
    const dispatcher = await as('ADMIN')
    const result = await dispatcher.dispatch('users.setRole', {
      userId: await userIdOf(emailOf('ADMIN')),
      role: 'PLANNER',
    })
    expect(result.ok || result.error).toEqual({ code: 'FORBIDDEN', message: OWN_ROLE_REFUSAL })
  })

  it("an ADMIN may not change an OWNER's role; an OWNER may change a PLANNER's and it is logged", async () => {
    const admin = await as('ADMIN')
    const onOwner = await admin.dispatch('users.setRole', {
      userId: await userIdOf(emailOf('OWNER')),
      role: 'PLANNER',
    })
    expect(onOwner.ok || onOwner.error.message).toMatch(/^Your role \(ADMIN\) may not grant OWNER\./)
    const owner = await as('OWNER')
    const plannerId = await userIdOf(emailOf('COMM_MANAGER'))
    const changed = await owner.dispatch('users.setRole', { userId: plannerId, role: 'PLANNER' })
    if (!changed.ok) throw new Error(changed.error.message)
    expect(changed.value.user.role).toBe('PLANNER')
    const back = await owner.dispatch('users.setRole', { userId: plannerId, role: 'COMM_MANAGER' })
    expect(back.ok).toBe(true)
    const workbook = await openWorkbook(file, { readonly: true })
    const log = await workbook.db
      .selectFrom('change_log')
      .select(['action', 'old_value', 'new_value'])
      .where('entity', '=', 'user')
      .where('entity_id', '=', String(plannerId))
      .orderBy('id')
      .execute()
    await workbook.close()
    expect(log.map((l) => [l.action, l.old_value, l.new_value])).toEqual([
      ['role', '{"role":"COMM_MANAGER"}', '{"role":"PLANNER"}'],
      ['role', '{"role":"PLANNER"}', '{"role":"COMM_MANAGER"}'],
    ])
  })

  it('a SUPER_USER may change any role but not that of the workbook owner', async () => {
    const dispatcher = await as('SUPER_USER')
    const result = await dispatcher.dispatch('users.setRole', {
      userId: await userIdOf(emailOf('OWNER')),
      role: 'ADMIN',
    })
    expect(result.ok || result.error.message).toMatch(/owns this workbook/)
  })
})

describe('users.invite and users.inviteAll (spec §4 User invite)', () => {
  it('records the invite and answers its text to copy, saying plainly that a local workbook sends no mail', async () => {
    const dispatcher = await as('OWNER')
    const made = await dispatcher.dispatch('users.create', { email: 'invitee@acme.test', role: 'ADMIN' })
    if (!made.ok) throw new Error(made.error.message)
    const id = made.value.user.id
    const first = await dispatcher.dispatch('users.invite', { userId: id })
    if (!first.ok) throw new Error(first.error.message)
    expect(first.value.message).toBe(
      'This workbook cannot send mail: copy the invitation for invitee@acme.test below and send it yourself.',
    )
    expect(first.value.mailed).toBe(false)
    expect(first.value.user.invited).toBe(true)
    expect(first.value.invitation.text).toContain(`To: ${'invitee@acme.test'}`)
    expect(first.value.invitation.text).toContain('users.paycycle')
    const second = await dispatcher.dispatch('users.invite', { userId: id })
    expect(second.ok && second.value.message).not.toMatch(/Invite (re)?sent/)
    const page = await dispatcher.dispatch('users.page', {
      search: 'invitee@acme.test',
      filter: 'invited',
      offset: 0,
      limit: 5,
    })
    if (!page.ok) throw new Error(page.error.message)
    expect(page.value.rows[0].inviteRank).toBe(1)
    expect(page.value.rows[0].user?.invitedAt).toMatch(/^\d{4}-\d\d-\d\dT/)
  })

  it('an ADMIN invites all the users below admin it may manage, never itself', async () => {
    const dispatcher = await as('ADMIN')
    const self = await dispatcher.dispatch('users.invite', { userId: await userIdOf(emailOf('ADMIN')) })
    expect(self.ok || self.error.message).toBe('You cannot invite yourself.')
    const all = await dispatcher.dispatch('users.inviteAll', {})
    if (!all.ok) throw new Error(all.error.message)
    expect(all.value.count).toBeGreaterThan(0)
    expect(all.value).toMatchObject({
      mailed: false,
      message: `This workbook cannot send mail: copy the ${all.value.count} invitations below and send them yourself.`,
    })
    const page = await dispatcher.dispatch('users.page', {
      search: '',
      filter: 'notInvited',
      offset: 0,
      limit: 500,
    })
    if (!page.ok) throw new Error(page.error.message)
    expect(page.value.rows.length).toBeGreaterThan(0)
    for (const row of page.value.rows) expect(['ADMIN', 'OWNER', 'SUPER_USER']).toContain(row.user?.role)
  })
})

describe('users.remove', () => {
  it("refuses one's own user, all or nothing, and deletes a user the actor may manage", async () => {
    const dispatcher = await as('ADMIN')
    const own = await userIdOf(emailOf('ADMIN'))
    const planner = await userIdOf(emailOf('PLANNER'))
    const mixed = await dispatcher.dispatch('users.remove', { userIds: [planner, own] })
    expect(mixed.ok || mixed.error.message).toBe('You cannot delete your own user.')
    expect(await userIdOf(emailOf('PLANNER'))).toBe(planner)
    const removed = await dispatcher.dispatch('users.remove', { userIds: [planner] })
    if (!removed.ok) throw new Error(removed.error.message)
    expect(removed.value.message).toMatch(/^Deleted user /)
    await expect(userIdOf(emailOf('PLANNER'))).rejects.toThrow()
  })
})

describe('Create users for all managers', () => {
  it('previews, then creates a user for each manager with an email and no user', async () => {
    const workbook = await openWorkbook(file)
    // Managers without users: drop the MANAGER users the demo gave them.
    const roleRow = await workbook.db
      .selectFrom('role')
      .select('id')
      .where('name', '=', 'MANAGER')
      .executeTakeFirstOrThrow()
    const dropped = await workbook.db
      .deleteFrom('app_user')
      .where('role_id', '=', roleRow.id)
      .returning('id')
      .execute()
    await workbook.close()
    expect(dropped.length).toBeGreaterThan(0)
    const dispatcher = await as('OWNER')
    const preview = await dispatcher.dispatch('users.managersPreview', { role: 'MANAGER' })
    if (!preview.ok) throw new Error(preview.error.message)
    expect(preview.value.toCreate).toBeGreaterThan(0)
    const created = await dispatcher.dispatch('users.createForManagers', { role: 'MANAGER' })
    if (!created.ok) throw new Error(created.error.message)
    expect(created.value.created).toHaveLength(preview.value.toCreate)
    expect(created.value.created.every((u) => u.role === 'MANAGER' && u.employeeId !== null)).toBe(true)
    const again = await dispatcher.dispatch('users.managersPreview', { role: 'MANAGER' })
    expect(again.ok && again.value.toCreate).toBe(0)
    const planner = await as('PLANNER')
    const refused = await planner.dispatch('users.createForManagers', { role: 'PLANNER' })
    expect(refused.ok || refused.error.code).toBe('FORBIDDEN')
  })
})

import type { TableRow } from '../../src-shared/contract'
import { CYCLE_CLOSED } from '../../src-shared/domain/locks'
import { todayIso } from '../../src-shared/domain/pay-cycles'
import { type Desktop } from '../support/replica'
import { testServer } from './support'
import { twoDesktops } from './two-desktops'

/**
 * Issue 16: an admin's company records changed on the server reach the replicas live, through the
 * feed: pay cycle configurations (what a planner may enter), pay ranges, employees' records and users.
 */

const server = testServer()
const PASSWORD = 'records travel live'
const OWNER = 'owner@records.test'

const rowOf = async (desktop: Desktop, employeeId: number): Promise<TableRow> => {
  const page = await desktop.call('table.query', {
    offset: 0,
    limit: 500,
    sort: null,
    filters: {},
    search: '',
    viewAsEmployeeId: null,
  })
  return page.rows.find((r) => r.id === employeeId) as TableRow
}

const logged = (desktop: Desktop, entity: string, entityId: number | string) =>
  desktop.session
    .workbook!.db.selectFrom('change_log as c')
    .leftJoin('app_user as u', 'u.id', 'c.user_id')
    .select(['c.action', 'c.old_value', 'c.new_value', 'u.email'])
    .where('c.entity', '=', entity)
    .where('c.entity_id', '=', String(entityId))
    .orderBy('c.id')
    .execute()

const desks = twoDesktops(
  server,
  { name: 'Live Records', ownerEmail: OWNER, ownerName: 'Rita Records', employees: 40, seed: 12 },
  PASSWORD,
)

describe('company records from the feed', () => {
  it("a pay cycle's settings saved on the server are the replica's, in its history, and the open pages are told", async () => {
    const cycle = desks.snapshot.payCycles.find((c) => c.active)!
    const settings = {
      ...(cycle.settings as Record<string, unknown>),
      maxPercentIncrease: 7,
      minPercentIncrease: 1,
    }
    await desks.rest('PUT', `/api/paycycle/config/${cycle.id}/`, { name: 'Merit 2027', settings })
    desks.manager.applied.length = 0
    await desks.manager.engine.syncUntilIdle()
    const [local] = (await desks.manager.call('payCycles.list', {})).filter((c) => c.id === cycle.id)
    expect(local).toMatchObject({ name: 'Merit 2027', active: true })
    expect(local.settings).toMatchObject({ maxPercentIncrease: 7, minPercentIncrease: 1 })
    expect(desks.manager.applied.some((a) => a.payCyclesChanged)).toBe(true)
    // The configuration's history (an admin's screen) names the server-side author.
    await desks.owner.engine.syncUntilIdle()
    const history = await desks.owner.call('payCycles.history', { id: cycle.id })
    expect(history[0]).toMatchObject({ action: 'update', userName: 'Rita Records' })
    expect(history[0].changed).toEqual(expect.arrayContaining(['name', 'maxPercentIncrease']))
  })

  it('a cycle closed on the server locks the planner’s rows on the replica; reopened, they unlock', async () => {
    const cycle = desks.snapshot.payCycles.find((c) => c.active)!
    await desks.rest('PUT', `/api/paycycle/config/${cycle.id}/`, { active: false })
    await desks.manager.engine.syncUntilIdle()
    expect((await rowOf(desks.manager, desks.teamMember)).lockedReason).toBe(CYCLE_CLOSED)
    await expect(
      desks.manager.call('rewards.update', {
        updates: [{ employeeId: desks.teamMember, changes: { lumpSum: 5_00 } }],
      }),
    ).rejects.toThrow(CYCLE_CLOSED)
    await desks.rest('PUT', `/api/paycycle/config/${cycle.id}/`, { active: true })
    await desks.manager.engine.syncUntilIdle()
    expect((await rowOf(desks.manager, desks.teamMember)).lockedReason).toBeNull()
    await desks.owner.engine.syncUntilIdle()
    const history = await desks.owner.call('payCycles.history', { id: cycle.id })
    expect(history.slice(0, 2).map((h) => h.action)).toEqual(['activate', 'close'])
  })

  it('a new configuration made on the server is active on the replica, the old one closed, employees following', async () => {
    const old = desks.snapshot.payCycles.find((c) => c.active)!
    const made = await desks.rest('POST', '/api/paycycle/config/', {
      name: 'Off-cycle 2027',
      effective_date: todayIso(new Date(Date.now() + 30 * 86_400_000)),
      default_currency: old.default_currency,
      currency_conversions: old.currency_conversions,
      settings: old.settings,
    })
    await desks.manager.engine.syncUntilIdle()
    const cycles = await desks.manager.call('payCycles.list', {})
    expect(cycles.filter((c) => c.active).map((c) => c.id)).toEqual([made.id])
    expect(cycles.find((c) => c.id === old.id)).toMatchObject({ active: false })
    const employee = await desks.manager.session
      .workbook!.db.selectFrom('employee')
      .select('pay_cycle_id')
      .where('id', '=', desks.teamMember)
      .executeTakeFirstOrThrow()
    expect(employee.pay_cycle_id).toBe(made.id)
    // Removed on the server (it has no submissions once the old one is active again): removed here.
    await desks.rest('PUT', `/api/paycycle/config/${old.id}/`, { active: true })
    await desks.rest('DELETE', `/api/paycycle/config/${String(made.id)}/`)
    await desks.manager.engine.syncUntilIdle()
    const after = await desks.manager.call('payCycles.list', {})
    expect(after.map((c) => c.id)).not.toContain(made.id)
    expect(after.find((c) => c.id === old.id)?.active).toBe(true)
  })

  it("a pay range's pays and an employee's record reach the rows shown, with the author in the change log", async () => {
    const before = await rowOf(desks.manager, desks.teamMember)
    const employee = desks.snapshot.employees.find((e) => e.id === desks.teamMember)!
    const profile = desks.snapshot.jobProfiles.find((j) => j.id === employee.job_profile_id)!
    const range = desks.snapshot.payRanges.find((r) => r.id === profile.pay_range_id)!
    await desks.rest('PUT', `/api/payranges/${range.id}/`, { max_pay: range.max_pay + 1_000_00 })
    await desks.rest('PUT', `/api/employees/${desks.teamMember}/`, {
      jobTitle: 'Principal Tester',
      currentSalary: '123456',
    })
    desks.manager.applied.length = 0
    await desks.manager.engine.syncUntilIdle()
    expect(desks.manager.applied.some((a) => a.recordsChanged)).toBe(true)
    const after = await rowOf(desks.manager, desks.teamMember)
    expect(after).toMatchObject({ jobTitle: 'Principal Tester', currentSalary: 123_456_00 })
    expect(after.payRange?.max).not.toBe(before.payRange?.max)
    const employeeLog = await logged(desks.manager, 'employee', desks.teamMember)
    expect(employeeLog.at(-1)).toMatchObject({ action: 'update', email: OWNER })
    expect(JSON.parse(employeeLog.at(-1)!.new_value!)).toMatchObject({ jobTitle: 'Principal Tester' })
    expect((await logged(desks.manager, 'payRange', range.id)).at(-1)).toMatchObject({
      action: 'update',
      email: OWNER,
    })
  })

  it('users made, changed and removed on the server reach an admin’s replica', async () => {
    const free = desks.snapshot.employees.find(
      (e) => !desks.snapshot.users.some((u) => u.employee_id === e.id),
    )!
    const made = await desks.rest('POST', '/api/users/', {
      email: 'New.Planner@records.test',
      role: 'PLANNER',
      name: 'Nina Planner',
      employee_id: free.id,
    })
    const localUser = () =>
      desks.owner.session
        .workbook!.db.selectFrom('app_user as u')
        .innerJoin('role as r', 'r.id', 'u.role_id')
        .select(['u.name', 'u.employee_id', 'r.name as role'])
        .where('u.email', '=', 'new.planner@records.test')
        .executeTakeFirst()
    desks.owner.applied.length = 0
    await desks.owner.engine.syncUntilIdle()
    expect(await localUser()).toEqual({ name: 'Nina Planner', employee_id: free.id, role: 'PLANNER' })
    expect(desks.owner.applied.some((a) => a.usersChanged)).toBe(true)
    await desks.rest('PUT', `/api/users/${String(made.id)}/`, { role: 'ADMIN' })
    await desks.owner.engine.syncUntilIdle()
    expect((await localUser())?.role).toBe('ADMIN')
    await desks.rest('DELETE', `/api/users/${String(made.id)}/`)
    await desks.owner.engine.syncUntilIdle()
    expect(await localUser()).toBeUndefined()
    const actions = (
      await desks.owner.session
        .workbook!.db.selectFrom('change_log')
        .select('action')
        .where('entity', '=', 'user')
        .orderBy('id')
        .execute()
    ).map((r) => r.action)
    expect(actions.slice(-3)).toEqual(['create', 'role', 'delete'])
    // A manager's replica is not sent users.
    await desks.manager.engine.syncUntilIdle()
    const seen = await desks.manager.session
      .workbook!.db.selectFrom('app_user')
      .select('id')
      .where('email', '=', 'new.planner@records.test')
      .executeTakeFirst()
    expect(seen).toBeUndefined()
  })
})

describe("a replica's pay cycle saves and users go to the server", () => {
  const serverCycle = async (id: number) =>
    (await desks.rest('GET', '/api/paycycle/config/').then((all) => all as unknown as { id: number }[])).find(
      (c) => c.id === id,
    ) as unknown as { name: string; active: boolean; settings: Record<string, unknown> }

  it('a saved configuration is pushed under its idempotency key and reaches the other desktop', async () => {
    await desks.owner.engine.syncUntilIdle()
    const [cycle] = (await desks.owner.call('payCycles.list', {})).filter((c) => c.active)
    const config = {
      name: 'Merit 2027 (desk)',
      effectiveDate: cycle.effectiveDate,
      companyMeritBudget: cycle.companyMeritBudget,
      defaultCurrency: cycle.defaultCurrency as 'USD',
      currencyConversions: cycle.currencyConversions,
      ratesAsOf: cycle.ratesAsOf,
      settings: { ...cycle.settings, maxPercentIncrease: 9 },
    }
    await desks.owner.call('payCycles.save', { id: cycle.id, config, activate: false })
    expect((await desks.owner.call('sync.state', {})).waiting).toBe(1)
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ pushed: 1, refused: 0, outbox: 0 })
    const onServer = await serverCycle(cycle.id)
    expect(onServer).toMatchObject({ name: 'Merit 2027 (desk)', active: true })
    expect(onServer.settings).toMatchObject({ maxPercentIncrease: 9 })
    const keyed = await server()
      .db.selectFrom('sync_change')
      .select('idempotency_key')
      .where('kind', '=', 'pay_cycle')
      .where('idempotency_key', 'is not', null)
      .execute()
    expect(keyed).toHaveLength(1)
    await desks.manager.engine.syncUntilIdle()
    const [local] = (await desks.manager.call('payCycles.list', {})).filter((c) => c.id === cycle.id)
    expect(local).toMatchObject({ name: 'Merit 2027 (desk)' })
    expect(local.settings.maxPercentIncrease).toBe(9)
  })

  it("a configuration saved while another's save arrives keeps the local one until it is pushed", async () => {
    const [cycle] = (await desks.owner.call('payCycles.list', {})).filter((c) => c.active)
    const config = {
      name: 'Local wins',
      effectiveDate: cycle.effectiveDate,
      companyMeritBudget: cycle.companyMeritBudget,
      defaultCurrency: cycle.defaultCurrency as 'USD',
      currencyConversions: cycle.currencyConversions,
      ratesAsOf: cycle.ratesAsOf,
      settings: cycle.settings,
    }
    await desks.owner.call('payCycles.save', { id: cycle.id, config, activate: false })
    await desks.rest('PUT', `/api/paycycle/config/${cycle.id}/`, { name: 'Server first' })
    await desks.owner.engine.pull(0)
    expect((await desks.owner.call('payCycles.list', {})).find((c) => c.id === cycle.id)?.name).toBe(
      'Local wins',
    )
    await desks.owner.engine.syncUntilIdle()
    expect((await serverCycle(cycle.id)).name).toBe('Local wins')
  })

  it("a save the server refuses is put back with the server's reason", async () => {
    const [cycle] = (await desks.owner.call('payCycles.list', {})).filter((c) => c.active)
    const setRole = (role: string) =>
      server().db.updateTable('app_user').set({ role }).where('email', '=', OWNER).execute()
    await desks.owner.call('payCycles.close', { id: cycle.id })
    await setRole('PLANNER')
    try {
      desks.owner.notices.length = 0
      expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ refused: 1, outbox: 0 })
    } finally {
      await setRole('OWNER')
    }
    expect((await desks.owner.call('payCycles.list', {})).find((c) => c.id === cycle.id)?.active).toBe(true)
    expect((await serverCycle(cycle.id)).active).toBe(true)
    expect(desks.owner.notices).toEqual([
      `The server refused your change to ${cycle.name}: Your role (PLANNER) may not close pay cycles. It was put back.`,
    ])
  })

  it('users made, given a role and removed on a replica are made, changed and removed on the server', async () => {
    const onServer = async () =>
      server()
        .db.selectFrom('app_user')
        .select(['name', 'role'])
        .where('email', '=', 'desk.user@records.test')
        .executeTakeFirst()
    const made = await desks.owner.call('users.create', {
      email: 'desk.user@records.test',
      role: 'ADMIN',
      name: 'Desk User',
    })
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ pushed: 1, refused: 0 })
    expect(await onServer()).toEqual({ name: 'Desk User', role: 'ADMIN' })
    await desks.owner.call('users.setRole', { userId: made.user.id, role: 'COMM_MANAGER' })
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ pushed: 1, refused: 0 })
    expect((await onServer())?.role).toBe('COMM_MANAGER')
    await desks.owner.call('users.remove', { userIds: [made.user.id] })
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ pushed: 1, refused: 0 })
    expect(await onServer()).toBeUndefined()
  })
})

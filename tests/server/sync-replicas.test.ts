import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { syncStatusText } from '../../src-shared/domain/sync'
import { cli } from '../support/cli'
import { joinDesktop, type Desktop, rewardOf } from '../support/replica'
import { listen, publishDemo, testServer } from './support'

/** Issue 16: two desktops on one company, each a replica, kept in step through the server. */

const server = testServer()
const PASSWORD = 'replicas stay in step'
let url: string
let snapshot: CompanySnapshot
let ownerDesktop: Desktop
let managerDesktop: Desktop
let managerEmployeeId: number
let teamMember: number

beforeAll(async () => {
  const company = await publishDemo(
    server(),
    { name: 'Twin Desks', ownerEmail: 'owner@twin.test', ownerName: 'Olga Owner', employees: 40, seed: 11 },
    PASSWORD,
  )
  snapshot = company.snapshot
  managerEmployeeId = company.manager.employeeId
  const teams = company.manager.teamIds
  teamMember = snapshot.employees.find(
    (e) => e.team_id !== null && teams.has(e.team_id) && e.id !== managerEmployeeId,
  )!.id
  url = await listen(server())
  ownerDesktop = await joinDesktop(url, 'owner@twin.test', PASSWORD)
  managerDesktop = await joinDesktop(url, company.manager.email, PASSWORD)
})

afterAll(async () => {
  await ownerDesktop?.close()
  await managerDesktop?.close()
})

describe('live sync between two replicas', () => {
  it("an edit is queued in the edit's transaction, pushed once, and appears on the other desktop", async () => {
    await managerDesktop.call('rewards.update', {
      updates: [{ employeeId: teamMember, changes: { lumpSum: 150_000 } }],
    })
    expect((await managerDesktop.call('sync.state', {})).waiting).toBe(1)
    expect(await managerDesktop.engine.syncUntilIdle()).toMatchObject({ pushed: 1, refused: 0, outbox: 0 })
    expect((await ownerDesktop.engine.syncUntilIdle()).pulled).toBeGreaterThanOrEqual(1)
    expect((await rewardOf(ownerDesktop, teamMember))?.lump_sum).toBe(150_000)
    const history = await ownerDesktop.call('rewards.history', { employeeId: teamMember })
    expect(JSON.stringify(history)).toContain('150000')
  })

  it('edits to one employee within the pause go out as one push', async () => {
    for (const lumpSum of [1_000, 2_000, 3_000])
      await managerDesktop.call('rewards.update', {
        updates: [{ employeeId: teamMember, changes: { lumpSum } }],
      })
    expect((await managerDesktop.call('sync.state', {})).waiting).toBe(3)
    expect(await managerDesktop.engine.syncUntilIdle()).toMatchObject({ pushed: 1, outbox: 0 })
    await ownerDesktop.engine.syncUntilIdle()
    expect((await rewardOf(ownerDesktop, teamMember))?.lump_sum).toBe(3_000)
  })

  it('offline, edits wait in the outbox across a restart and drain in order when the server is back', async () => {
    const account = managerDesktop.account
    const transport = account.currentTransport()!
    const realServer = transport.server
    // The server's address stops answering (a closed port), as when the laptop leaves the office.
    Object.defineProperty(transport, 'server', { value: 'http://127.0.0.1:9', configurable: true })
    await managerDesktop.call('rewards.update', {
      updates: [{ employeeId: teamMember, changes: { comments: 'Offline note' } }],
    })
    await managerDesktop.engine.push(true)
    expect(managerDesktop.online).toBe(false)
    expect((await managerDesktop.call('sync.state', {})).waiting).toBe(1)
    await managerDesktop.close()
    await managerDesktop.reopen()
    expect((await managerDesktop.call('sync.state', {})).waiting).toBe(1)
    Object.defineProperty(transport, 'server', { value: realServer, configurable: true })
    expect(await managerDesktop.engine.syncUntilIdle()).toMatchObject({ pushed: 1, outbox: 0 })
    expect(managerDesktop.online).toBe(true)
    await ownerDesktop.engine.syncUntilIdle()
    expect((await rewardOf(ownerDesktop, teamMember))?.comments).toBe('Offline note')
  })

  it('a conflict: the later push wins, the earlier author is told, and their comment stays in history', async () => {
    await ownerDesktop.engine.syncUntilIdle()
    await managerDesktop.engine.syncUntilIdle()
    await ownerDesktop.call('rewards.update', {
      updates: [{ employeeId: teamMember, changes: { comments: 'Owner: hold until Q3' } }],
    })
    await ownerDesktop.engine.push(true)
    // The manager edits before pulling the owner's change: theirs reaches the server later and wins.
    await managerDesktop.call('rewards.update', {
      updates: [{ employeeId: teamMember, changes: { comments: 'Manager: approve now' } }],
    })
    await managerDesktop.engine.syncUntilIdle()
    ownerDesktop.notices.length = 0
    await ownerDesktop.engine.syncUntilIdle()
    expect((await rewardOf(ownerDesktop, teamMember))?.comments).toBe('Manager: approve now')
    const name = snapshot.employees.find((e) => e.id === teamMember)!.name
    expect(ownerDesktop.notices).toEqual([
      expect.stringContaining(
        `changed ${name}'s Comments after you; their change replaced yours, which is kept in the reward history.`,
      ),
    ])
    const history = await ownerDesktop.call('rewards.history', { employeeId: teamMember })
    expect(JSON.stringify(history)).toContain('Owner: hold until Q3')
  })

  it("a change the server refuses (the manager's plan is submitted there) is put back with the server's reason", async () => {
    const cycle = snapshot.payCycles.find((c) => c.active)!
    const token = (
      await server().app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: {
          username: snapshot.users.find((u) => u.employee_id === managerEmployeeId)!.email,
          password: PASSWORD,
        },
      })
    ).json<{ access: string }>().access
    // Submitted from another of the manager's machines: this desktop has not heard yet.
    const submitted = await server().app.inject({
      method: 'POST',
      url: '/api/paycycle/submit/',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        planner_employee: managerEmployeeId,
        pay_cycle: cycle.id,
        submission_type: 'PLANNER',
        comments: 'Done',
      },
    })
    expect(submitted.statusCode).toBe(200)
    const before = (await rewardOf(managerDesktop, teamMember))?.lump_sum
    await managerDesktop.call('rewards.update', {
      updates: [{ employeeId: teamMember, changes: { lumpSum: 999_900 } }],
    })
    managerDesktop.notices.length = 0
    const totals = await managerDesktop.engine.syncUntilIdle()
    expect(totals).toMatchObject({ refused: 1, outbox: 0 })
    expect((await rewardOf(managerDesktop, teamMember))?.lump_sum).toBe(before)
    expect(managerDesktop.notices[0]).toMatch(/^The server refused your change to .+: .+ It was put back\.$/)
    // The table's undo history is told which edit to forget (src-renderer's withoutRefused).
    expect(managerDesktop.applied.flatMap((a) => a.refusedRewards ?? [])).toEqual([
      { employeeId: teamMember, fields: ['lumpSum'] },
    ])
    // The submission travelled too: the manager's rows are locked on this desktop now.
    await expect(
      managerDesktop.call('rewards.update', {
        updates: [{ employeeId: teamMember, changes: { lumpSum: 1 } }],
      }),
    ).rejects.toThrow()
  })

  it("an admin's send-back on one desktop unlocks the planner's rows on the other; a submission travels back", async () => {
    await ownerDesktop.engine.syncUntilIdle()
    await ownerDesktop.call('submissions.unsubmit', { plannerEmployeeId: managerEmployeeId })
    expect(await ownerDesktop.engine.syncUntilIdle()).toMatchObject({ pushed: 1, refused: 0, outbox: 0 })
    await managerDesktop.engine.syncUntilIdle()
    await managerDesktop.call('rewards.update', {
      updates: [{ employeeId: teamMember, changes: { lumpSum: 4_200 } }],
    })

    await managerDesktop.call('submissions.submit', { plannerEmployeeId: null, comments: 'Ready for HR' })
    expect(await managerDesktop.engine.syncUntilIdle()).toMatchObject({ pushed: 2, refused: 0, outbox: 0 })
    await ownerDesktop.engine.syncUntilIdle()
    const submitted = await ownerDesktop.session
      .workbook!.db.selectFrom('planner_submission')
      .select(['comments'])
      .where('planner_employee_id', '=', managerEmployeeId)
      .executeTakeFirst()
    expect(submitted?.comments).toBe('Ready for HR')
    expect((await rewardOf(ownerDesktop, teamMember))?.lump_sum).toBe(4_200)
  })

  it('a desktop joining now starts at the feed position of its download and pulls nothing it already has', async () => {
    const latecomer = await joinDesktop(url, 'owner@twin.test', PASSWORD)
    try {
      const feed = await server()
        .db.selectFrom('sync_change')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .executeTakeFirstOrThrow()
      expect(Number(feed.seq)).toBeGreaterThan(0)
      expect((await latecomer.call('sync.state', {})).lastSeq).toBe(Number(feed.seq))
      expect((await rewardOf(latecomer, teamMember))?.lump_sum).toBe(4_200)
      expect(await latecomer.engine.syncUntilIdle()).toMatchObject({ pulled: 0, outbox: 0 })
    } finally {
      await latecomer.close()
    }
  })

  it("a team budget goes to the server's team; refused there, it is put back with the server's reason", async () => {
    const sizes = new Map<number, number>()
    for (const e of snapshot.employees)
      if (e.team_id !== null) sizes.set(e.team_id, (sizes.get(e.team_id) ?? 0) + 1)
    const [teamId] = [...sizes].sort((a, b) => b[1] - a[1])[0]
    const team = snapshot.teams.find((t) => t.id === teamId)!
    const local = () =>
      ownerDesktop.session
        .workbook!.db.selectFrom('team')
        .selectAll()
        .where('id', '=', teamId)
        .executeTakeFirstOrThrow()
    const onServer = () =>
      server().db.selectFrom('team').selectAll().where('id', '=', teamId).executeTakeFirstOrThrow()
    await ownerDesktop.engine.syncUntilIdle()

    await ownerDesktop.call('teams.setBudget', { teamId, budget: 123_456_00, currency: 'USD' })
    expect((await ownerDesktop.call('sync.state', {})).waiting).toBe(1)
    expect(await ownerDesktop.engine.syncUntilIdle()).toMatchObject({ pushed: 1, refused: 0, outbox: 0 })
    expect(await onServer()).toMatchObject({ budget: 123_456_00, budget_currency: 'USD' })
    // The manager's desktop follows, and its HyperBalance sees a budget saved (for 'budgets changed').
    managerDesktop.applied.length = 0
    await managerDesktop.engine.syncUntilIdle()
    const managerTeam = await managerDesktop.session
      .workbook!.db.selectFrom('team')
      .selectAll()
      .where('id', '=', teamId)
      .executeTakeFirstOrThrow()
    expect(managerTeam).toMatchObject({ budget: 123_456_00, budget_currency: 'USD' })
    expect(managerDesktop.applied.some((a) => a.teamsChanged)).toBe(true)
    const logged = await managerDesktop.session
      .workbook!.db.selectFrom('change_log')
      .select(['action', 'new_value'])
      .where('entity', '=', 'team')
      .where('entity_id', '=', String(teamId))
      .execute()
    expect(logged.map((l) => [l.action, JSON.parse(l.new_value ?? 'null')])).toContainEqual([
      'budget',
      { budget: 123_456_00, budgetCurrency: 'USD' },
    ])

    const setRole = (role: string) =>
      server().db.updateTable('app_user').set({ role }).where('email', '=', 'owner@twin.test').execute()
    await setRole('PLANNER')
    try {
      await ownerDesktop.call('teams.setBudget', { teamId, budget: 1_00, currency: 'USD' })
      ownerDesktop.notices.length = 0
      expect(await ownerDesktop.engine.syncUntilIdle()).toMatchObject({ refused: 1, outbox: 0 })
    } finally {
      await setRole('OWNER')
    }
    expect(await local()).toMatchObject({ budget: 123_456_00, budget_currency: 'USD' })
    expect(await onServer()).toMatchObject({ budget: 123_456_00 })
    expect(ownerDesktop.notices).toEqual([
      `The server refused your change to ${team.name}'s budget: Your role (PLANNER) may not change teams. It was put back.`,
    ])
    // The budget view's undo history is told to start over (BudgetDistributionView's useRefusedPush).
    expect(ownerDesktop.applied.at(-1)?.refusedPush).toBe('team.budget')
  })

  it('a replica whose user the server no longer lets follow the company says so, stays readable and pushes nothing', async () => {
    const setRole = (role: string) =>
      server().db.updateTable('app_user').set({ role }).where('email', '=', 'owner@twin.test').execute()
    await managerDesktop.engine.syncUntilIdle()
    await setRole('EMPLOYEE')
    try {
      await ownerDesktop.call('rewards.update', {
        updates: [{ employeeId: teamMember, changes: { comments: 'Written while refused' } }],
      })
      await expect(ownerDesktop.engine.pull(0)).rejects.toThrow(
        'Your role (EMPLOYEE) may not follow the company’s changes.',
      )
      const refused = await ownerDesktop.call('sync.state', {})
      expect(refused).toMatchObject({
        accessRefused: 'Your role (EMPLOYEE) may not follow the company’s changes.',
      })
      expect(syncStatusText({ ...refused, online: true, signedIn: true })).toBe(
        'Not syncing — Your role (EMPLOYEE) may not follow the company’s changes.',
      )
      // Nothing is pushed (the edit is neither sent nor put back), and the file still reads.
      expect(await ownerDesktop.engine.push(true)).toEqual({ pushed: 0, refused: 0 })
      expect((await ownerDesktop.call('sync.state', {})).waiting).toBe(1)
      expect((await rewardOf(ownerDesktop, teamMember))?.comments).toBe('Written while refused')
      const rows = await ownerDesktop.call('table.query', {
        offset: 0,
        limit: 25,
        sort: null,
        filters: {},
        search: '',
        viewAsEmployeeId: null,
      })
      expect(rows.total).toBeGreaterThan(0)
    } finally {
      await setRole('OWNER')
    }
    // Access back: the next pull clears the refusal and the waiting edit goes out.
    expect(await ownerDesktop.engine.syncUntilIdle()).toMatchObject({ outbox: 0 })
    expect((await ownerDesktop.call('sync.state', {})).accessRefused).toBeNull()
    await managerDesktop.engine.syncUntilIdle()
    expect((await rewardOf(managerDesktop, teamMember))?.comments).toBe('Written while refused')
  })

  it('`sync --status` reads the replica without the server', async () => {
    await managerDesktop.close()
    const status = await cli('sync', managerDesktop.file, '--status', '--json')
    expect(status.code).toBe(0)
    expect(status.json[0]).toMatchObject({ server: url, waiting: 0 })
    await managerDesktop.reopen()
  })
})

import { type Desktop, type Network } from '../support/replica'
import { testServer } from './support'
import { twoDesktops } from './two-desktops'

/**
 * Issue 16, the other direction: company records edited on an admin's replica (employees' records,
 * pay ranges) go to the server in the order they were made, under their idempotency keys, and reach
 * the feed; a replay applies once; a refusal is put back with the server's reason.
 */

const server = testServer()
const PASSWORD = 'records go up'
const OWNER = 'owner@record-push.test'
const network: Network = { offline: false, loseNextAnswer: false }

const feed = async () =>
  (await desks.rest('GET', '/api/sync/changes/?after=0')).changes as {
    kind: string
    entity_id: number
    values: Record<string, unknown>
    user_email: string
  }[]

const keyedChanges = (kind: string, entityId: number) =>
  server()
    .db.selectFrom('sync_change')
    .select(['idempotency_key', 'payload'])
    .where('kind', '=', kind)
    .where('entity_id', '=', entityId)
    .where('idempotency_key', 'is not', null)
    .execute()

const serverEmployee = (id: number) =>
  server()
    .db.selectFrom('employee')
    .select(['job_title', 'current_salary'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

const serverRange = (id: number) =>
  server()
    .db.selectFrom('pay_range')
    .select(['name', 'max_pay', 'salaried'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

const desks = twoDesktops(
  server,
  { name: 'Records Up', ownerEmail: OWNER, ownerName: 'Paula Push', employees: 30, seed: 21 },
  PASSWORD,
  network,
)

describe("an admin's record edits on a replica go to the server", () => {
  it('an employee edit is queued with the edit, pushed under its key, in the feed and on the other desktop', async () => {
    await desks.owner.call('employees.update', {
      employeeId: desks.teamMember,
      changes: { jobTitle: 'Staff Pusher', currentSalary: '91234.50' },
    })
    expect((await desks.owner.call('sync.state', {})).waiting).toBe(1)
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ pushed: 1, refused: 0, outbox: 0 })
    expect(await serverEmployee(desks.teamMember)).toEqual({
      job_title: 'Staff Pusher',
      current_salary: 9123450,
    })
    expect(await keyedChanges('employee', desks.teamMember)).toHaveLength(1)
    const change = (await feed())
      .filter((c) => c.kind === 'employee' && c.entity_id === desks.teamMember)
      .at(-1)
    expect(change).toMatchObject({
      user_email: OWNER,
      values: { job_title: 'Staff Pusher', current_salary: 9123450 },
    })
    await desks.manager.engine.syncUntilIdle()
    const onManager = await desks.manager.session
      .workbook!.db.selectFrom('employee')
      .select(['job_title', 'current_salary'])
      .where('id', '=', desks.teamMember)
      .executeTakeFirstOrThrow()
    expect(onManager).toEqual({ job_title: 'Staff Pusher', current_salary: 9123450 })
  })

  it('a field edited here and still queued keeps its local value when the server changes it too; the others follow', async () => {
    network.offline = true
    await desks.owner.call('employees.update', {
      employeeId: desks.teamMember,
      changes: { jobTitle: 'Local Title' },
    })
    network.offline = false
    await desks.rest('PUT', `/api/employees/${desks.teamMember}/`, {
      jobTitle: 'Server Title',
      gender: 'Server Gender',
    })
    await desks.owner.engine.pull(0)
    const local = () =>
      desks.owner.session
        .workbook!.db.selectFrom('employee')
        .select(['job_title', 'gender'])
        .where('id', '=', desks.teamMember)
        .executeTakeFirstOrThrow()
    expect(await local()).toEqual({ job_title: 'Local Title', gender: 'Server Gender' })
    // The queued edit reaches the server after the server's own: its order decides.
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ outbox: 0 })
    expect((await serverEmployee(desks.teamMember)).job_title).toBe('Local Title')
    expect(await local()).toEqual({ job_title: 'Local Title', gender: 'Server Gender' })
  })

  it('a pay range edit goes to the server with every field the desktop changed', async () => {
    const range = desks.snapshot.payRanges[0]
    await desks.owner.call('payRanges.update', {
      payRangeId: range.id,
      changes: { name: 'Pushed Range', maxPay: String(range.max_pay / 100 + 1000), salaried: 'false' },
    })
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ pushed: 1, refused: 0, outbox: 0 })
    expect(await serverRange(range.id)).toEqual({
      name: 'Pushed Range',
      max_pay: range.max_pay + 100_000,
      salaried: false,
    })
    expect(await keyedChanges('pay_range', range.id)).toHaveLength(1)
  })

  it('edits reach the server in the order they were made', async () => {
    for (const title of ['First', 'Second', 'Third'])
      await desks.owner.call('employees.update', {
        employeeId: desks.teamMember,
        changes: { jobTitle: title },
      })
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ pushed: 3, outbox: 0 })
    const titles = (await keyedChanges('employee', desks.teamMember)).map(
      (c) => (c.payload as { values: { job_title: string } }).values.job_title,
    )
    expect(titles.slice(-3)).toEqual(['First', 'Second', 'Third'])
    expect((await serverEmployee(desks.teamMember)).job_title).toBe('Third')
  })

  it('a push replayed after its answer was lost applies once', async () => {
    await desks.owner.call('employees.update', {
      employeeId: desks.teamMember,
      changes: { jobTitle: 'Lost Answer' },
    })
    network.loseNextAnswer = true
    expect(await desks.owner.engine.push(true)).toMatchObject({ pushed: 0 })
    expect((await desks.owner.call('sync.state', {})).waiting).toBe(1)
    expect((await serverEmployee(desks.teamMember)).job_title).toBe('Lost Answer')
    // Someone changes it on the server before the replay: the replay must not apply the old edit again.
    await desks.rest('PUT', `/api/employees/${desks.teamMember}/`, { jobTitle: 'Changed Meanwhile' })
    const before = (await keyedChanges('employee', desks.teamMember)).length
    expect(await desks.owner.engine.push(true)).toMatchObject({ pushed: 1, refused: 0 })
    expect((await serverEmployee(desks.teamMember)).job_title).toBe('Changed Meanwhile')
    expect(await keyedChanges('employee', desks.teamMember)).toHaveLength(before)
  })

  it("a user's role change replayed after its answer was lost applies once, after another admin's change too", async () => {
    const made = await desks.owner.call('users.create', {
      email: 'replayed.role@record-push.test',
      role: 'ADMIN',
      name: 'Replayed Role',
    })
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ pushed: 1, refused: 0, outbox: 0 })
    const onServer = () =>
      server()
        .db.selectFrom('app_user')
        .select(['id', 'role'])
        .where('email', '=', 'replayed.role@record-push.test')
        .executeTakeFirstOrThrow()
    await desks.owner.call('users.setRole', { userId: made.user.id, role: 'COMM_MANAGER' })
    network.loseNextAnswer = true
    expect(await desks.owner.engine.push(true)).toMatchObject({ pushed: 0 })
    expect((await onServer()).role).toBe('COMM_MANAGER')
    // Another admin gives them a role before the replay: the replay must not put its own back.
    await desks.rest('PUT', `/api/users/${(await onServer()).id}/`, { role: 'PLANNER' })
    expect(await desks.owner.engine.push(true)).toMatchObject({ pushed: 1, refused: 0 })
    expect((await onServer()).role).toBe('PLANNER')
    await desks.owner.engine.syncUntilIdle()
    expect((await desks.owner.call('users.list', {})).find((u) => u.id === made.user.id)?.role).toBe(
      'PLANNER',
    )
  })

  it("an employee edit the server refuses is put back with the server's reason", async () => {
    await desks.owner.engine.syncUntilIdle()
    const name = (await desks.owner.call('employees.record', { employeeId: desks.teamMember })).values.name
    const was = (await desks.owner.call('employees.record', { employeeId: desks.teamMember })).values.jobTitle
    await desks.owner.call('employees.update', {
      employeeId: desks.teamMember,
      changes: { jobTitle: 'Refused' },
    })
    desks.owner.notices.length = 0
    expect(await desks.pushAsOwnerRole('PLANNER')).toMatchObject({ pushed: 0, refused: 1 })
    expect((await desks.owner.call('sync.state', {})).waiting).toBe(0)
    expect(
      (await desks.owner.call('employees.record', { employeeId: desks.teamMember })).values.jobTitle,
    ).toBe(was)
    expect((await serverEmployee(desks.teamMember)).job_title).toBe(was)
    expect(desks.owner.notices).toEqual([
      `The server refused your change to ${name}: Your role (PLANNER) may not change employees. It was put back.`,
    ])
    expect(desks.owner.applied.at(-1)?.recordsChanged).toBe(true)
  })

  it("a pay range edit the server refuses is put back with the server's reason", async () => {
    const range = desks.snapshot.payRanges[1]
    await desks.owner.call('payRanges.update', { payRangeId: range.id, changes: { name: 'Refused Range' } })
    desks.owner.notices.length = 0
    expect(await desks.pushAsOwnerRole('PLANNER')).toMatchObject({ refused: 1 })
    const local = (await desks.owner.call('payRanges.overview', {})).find((r) => r.id === range.id)
    expect(local?.name).toBe(range.name)
    expect(desks.owner.notices).toEqual([
      `The server refused your change to pay range ${range.name}: Your role (PLANNER) may not change pay ranges. It was put back.`,
    ])
    // The records screens' undo histories are told to start over (src-renderer's forgetRecordUndo).
    expect(desks.owner.applied.at(-1)?.refusedPush).toBe('pay_range')
  })
})

describe("an admin's org chart moves on a replica go to the server", () => {
  const serverPlace = (id: number) =>
    server()
      .db.selectFrom('employee')
      .select(['team_id', 'manager_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  const localPlace = (desktop: Desktop, id: number) =>
    desktop.session
      .workbook!.db.selectFrom('employee')
      .select(['team_id', 'manager_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  /** Someone who manages no team, in a team other than `not`, not `except`. */
  const individual = (not: number | null, except: number[] = []) => {
    const managers = new Set(desks.snapshot.teams.map((t) => t.manager_id))
    return desks.snapshot.employees.find(
      (e) => !managers.has(e.id) && e.team_id !== null && e.team_id !== not && !except.includes(e.id),
    )!
  }

  it('a drop is queued with the move, pushed under its key, and the feed carries it to the other desktop', async () => {
    await desks.owner.engine.syncUntilIdle()
    const home = desks.snapshot.employees.find((e) => e.id === desks.teamMember)!.team_id
    const target = desks.snapshot.teams.find((t) => t.id !== home && t.manager_id !== null)!
    const moved = await desks.owner.call('orgChart.drop', {
      source: { employeeId: desks.teamMember, asManager: false },
      target: { kind: 'team', teamId: target.id },
    })
    expect(moved.changed).toBe(true)
    expect((await desks.owner.call('sync.state', {})).waiting).toBe(1)
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ pushed: 1, refused: 0, outbox: 0 })
    expect(await serverPlace(desks.teamMember)).toEqual(await localPlace(desks.owner, desks.teamMember))
    expect((await serverPlace(desks.teamMember)).team_id).toBe(target.id)
    const keyed = await server()
      .db.selectFrom('sync_change')
      .select(['kind', 'payload'])
      .where('idempotency_key', 'is not', null)
      .where('kind', '=', 'team')
      .execute()
    expect(keyed).toHaveLength(1)
    expect((keyed[0].payload as { values: { moved: unknown } }).values.moved).toEqual([
      { team_id: target.id, employee_ids: [desks.teamMember] },
    ])
    const change = (await feed()).filter((c) => c.kind === 'team').at(-1)
    expect(change).toMatchObject({ user_email: OWNER, values: { moved: [{ team_id: target.id }] } })
    // Moved back, so the manager's replica still holds them for the tests below.
    await desks.owner.call('orgChart.restore', { snapshot: moved.before })
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ pushed: 1, refused: 0, outbox: 0 })
    expect((await serverPlace(desks.teamMember)).team_id).toBe(home)
  })

  it('a drop that makes a team makes it on the server under the same id', async () => {
    const manager = individual(null)
    const member = individual(null, [manager.id])
    const made = await desks.owner.call('orgChart.drop', {
      source: { employeeId: member.id, asManager: false },
      target: { kind: 'employee', employeeId: manager.id },
    })
    const team = made.after.teams.find((t) => made.before.absentTeams.includes(t.id))!
    expect(team.managerId).toBe(manager.id)
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ pushed: 1, refused: 0 })
    const onServer = await server()
      .db.selectFrom('team')
      .select(['name', 'manager_id', 'parent_team_id'])
      .where('id', '=', team.id)
      .executeTakeFirst()
    expect(onServer).toEqual({ name: team.name, manager_id: manager.id, parent_team_id: team.parentTeamId })
    expect((await serverPlace(member.id)).team_id).toBe(team.id)
    // Its undo removes the team on the server too.
    await desks.owner.call('orgChart.restore', { snapshot: made.before })
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ pushed: 1, refused: 0 })
    expect(
      await server().db.selectFrom('team').select('id').where('id', '=', team.id).executeTakeFirst(),
    ).toBeUndefined()
    expect((await serverPlace(member.id)).team_id).toBe(member.team_id)
  })

  it('a drop replayed after its answer was lost applies once', async () => {
    const who = individual(null)
    const target = desks.snapshot.teams.find((t) => t.id !== who.team_id)!
    await desks.owner.call('orgChart.drop', {
      source: { employeeId: who.id, asManager: false },
      target: { kind: 'team', teamId: target.id },
    })
    network.loseNextAnswer = true
    expect(await desks.owner.engine.push(true)).toMatchObject({ pushed: 0 })
    expect((await serverPlace(who.id)).team_id).toBe(target.id)
    // Moved back on the server meanwhile: the replay must not move them again.
    await desks.rest('PUT', '/api/org-chart/', {
      snapshot: {
        employees: [{ id: who.id, teamId: who.team_id, managerId: null }],
        teams: [],
        absentTeams: [],
      },
      created_teams: [],
    })
    expect(await desks.owner.engine.push(true)).toMatchObject({ pushed: 1, refused: 0 })
    expect((await serverPlace(who.id)).team_id).toBe(who.team_id)
  })

  it("a drop the server refuses is put back with the server's reason", async () => {
    await desks.owner.engine.syncUntilIdle()
    const who = individual(null)
    const was = await localPlace(desks.owner, who.id)
    const serverWas = await serverPlace(who.id)
    const target = desks.snapshot.teams.find((t) => t.id !== was.team_id)!
    await desks.owner.call('orgChart.drop', {
      source: { employeeId: who.id, asManager: false },
      target: { kind: 'team', teamId: target.id },
    })
    desks.owner.notices.length = 0
    expect(await desks.pushAsOwnerRole('PLANNER')).toMatchObject({ pushed: 0, refused: 1 })
    expect(await localPlace(desks.owner, who.id)).toEqual(was)
    expect(await serverPlace(who.id)).toEqual(serverWas)
    expect(desks.owner.notices).toEqual([
      'The server refused your change to the org chart: Your role (PLANNER) may not change teams. It was put back.',
    ])
    expect(desks.owner.applied.at(-1)?.teamsChanged).toBe(true)
    // The org chart's undo history is told to start over (OrgChartView's useRefusedPush).
    expect(desks.owner.applied.at(-1)?.refusedPush).toBe('org_chart')
  })

  it('a team made here whose id another desktop took on the server meanwhile is refused and removed here', async () => {
    await desks.owner.engine.syncUntilIdle()
    const manager = individual(null)
    const member = individual(null, [manager.id])
    const made = await desks.owner.call('orgChart.drop', {
      source: { employeeId: member.id, asManager: false },
      target: { kind: 'employee', employeeId: manager.id },
    })
    const team = made.after.teams.find((t) => made.before.absentTeams.includes(t.id))!
    const other = await desks.rest('POST', '/api/teams/', { name: 'Made Elsewhere' })
    expect(other.id).toBe(team.id)
    desks.owner.notices.length = 0
    expect(await desks.owner.engine.push(true)).toMatchObject({ refused: 1 })
    expect(desks.owner.notices).toEqual([
      `The server refused your change to the org chart: The team id ${team.id} is taken on the server by Made Elsewhere, made meanwhile on another desktop. It was put back.`,
    ])
    expect(await localPlace(desks.owner, member.id)).toMatchObject({ team_id: member.team_id })
    expect(
      await desks.owner.session
        .workbook!.db.selectFrom('team')
        .select('name')
        .where('id', '=', team.id)
        .executeTakeFirst(),
    ).toBeUndefined()
    expect((await serverPlace(member.id)).team_id).toBe(member.team_id)
  })
})

describe("an admin's merit matrix save on a replica goes to the server", () => {
  const sliders = {
    performance_multiplier_priority: 70,
    position_in_range_priority: 30,
    max_position_in_range: 1.3,
  }
  const serverConfig = async () => {
    const cycle = desks.snapshot.payCycles.find((c) => c.active)!
    const row = await server()
      .db.selectFrom('pay_cycle')
      .select('hyperbalance_config')
      .where('id', '=', cycle.id)
      .executeTakeFirstOrThrow()
    return row.hyperbalance_config as {
      performance_multiplier_priority: number
      desired_budget: number
    } | null
  }

  const matrixSaves = async () =>
    (
      await desks.owner.session
        .workbook!.db.selectFrom('change_log')
        .select('id')
        .where('entity', '=', 'hyperbalance')
        .where('action', '=', 'save')
        .execute()
    ).length

  it('a save is queued with it, pushed under its key, and the server stores and announces it', async () => {
    await desks.owner.engine.syncUntilIdle()
    const savesBefore = await matrixSaves()
    const saved = await desks.owner.call('matrix.save', {
      ...sliders,
      desired_budget: 5_000_000,
      cell: null,
    })
    expect((await desks.owner.call('sync.state', {})).waiting).toBe(1)
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ pushed: 1, refused: 0, outbox: 0 })
    expect(await serverConfig()).toMatchObject({
      performance_multiplier_priority: 70,
      desired_budget: 5_000_000,
    })
    const keyed = await server()
      .db.selectFrom('sync_change')
      .select('payload')
      .where('kind', '=', 'matrix')
      .where('idempotency_key', 'is not', null)
      .execute()
    expect(keyed).toHaveLength(1)
    const change = (await feed()).filter((c) => c.kind === 'matrix').at(-1)
    expect(change).toMatchObject({ user_email: OWNER, values: { recommended: saved.recommended } })
    // Pulled back from the feed (syncUntilIdle pulls after pushing), the save is not logged twice.
    expect(await desks.owner.engine.pull(0)).toMatchObject({ pulled: 0 })
    expect(await matrixSaves()).toBe(savesBefore + 1)
  })

  it('a save replayed after its answer was lost is saved once', async () => {
    await desks.owner.call('matrix.save', { ...sliders, desired_budget: 6_000_000, cell: null })
    // The matrix goes out as a POST: lose its answer by hand, as the network would.
    const transport = desks.owner.account.currentTransport()!
    const [batch] = await desks.owner.call('sync.claim', { now: true })
    const first = await transport.authorized('POST', 'api/calculate-matrix/', batch.fields, {
      'idempotency-key': batch.pushKey,
    })
    expect(first.status).toBe(200)
    await server()
      .db.updateTable('pay_cycle')
      .set({ hyperbalance_config: JSON.stringify({ ...(await serverConfig()), desired_budget: 1 }) })
      .execute()
    expect(await desks.owner.engine.push(true)).toMatchObject({ pushed: 1, refused: 0 })
    expect((await serverConfig())?.desired_budget).toBe(1)
  })

  it("a save the server refuses is put back with the server's reason", async () => {
    await desks.owner.engine.syncUntilIdle()
    const before = await desks.owner.call('matrix.config', {})
    await desks.owner.call('matrix.save', { ...sliders, desired_budget: 7_000_000, cell: null })
    desks.owner.notices.length = 0
    expect(await desks.pushAsOwnerRole('PLANNER')).toMatchObject({ pushed: 0, refused: 1 })
    expect((await desks.owner.call('matrix.config', {})).hyperbalance_config).toEqual(
      before.hyperbalance_config,
    )
    expect(desks.owner.notices).toEqual([
      'The server refused your change to the HyperBalance matrix: Your role (PLANNER) may not save the matrix. It was put back.',
    ])
    expect(desks.owner.applied.at(-1)?.refusedPush).toBe('matrix')
  })
})

import type { PayCycleConfigInput, PayCycleDto } from '../../src-shared/contract'
import { IDEMPOTENCY_HEADER } from '../../src-shared/contract/sync-dto'
import { cycleGoneMessage, cycleRemovedWithEditsMessage } from '../../src-shared/domain/sync'
import { type Network } from '../support/replica'
import { companySize, employeesOn, localBudgets, localCycles, localFollowers } from './cycle-followers'
import { testServer } from './support'
import { twoDesktops } from './two-desktops'

/**
 * Issue 16: a pay cycle configuration made on an admin's replica (and the undo that removes it) goes
 * to the server through the outbox under its idempotency key, keeps the replica's id there, and
 * reaches the other desktops; a refusal removes it again with the server's reason.
 */

const server = testServer()
const PASSWORD = 'cycles go up'
const OWNER = 'owner@cycle-push.test'
/** The company's head count: every employee follows the active configuration. */
const everyone = () => companySize(server().db)
const network: Network = { offline: false, loseNextAnswer: false }
const nextYear = `${new Date().getUTCFullYear() + 1}-03-01`

const serverCycles = () =>
  server().db.selectFrom('pay_cycle').select(['id', 'name', 'active']).orderBy('id').execute()

/** Each configuration's name, lifecycle and budget, on the server and on a replica. */
const serverBudgets = async () =>
  (
    await server()
      .db.selectFrom('pay_cycle')
      .select(['id', 'name', 'active', 'company_merit_budget'])
      .orderBy('id')
      .execute()
  ).map((c) => ({
    ...c,
    company_merit_budget: c.company_merit_budget === null ? null : Number(c.company_merit_budget),
  }))
function configOf(cycle: PayCycleDto, changes: Partial<PayCycleConfigInput>): PayCycleConfigInput {
  return {
    name: cycle.name,
    effectiveDate: cycle.effectiveDate,
    companyMeritBudget: cycle.companyMeritBudget,
    defaultCurrency: cycle.defaultCurrency as PayCycleConfigInput['defaultCurrency'],
    currencyConversions: cycle.currencyConversions,
    ratesAsOf: cycle.ratesAsOf,
    settings: cycle.settings as PayCycleConfigInput['settings'],
    ...changes,
  }
}

const rest = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, key?: string) =>
  server().app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${desks.ownerToken}`, ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}) },
    ...(payload === undefined ? {} : { payload }),
  })

const desks = twoDesktops(
  server,
  { name: 'Cycles Up', ownerEmail: OWNER, ownerName: 'Pia Cycle', employees: 30, seed: 21 },
  PASSWORD,
  network,
)

describe("an admin's new pay cycle configuration on a replica goes to the server", () => {
  it('is queued with the create, made on the server under the same id and key, and followed on the other desktop', async () => {
    const [first] = await desks.owner.call('payCycles.list', {})
    const { cycle } = await desks.owner.call('payCycles.create', {
      config: configOf(first, { name: 'FY Replica', effectiveDate: nextYear }),
      copyPlans: true,
    })
    expect((await desks.owner.call('sync.state', {})).waiting).toBe(1)
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ pushed: 1, refused: 0, outbox: 0 })
    expect(await serverCycles()).toEqual([
      { id: first.id, name: first.name, active: false },
      { id: cycle!.id, name: 'FY Replica', active: true },
    ])
    const keyed = await server()
      .db.selectFrom('sync_change')
      .select('kind')
      .where('entity_id', '=', cycle!.id)
      .where('kind', '=', 'pay_cycle')
      .where('idempotency_key', 'is not', null)
      .execute()
    expect(keyed).toHaveLength(1)
    await desks.manager.engine.syncUntilIdle()
    expect(await localCycles(desks.manager)).toEqual(await localCycles(desks.owner))
    const held = await employeesOn(desks.manager) // their teams' employees only: all follow it
    expect(await localFollowers(desks.manager)).toEqual([{ pay_cycle_id: cycle!.id, n: held }])
    expect(held).toBeGreaterThan(0)
  })

  it('its undo removes it on the server and on the other desktop, the one before active again', async () => {
    const [first] = await desks.owner.call('payCycles.list', {})
    const change = await desks.owner.call('payCycles.create', {
      config: configOf(first, { name: 'FY Undone', effectiveDate: nextYear }),
    })
    const made = change.cycle!.id
    await desks.owner.engine.syncUntilIdle()
    expect((await serverCycles()).map((c) => c.id)).toContain(made)
    await desks.owner.call('payCycles.restore', change.undo)
    // The one before is activated first (the server refuses removing the active one), then the removal.
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ pushed: 2, refused: 0, outbox: 0 })
    const onServer = await serverCycles()
    expect(onServer.map((c) => c.id)).not.toContain(made)
    expect(onServer.filter((c) => c.active).map((c) => c.name)).toEqual(['FY Replica'])
    await desks.manager.engine.syncUntilIdle()
    expect(await localCycles(desks.manager)).toEqual(await localCycles(desks.owner))
    expect((await localCycles(desks.manager)).map((c) => c.id)).not.toContain(made)
  })

  it("an undo the server refuses is put back with the server's reason: the configuration there again, and followed", async () => {
    const [first] = await desks.owner.call('payCycles.list', {})
    const change = await desks.owner.call('payCycles.create', {
      config: configOf(first, { name: 'FY Kept', effectiveDate: nextYear }),
    })
    const made = change.cycle!.id
    await desks.owner.engine.syncUntilIdle()
    const followers = await localFollowers(desks.owner)
    expect(followers).toEqual([{ pay_cycle_id: made, n: await everyone() }])
    await desks.owner.call('payCycles.restore', change.undo)
    expect((await localCycles(desks.owner)).map((c) => c.id)).not.toContain(made)
    desks.owner.notices.length = 0
    expect(await desks.pushAsOwnerRole('PLANNER')).toMatchObject({ pushed: 0, refused: 2 })
    expect(desks.owner.notices).toContain(
      'The server refused your change to FY Kept: Your role (PLANNER) may not remove pay cycles. It was put back.',
    )
    expect(await localCycles(desks.owner)).toEqual(await serverCycles())
    expect((await localCycles(desks.owner)).find((c) => c.id === made)).toMatchObject({ active: true })
    expect(await localFollowers(desks.owner)).toEqual(followers)
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ refused: 0, outbox: 0 })
    expect(await localCycles(desks.owner)).toEqual(await serverCycles())
  })

  it('a create or removal replayed under its key applies once', async () => {
    const [first] = await desks.owner.call('payCycles.list', {})
    const body = {
      id: 40,
      name: 'FY Replayed',
      effective_date: nextYear,
      default_currency: first.defaultCurrency,
      currency_conversions: first.currencyConversions,
      settings: first.settings,
    }
    expect((await rest('POST', '/api/paycycle/config/', body, 'create-replayed-key')).statusCode).toBe(200)
    const replay = await rest('POST', '/api/paycycle/config/', body, 'create-replayed-key')
    expect(replay.statusCode).toBe(200)
    expect(replay.headers['idempotent-replay']).toBe('true')
    expect((await serverCycles()).filter((c) => c.name === 'FY Replayed')).toHaveLength(1)
    // Activating another lets it go; its removal replayed after a new one took its id does nothing.
    const again = await rest('POST', '/api/paycycle/config/', { ...body, id: 41, name: 'FY After' })
    expect(again.statusCode).toBe(200)
    expect(
      (await rest('DELETE', '/api/paycycle/config/40/', undefined, 'delete-replayed-key')).statusCode,
    ).toBe(200)
    await rest('POST', '/api/paycycle/config/', { ...body, id: 40, name: 'FY Reborn' })
    const replayed = await rest('DELETE', '/api/paycycle/config/40/', undefined, 'delete-replayed-key')
    expect(replayed.headers['idempotent-replay']).toBe('true')
    expect((await serverCycles()).find((c) => c.id === 40)?.name).toBe('FY Reborn')
    await desks.owner.engine.syncUntilIdle()
  })

  it("a configuration whose id another desktop took meanwhile is refused, removed here with the server's reason, and the other one arrives", async () => {
    const before = await localCycles(desks.owner)
    const [first] = await desks.owner.call('payCycles.list', {})
    network.offline = true
    const { cycle } = await desks.owner.call('payCycles.create', {
      config: configOf(first, { name: 'FY Mine', effectiveDate: nextYear }),
    })
    network.offline = false
    const theirs = await rest('POST', '/api/paycycle/config/', {
      name: 'FY Theirs',
      effective_date: nextYear,
      default_currency: first.defaultCurrency,
      currency_conversions: first.currencyConversions,
      settings: first.settings,
    })
    expect(theirs.json<{ id: number }>().id).toBe(cycle!.id)
    desks.owner.notices.length = 0
    expect(await desks.owner.engine.push(true)).toMatchObject({ pushed: 0, refused: 1 })
    // Put back before the feed says anything: gone here, the one before active again and followed.
    expect(await localCycles(desks.owner)).toEqual(before)
    expect(await localFollowers(desks.owner)).toEqual([
      { pay_cycle_id: before.find((c) => c.active)!.id, n: await everyone() },
    ])
    expect((await desks.owner.call('sync.state', {})).waiting).toBe(0)
    await desks.owner.engine.syncUntilIdle()
    expect(desks.owner.notices).toContain(
      `The server refused your change to FY Mine: The pay cycle configuration id ${cycle!.id} is taken on the server by FY Theirs, made meanwhile on another desktop. It was put back.`,
    )
    expect(await localCycles(desks.owner)).toEqual(await serverCycles())
    expect((await localCycles(desks.owner)).find((c) => c.id === cycle!.id)?.name).toBe('FY Theirs')
    expect(before.length + 1).toBe((await localCycles(desks.owner)).length)
  })

  it('the same, when this desktop pulled the other configuration before its create was refused: that one is written then', async () => {
    const before = await localCycles(desks.owner)
    const [first] = await desks.owner.call('payCycles.list', {})
    network.offline = true
    const { cycle } = await desks.owner.call('payCycles.create', {
      config: configOf(first, { name: 'FY Second Mine', effectiveDate: nextYear }),
    })
    network.offline = false
    const theirs = await rest('POST', '/api/paycycle/config/', {
      name: 'FY Second Theirs',
      effective_date: nextYear,
      default_currency: first.defaultCurrency,
      currency_conversions: first.currencyConversions,
      settings: first.settings,
    })
    expect(theirs.json<{ id: number }>().id).toBe(cycle!.id)
    // The feed first: the queued create keeps its configuration for now.
    await desks.owner.engine.pull(0)
    expect((await localCycles(desks.owner)).find((c) => c.id === cycle!.id)?.name).toBe('FY Second Mine')
    desks.owner.notices.length = 0
    expect(await desks.owner.engine.push(true)).toMatchObject({ pushed: 0, refused: 1 })
    expect(desks.owner.notices[0]).toMatch(
      /^The server refused your change to FY Second Mine: .+ It was put back\.$/,
    )
    expect(await localCycles(desks.owner)).toEqual(await serverCycles())
    expect((await localCycles(desks.owner)).find((c) => c.id === cycle!.id)?.name).toBe('FY Second Theirs')
    expect(await localFollowers(desks.owner)).toEqual([{ pay_cycle_id: cycle!.id, n: await everyone() }])
    expect((await localCycles(desks.owner)).length).toBe(before.length + 1)
  })

  it("a save the server refuses while another desktop's save of that configuration waited in the feed: the server's configuration here", async () => {
    await desks.owner.engine.syncUntilIdle()
    const cycle = (await desks.owner.call('payCycles.list', {})).find((c) => c.active)!
    await desks.owner.call('payCycles.save', {
      id: cycle.id,
      config: configOf(cycle, { name: 'FY Renamed Here' }),
      activate: false,
    })
    // Another desktop sets its budget on the server meanwhile; this one pulls it while its save waits.
    expect(
      (await rest('PUT', `/api/paycycle/config/${cycle.id}/`, { company_merit_budget: 4_321_00 })).statusCode,
    ).toBe(200)
    await desks.owner.engine.pull(0)
    expect((await localBudgets(desks.owner)).find((c) => c.id === cycle.id)).toMatchObject({
      name: 'FY Renamed Here',
      company_merit_budget: cycle.companyMeritBudget,
    })
    desks.owner.notices.length = 0
    expect(await desks.pushAsOwnerRole('PLANNER')).toMatchObject({ pushed: 0, refused: 1 })
    expect(desks.owner.notices).toEqual([
      `The server refused your change to ${cycle.name}: Your role (PLANNER) may not change pay cycles. It was put back.`,
    ])
    // Its name back, and the other desktop's budget, as the server has them.
    expect((await localBudgets(desks.owner)).find((c) => c.id === cycle.id)).toMatchObject({
      name: cycle.name,
      company_merit_budget: 4_321_00,
    })
    expect(await localBudgets(desks.owner)).toEqual(await serverBudgets())
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ refused: 0, outbox: 0 })
    expect(await localBudgets(desks.owner)).toEqual(await serverBudgets())
  })

  it("a save applied first whose answer was lost, then another desktop's save of it: the replica ends with the server's configuration", async () => {
    await desks.owner.engine.syncUntilIdle()
    const cycle = (await desks.owner.call('payCycles.list', {})).find((c) => c.active)!
    await desks.owner.call('payCycles.save', {
      id: cycle.id,
      config: configOf(cycle, { name: 'FY Saved First' }),
      activate: false,
    })
    network.loseNextAnswer = true
    await desks.owner.engine.push(true)
    expect((await desks.owner.call('sync.state', {})).waiting).toBe(1)
    // Another desktop's save reaches the server after this one; this replica pulls it while its own waits.
    expect(
      (await rest('PUT', `/api/paycycle/config/${cycle.id}/`, { company_merit_budget: 7_654_00 })).statusCode,
    ).toBe(200)
    await desks.owner.engine.pull(0)
    expect((await localBudgets(desks.owner)).find((c) => c.id === cycle.id)).toMatchObject({
      name: 'FY Saved First',
      company_merit_budget: cycle.companyMeritBudget,
    })
    // The replay's answer puts this save before the other: the other's configuration is written.
    expect(await desks.owner.engine.push(true)).toMatchObject({ pushed: 1, refused: 0 })
    expect((await localBudgets(desks.owner)).find((c) => c.id === cycle.id)).toMatchObject({
      name: 'FY Saved First',
      company_merit_budget: 7_654_00,
    })
    expect(await localBudgets(desks.owner)).toEqual(await serverBudgets())
  })

  it("a removal the server refuses while another desktop's save of it waited in the feed: back with the server's values", async () => {
    await desks.owner.engine.syncUntilIdle()
    const [first] = await desks.owner.call('payCycles.list', {})
    const change = await desks.owner.call('payCycles.create', {
      config: configOf(first, { name: 'FY Saved There', effectiveDate: nextYear }),
    })
    const made = change.cycle!.id
    await desks.owner.engine.syncUntilIdle()
    await desks.owner.call('payCycles.restore', change.undo)
    expect(
      (await rest('PUT', `/api/paycycle/config/${made}/`, { company_merit_budget: 8_765_00 })).statusCode,
    ).toBe(200)
    await desks.owner.engine.pull(0)
    expect((await localCycles(desks.owner)).map((c) => c.id)).not.toContain(made)
    expect(await desks.pushAsOwnerRole('PLANNER')).toMatchObject({ pushed: 0, refused: 2 })
    expect((await localBudgets(desks.owner)).find((c) => c.id === made)).toMatchObject({
      active: true,
      company_merit_budget: 8_765_00,
    })
    expect(await localBudgets(desks.owner)).toEqual(await serverBudgets())
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ refused: 0, outbox: 0 })
    expect(await localBudgets(desks.owner)).toEqual(await serverBudgets())
  })

  it('a configuration made and closed here, refused for a role: gone, and the one it deactivated active again as on the server', async () => {
    await desks.owner.engine.syncUntilIdle()
    const before = await localBudgets(desks.owner)
    expect(before).toEqual(await serverBudgets())
    const [first] = await desks.owner.call('payCycles.list', {})
    const { cycle } = await desks.owner.call('payCycles.create', {
      config: configOf(first, { name: 'FY Closed Here', effectiveDate: nextYear }),
    })
    await desks.owner.call('payCycles.close', { id: cycle!.id })
    desks.owner.notices.length = 0
    expect(await desks.pushAsOwnerRole('PLANNER')).toMatchObject({ pushed: 0, refused: 1 })
    expect(desks.owner.notices).toEqual([
      'The server refused your change to FY Closed Here: Your role (PLANNER) may not create pay cycles. It was put back.',
    ])
    expect(await localBudgets(desks.owner)).toEqual(before)
    const active = before.find((c) => c.active)!.id
    expect(await localFollowers(desks.owner)).toEqual([{ pay_cycle_id: active, n: await everyone() }])
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ refused: 0, outbox: 0 })
    expect(await localBudgets(desks.owner)).toEqual(await serverBudgets())
  })

  /** Two configurations made on the server (the first left inactive) and pulled here, with two saves of the first queued. */
  async function doomedWithSaves(name: string): Promise<PayCycleDto> {
    await desks.owner.engine.syncUntilIdle()
    const [first] = await desks.owner.call('payCycles.list', {})
    const body = {
      effective_date: nextYear,
      default_currency: first.defaultCurrency,
      currency_conversions: first.currencyConversions,
      settings: first.settings,
    }
    const doomed = (await rest('POST', '/api/paycycle/config/', { ...body, name })).json<{ id: number }>()
    expect((await rest('POST', '/api/paycycle/config/', { ...body, name: `${name} Next` })).statusCode).toBe(
      200,
    )
    await desks.owner.engine.syncUntilIdle()
    const cycle = (await desks.owner.call('payCycles.list', {})).find((c) => c.id === doomed.id)!
    expect(cycle.active).toBe(false)
    await desks.owner.call('payCycles.save', {
      id: cycle.id,
      config: configOf(cycle, { companyMeritBudget: 1_000_00 }),
      activate: false,
    })
    await desks.owner.call('payCycles.save', {
      id: cycle.id,
      config: configOf(cycle, { companyMeritBudget: 2_000_00 }),
      activate: false,
    })
    expect((await desks.owner.call('sync.state', {})).waiting).toBe(2)
    expect((await rest('DELETE', `/api/paycycle/config/${cycle.id}/`)).statusCode).toBe(200)
    desks.owner.notices.length = 0
    return cycle
  }

  it('saves of a configuration the server removed are dropped when the feed says so, and the user is told once', async () => {
    const cycle = await doomedWithSaves('FY Removed There')
    await desks.owner.engine.pull(0)
    expect(desks.owner.notices).toEqual([cycleRemovedWithEditsMessage('Pia Cycle', 'FY Removed There')])
    expect(desks.owner.notices[0]).toBe(
      'Pia Cycle deleted the pay cycle configuration FY Removed There on the server; your changes to it that were waiting were dropped.',
    )
    expect((await desks.owner.call('sync.state', {})).waiting).toBe(0)
    expect((await localCycles(desks.owner)).map((c) => c.id)).not.toContain(cycle.id)
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ pushed: 0, refused: 0, outbox: 0 })
    expect(desks.owner.notices).toHaveLength(1)
    expect(await localBudgets(desks.owner)).toEqual(await serverBudgets())
  })

  it('the same when they are pushed before the removal is pulled: one refusal drops them all, told once', async () => {
    const cycle = await doomedWithSaves('FY Gone Before')
    expect(await desks.owner.engine.push(true)).toMatchObject({ pushed: 0, refused: 1 })
    expect(desks.owner.notices).toEqual([cycleGoneMessage('FY Gone Before')])
    expect(desks.owner.notices[0]).toBe(
      'The pay cycle configuration FY Gone Before was deleted on the server; your changes to it that were waiting were dropped.',
    )
    expect((await desks.owner.call('sync.state', {})).waiting).toBe(0)
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ refused: 0, outbox: 0 })
    expect(desks.owner.notices).toHaveLength(1)
    expect((await localCycles(desks.owner)).map((c) => c.id)).not.toContain(cycle.id)
    expect(await localBudgets(desks.owner)).toEqual(await serverBudgets())
  })
})

import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import type { RewardBatchAnswer, RewardPushItem, SyncFeedPage } from '../../src-shared/contract/sync-dto'
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings'
import { login, publishDemo, testServer } from './support'

/**
 * PUT /api/sync/rewards/ (docs/decisions.md): many employees' reward pushes in one call, each item
 * with its own idempotency key and its own answer, after the single PUT's checks.
 */

const server = testServer()
const PASSWORD = 'batches of pushes'
let snapshot: CompanySnapshot
let owner: string
let manager: { token: string; employeeId: number; teamIds: Set<number> }
let keyNumber = 0

const key = () => `batch-key-${String(++keyNumber).padStart(4, '0')}`

const call = (token: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  server().app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload }),
  })

const push = async (token: string, rewards: RewardPushItem[]) => {
  const response = await call(token, 'PUT', '/api/sync/rewards/', { rewards })
  expect(response.statusCode).toBe(200)
  return response.json<RewardBatchAnswer>().results
}

const feed = async (token: string, after: number) =>
  (await call(token, 'GET', `/api/sync/changes/?after=${after}`)).json<SyncFeedPage>()

const reward = async (employeeId: number) =>
  server().db.selectFrom('reward').selectAll().where('employee_id', '=', employeeId).executeTakeFirstOrThrow()

const historyOf = async (employeeId: number) =>
  (await call(owner, 'GET', `/api/employeerewards/history/${employeeId}`)).json<{ changes: object }[]>()

beforeAll(async () => {
  const company = await publishDemo(
    server(),
    { name: 'Batchco', ownerEmail: 'owner@batch.test', ownerName: 'Bo Owner', employees: 60, seed: 8 },
    PASSWORD,
  )
  snapshot = company.snapshot
  owner = company.ownerToken
  const { employeeId, email, teamIds } = company.manager
  manager = { token: await login(server(), email, PASSWORD), employeeId, teamIds }
})

const mine = () =>
  snapshot.employees.filter(
    (e) => e.team_id !== null && manager.teamIds.has(e.team_id) && e.id !== manager.employeeId,
  )
const notMine = () => snapshot.employees.find((e) => e.team_id === null || !manager.teamIds.has(e.team_id))!

describe('PUT /api/sync/rewards/', () => {
  it('applies every item in order: each in the feed with its author and its own sequence, and in history', async () => {
    const start = (await feed(owner, 0)).last
    const people = snapshot.employees.slice(0, 3)
    const items = people.map((e, i) => ({
      employee: e.id,
      key: key(),
      base_seq: start,
      fields: { comments: `Batch note ${i}`, lump_sum: 1000 * (i + 1) },
    }))
    const results = await push(owner, items)
    expect(results.map((r) => [r.key, r.status])).toEqual(items.map((i) => [i.key, 200]))
    const seqs = results.map((r) => r.seq!)
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b))
    const page = await feed(owner, start)
    expect(
      page.changes.map((c) => (c.kind === 'reward' ? [c.seq, c.employee_id, c.fields, c.user] : null)),
    ).toEqual(items.map((item, i) => [seqs[i], item.employee, item.fields, 'Bo Owner']))
    for (const [i, person] of people.entries()) {
      expect(await reward(person.id)).toMatchObject({ comments: `Batch note ${i}`, lump_sum: 1000 * (i + 1) })
      expect(JSON.stringify(await historyOf(person.id))).toContain(`Batch note ${i}`)
    }
  })

  it('answers each item as the single PUT would: the accepted applied, the others refused with their reason', async () => {
    const [first, second] = mine()
    const start = (await feed(owner, 0)).last
    const before = await reward(second.id)
    const results = await push(manager.token, [
      { employee: first.id, key: key(), base_seq: null, fields: { comments: 'Planned in a batch' } },
      { employee: notMine().id, key: key(), base_seq: null, fields: { comments: 'Not mine' } },
      { employee: 9_999_999, key: key(), base_seq: null, fields: { comments: 'Nobody' } },
      { employee: second.id, key: key(), base_seq: null, fields: { lump_sum: -1 } },
    ])
    expect(results.map(({ status, detail }) => ({ status, detail }))).toEqual([
      { status: 200, detail: undefined },
      { status: 403, detail: 'This employee is not in your teams.' },
      { status: 404, detail: 'No employee has the id 9999999.' },
      { status: 400, detail: 'lump_sum: Amounts cannot be negative.' },
    ])
    expect((await reward(first.id)).comments).toBe('Planned in a batch')
    expect((await reward(second.id)).lump_sum).toBe(before.lump_sum)
    expect((await feed(owner, start)).changes.map((c) => c.kind === 'reward' && c.employee_id)).toEqual([
      first.id,
    ])
  })

  it('a replayed item (the answer was lost) is answered as applied and applies nothing again', async () => {
    const [person] = mine()
    const items = [{ employee: person.id, key: key(), base_seq: null, fields: { lump_sum: 4321 } }]
    const start = (await feed(owner, 0)).last
    expect((await push(manager.token, items))[0]).toMatchObject({ status: 200 })
    const other = { employee: mine()[1].id, key: key(), base_seq: null, fields: { lump_sum: 1234 } }
    const again = await push(manager.token, [...items, other, other])
    expect(again.map((r) => [r.status, r.replay ?? false])).toEqual([
      [200, true],
      [200, false],
      [200, true],
    ])
    expect((await feed(owner, start)).changes).toHaveLength(2)
    const lumps = (await historyOf(person.id)).filter((h) => JSON.stringify(h.changes).includes('4321'))
    expect(lumps).toHaveLength(1)
  })

  it("refuses items while the caller's plan is submitted, and the pay cycle's rules per item", async () => {
    const [person] = mine()
    const cycle = snapshot.payCycles.find((c) => c.active)!
    const submitted = await call(manager.token, 'POST', '/api/paycycle/submit/', {
      planner_employee: manager.employeeId,
      pay_cycle: cycle.id,
      submission_type: 'PLANNER',
      comments: 'Done',
    })
    expect(submitted.statusCode).toBe(200)
    const locked = await push(manager.token, [
      { employee: person.id, key: key(), base_seq: null, fields: { comments: 'Too late' } },
    ])
    expect(locked[0]).toMatchObject({ status: 403, detail: 'Your plan is submitted; choices are locked.' })
    expect(
      (await call(owner, 'DELETE', `/api/paycycle/submit/${submitted.json<{ id: number }>().id}`)).statusCode,
    ).toBe(200)

    await server()
      .db.updateTable('pay_cycle')
      .set({ settings: JSON.stringify({ ...DEFAULT_SETTINGS, includeLumpSum: false }) })
      .where('id', '=', cycle.id)
      .execute()
    try {
      const results = await push(owner, [
        { employee: person.id, key: key(), base_seq: null, fields: { lump_sum: 777_00 } },
        { employee: person.id, key: key(), base_seq: null, fields: { comments: 'No lump sum, a note' } },
      ])
      expect(results.map(({ status, detail }) => ({ status, detail }))).toEqual([
        { status: 403, detail: 'Lump sums are not part of this pay cycle.' },
        { status: 200, detail: undefined },
      ])
      expect(await reward(person.id)).toMatchObject({ comments: 'No lump sum, a note' })
      expect((await reward(person.id)).lump_sum).not.toBe(777_00)
    } finally {
      await server()
        .db.updateTable('pay_cycle')
        .set({ settings: JSON.stringify(DEFAULT_SETTINGS) })
        .where('id', '=', cycle.id)
        .execute()
    }
  })

  it("an item made before another's change records the value it replaced, in the feed and in history", async () => {
    const [person] = mine()
    const base = (await feed(owner, 0)).last
    await call(owner, 'PUT', `/api/employeerewards/${person.id}/`, { comments: 'Owner wrote this first' })
    await push(manager.token, [
      { employee: person.id, key: key(), base_seq: base, fields: { comments: 'Manager, later' } },
    ])
    expect((await feed(owner, base)).changes.at(-1)).toMatchObject({
      kind: 'reward',
      fields: { comments: 'Manager, later' },
      overwrote: [{ field: 'comments', value: 'Owner wrote this first', user: 'Bo Owner' }],
    })
    expect(JSON.stringify(await historyOf(person.id))).toContain('Owner wrote this first')
  })

  it('refuses a call without a sign-in, and a batch larger than the limit', async () => {
    expect(
      (await server().app.inject({ method: 'PUT', url: '/api/sync/rewards/', payload: { rewards: [] } }))
        .statusCode,
    ).toBe(401)
    const tooMany = Array.from({ length: 501 }, (_, i) => ({
      employee: snapshot.employees[i % snapshot.employees.length].id,
      key: `too-many-${i}-xx`,
      base_seq: null,
      fields: {},
    }))
    expect((await call(owner, 'PUT', '/api/sync/rewards/', { rewards: tooMany })).statusCode).toBe(400)
  })
})

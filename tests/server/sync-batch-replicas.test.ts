import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings'
import { joinDesktop, type Desktop, rewardOf } from '../support/replica'
import { listen, publishDemo, testServer } from './support'

/**
 * Issue 16, scale: a replica with many queued edits pushes them in one call (PUT /api/sync/rewards/),
 * and still handles each as its own push: the accepted leave the outbox, a refused one is put back
 * with the server's reason, a lost answer is replayed without applying twice.
 */

const server = testServer()
const PASSWORD = 'many edits at once'
let snapshot: CompanySnapshot
let owner: Desktop
let other: Desktop
let network: { offline: boolean; loseNextAnswer: boolean }
const calls: string[] = []
const realFetch = globalThis.fetch

beforeAll(async () => {
  const company = await publishDemo(
    server(),
    { name: 'Many Edits', ownerEmail: 'owner@many.test', ownerName: 'Mia Owner', employees: 40, seed: 12 },
    PASSWORD,
  )
  snapshot = company.snapshot
  const url = await listen(server())
  network = { offline: false, loseNextAnswer: false }
  owner = await joinDesktop(url, 'owner@many.test', PASSWORD, network)
  other = await joinDesktop(url, 'owner@many.test', PASSWORD)
  globalThis.fetch = (input, init) => {
    calls.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`)
    return realFetch(input, init)
  }
})

afterAll(async () => {
  globalThis.fetch = realFetch
  await owner?.close()
  await other?.close()
})

const pushesSent = () => calls.filter((c) => c.startsWith('PUT /api/'))

describe('a replica with many queued edits', () => {
  it('pushes them in one call, and the other desktop applies them all', async () => {
    const people = snapshot.employees.slice(0, 12).map((e) => e.id)
    await owner.call('rewards.update', {
      updates: people.map((employeeId, i) => ({ employeeId, changes: { comments: `Note ${i}` } })),
    })
    calls.length = 0
    expect(await owner.engine.syncUntilIdle()).toMatchObject({ pushed: 12, refused: 0, outbox: 0 })
    expect(pushesSent()).toEqual(['PUT /api/sync/rewards/'])
    await other.engine.syncUntilIdle()
    for (const [i, id] of people.entries()) expect((await rewardOf(other, id))?.comments).toBe(`Note ${i}`)
  })

  it("puts back the one the server refuses, with the server's reason, and keeps the others", async () => {
    const keptId = snapshot.employees[20].id
    // Someone whose proration lets the desktop take a lump sum.
    let refusedId = 0
    let before: number | null | undefined = null
    for (const e of snapshot.employees.slice(21)) {
      before = (await rewardOf(owner, e.id))?.lump_sum
      const edit = await owner.dispatcher.dispatch('rewards.update', {
        updates: [{ employeeId: e.id, changes: { lumpSum: 4_200_00 } }],
      })
      if (edit.ok) {
        refusedId = e.id
        break
      }
    }
    await owner.call('rewards.update', { updates: [{ employeeId: keptId, changes: { comments: 'Kept' } }] })
    const cycle = snapshot.payCycles.find((c) => c.active)!
    // The server's cycle leaves lump sums out; this replica has not heard yet.
    await server()
      .db.updateTable('pay_cycle')
      .set({ settings: JSON.stringify({ ...DEFAULT_SETTINGS, includeLumpSum: false }) })
      .where('id', '=', cycle.id)
      .execute()
    try {
      owner.notices.length = 0
      calls.length = 0
      expect(await owner.engine.syncUntilIdle()).toMatchObject({ pushed: 1, refused: 1, outbox: 0 })
      expect(pushesSent()).toEqual(['PUT /api/sync/rewards/'])
      const name = snapshot.employees.find((e) => e.id === refusedId)!.name
      expect(owner.notices).toEqual([
        `The server refused your change to ${name}: Lump sums are not part of this pay cycle. It was put back.`,
      ])
      expect((await rewardOf(owner, refusedId))?.lump_sum).toBe(before)
      expect((await rewardOf(owner, keptId))?.comments).toBe('Kept')
    } finally {
      await server()
        .db.updateTable('pay_cycle')
        .set({ settings: JSON.stringify(DEFAULT_SETTINGS) })
        .where('id', '=', cycle.id)
        .execute()
    }
  })

  it('a lost answer leaves the batch queued; the retry applies each edit once', async () => {
    const people = snapshot.employees.slice(25, 28).map((e) => e.id)
    await owner.call('rewards.update', {
      updates: people.map((employeeId) => ({ employeeId, changes: { comments: 'Sent twice' } })),
    })
    network.loseNextAnswer = true
    await owner.engine.push(true)
    expect((await owner.call('sync.state', {})).waiting).toBe(3)
    expect(await owner.engine.syncUntilIdle()).toMatchObject({ pushed: 3, outbox: 0 })
    const changes = await server()
      .db.selectFrom('reward_history')
      .select('employee_id')
      .where('employee_id', 'in', people)
      .where('changes', '@>', JSON.stringify({ comments: { to: 'Sent twice' } }))
      .execute()
    expect(changes.map((c) => Number(c.employee_id)).sort()).toEqual([...people].sort())
  })
})

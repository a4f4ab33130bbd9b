import { rewardOf, type Network } from '../support/replica'
import { testServer } from './support'
import { twoDesktops } from './two-desktops'

/**
 * Issue 16 ("every replica equals the server"): another desktop's change the feed brings while this
 * replica's own edit of the same field waits (queued, or sent with its answer not back) is not
 * written then, as the local edit reaches the server after. When the server's order turns out to put
 * the other change last (this push was applied first, its answer lost), or refuses this push, the
 * replica must end with the other change, as the server has it.
 */

const server = testServer()
const PASSWORD = 'kept behind a push'
const network: Network = { offline: false, loseNextAnswer: false }
const desks = twoDesktops(
  server,
  { name: 'Kept Values', ownerEmail: 'owner@kept.test', ownerName: 'Kim Owner', employees: 40, seed: 13 },
  PASSWORD,
  network,
)

const onServer = (employeeId: number) =>
  server().db.selectFrom('reward').selectAll().where('employee_id', '=', employeeId).executeTakeFirstOrThrow()

describe("another desktop's change met while this replica's push waits", () => {
  it('a push applied first whose answer was lost: the later change from the feed is the replica’s after the replay', async () => {
    await desks.owner.engine.syncUntilIdle()
    await desks.manager.engine.syncUntilIdle()
    await desks.owner.call('rewards.update', {
      updates: [{ employeeId: desks.teamMember, changes: { comments: 'Owner first' } }],
    })
    network.loseNextAnswer = true
    await desks.owner.engine.push(true)
    expect((await desks.owner.call('sync.state', {})).waiting).toBe(1)
    // The manager's edit reaches the server after the owner's: it is the server's value.
    await desks.manager.call('rewards.update', {
      updates: [{ employeeId: desks.teamMember, changes: { comments: 'Manager after' } }],
    })
    await desks.manager.engine.push(true)
    expect((await onServer(desks.teamMember)).comments).toBe('Manager after')
    // The owner's replica pulls both while its own push is still unanswered: it keeps its value for now.
    await desks.owner.engine.pull(0)
    expect((await rewardOf(desks.owner, desks.teamMember))?.comments).toBe('Owner first')
    desks.owner.applied.length = 0
    // The replay is answered with the feed position of the owner's change, before the manager's.
    expect(await desks.owner.engine.push(true)).toMatchObject({ pushed: 1, refused: 0 })
    expect((await rewardOf(desks.owner, desks.teamMember))?.comments).toBe('Manager after')
    expect((await onServer(desks.teamMember)).comments).toBe('Manager after')
    // The open table is told, and the manager's change is in the reward history in their name.
    expect(desks.owner.applied.flatMap((a) => a.employeeIds)).toEqual([desks.teamMember])
    const history = await desks.owner.call('rewards.history', { employeeId: desks.teamMember })
    expect(JSON.stringify(history[0])).toContain('Manager after')
    expect(JSON.stringify(history)).toContain('Owner first')
  })

  it('a push the server orders after the other change keeps its own value', async () => {
    await desks.owner.engine.syncUntilIdle()
    await desks.manager.engine.syncUntilIdle()
    await desks.manager.call('rewards.update', {
      updates: [{ employeeId: desks.teamMember, changes: { comments: 'Manager before' } }],
    })
    await desks.manager.engine.push(true)
    await desks.owner.call('rewards.update', {
      updates: [{ employeeId: desks.teamMember, changes: { comments: 'Owner last' } }],
    })
    await desks.owner.engine.pull(0)
    await desks.owner.engine.push(true)
    expect((await onServer(desks.teamMember)).comments).toBe('Owner last')
    expect((await rewardOf(desks.owner, desks.teamMember))?.comments).toBe('Owner last')
  })

  it("a refused push puts back the other desktop's value the feed brought, not the one before the edit", async () => {
    await desks.owner.engine.syncUntilIdle()
    await desks.manager.engine.syncUntilIdle()
    const before = (await rewardOf(desks.owner, desks.teamMember))?.lump_sum
    await desks.owner.call('rewards.update', {
      updates: [{ employeeId: desks.teamMember, changes: { lumpSum: 123_400 } }],
    })
    await desks.manager.call('rewards.update', {
      updates: [{ employeeId: desks.teamMember, changes: { lumpSum: 55_500 } }],
    })
    await desks.manager.engine.push(true)
    await desks.owner.engine.pull(0)
    expect((await rewardOf(desks.owner, desks.teamMember))?.lump_sum).toBe(123_400)
    desks.owner.notices.length = 0
    expect(await desks.pushAsOwnerRole('COMM_MANAGER')).toMatchObject({ pushed: 0, refused: 1 })
    expect(desks.owner.notices[0]).toMatch(/^The server refused your change to .+: .+ It was put back\.$/)
    expect(before).not.toBe(55_500)
    expect((await onServer(desks.teamMember)).lump_sum).toBe(55_500)
    expect((await rewardOf(desks.owner, desks.teamMember))?.lump_sum).toBe(55_500)
  })
})

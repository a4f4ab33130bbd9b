import { sql } from 'kysely'
import { refusedChangeMessage } from '../../src-shared/domain/sync'
import { MAX_SERVER_FAILURES } from '../../src-main/sync/server-failures'
import { rewardOf, type Network } from '../support/replica'
import { testServer } from './support'
import { twoDesktops } from './two-desktops'

/**
 * Issue 37, sync that cannot wedge: a push the server refuses (4xx) or fails on (5xx, after retries)
 * is put back and named to the user with the server's message, kept in the reward history, and taken
 * out of the queue's way: later edits of the same employee still reach the server and the other
 * desktop. Against the real server and PostgreSQL; the server is made to fail on one comment by a
 * trigger in its database (as a value it cannot store would), and to refuse a new job profile it does
 * not hold.
 */

const server = testServer()
const PASSWORD = 'nothing waits for good'
const network: Network = { offline: false, loseNextAnswer: false }
const desks = twoDesktops(
  server,
  { name: 'Unwedged', ownerEmail: 'owner@unwedged.test', ownerName: 'Uma Owner', employees: 40, seed: 37 },
  PASSWORD,
  network,
)
const POISON = 'The server fails on this comment'

beforeAll(async () => {
  await sql
    .raw(
      `CREATE FUNCTION fail_on_poison() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF NEW.comments = '${POISON}' THEN RAISE EXCEPTION 'the server cannot store this comment'; END IF;
         RETURN NEW;
       END $$;
       CREATE TRIGGER fail_on_poison BEFORE INSERT OR UPDATE ON reward
         FOR EACH ROW EXECUTE FUNCTION fail_on_poison();`,
    )
    .execute(server().db)
})

const nameOf = (id: number) => desks.snapshot.employees.find((e) => e.id === id)!.name
/** Another member of the manager's teams: pushed in the same call as the team member's edit. */
const otherMember = () =>
  desks.snapshot.employees.find(
    (e) =>
      e.team_id !== null &&
      desks.managerUser.teamIds.has(e.team_id) &&
      e.id !== desks.managerUser.employeeId &&
      e.id !== desks.teamMember,
  )!.id
const onServer = (employeeId: number) =>
  server().db.selectFrom('reward').selectAll().where('employee_id', '=', employeeId).executeTakeFirstOrThrow()

describe('a push the server refuses or fails on does not wedge the queue', () => {
  it('a 5xx is tried again, then put back and named with the server’s message; later edits of that employee arrive', async () => {
    const { owner, manager, teamMember } = desks
    const other = otherMember()
    await owner.engine.syncUntilIdle()
    await manager.engine.syncUntilIdle()
    const before = (await rewardOf(owner, teamMember))?.comments ?? null
    await owner.call('rewards.update', {
      updates: [
        { employeeId: teamMember, changes: { comments: POISON } },
        { employeeId: other, changes: { comments: 'Goes on meanwhile' } },
      ],
    })
    owner.notices.length = 0
    // The other employee's edit goes in the same call; the failing one stays queued, counted.
    expect(await owner.engine.push(true)).toEqual({ pushed: 1, refused: 0 })
    expect((await onServer(other)).comments).toBe('Goes on meanwhile')
    const queued = await owner.session.workbook!.db.selectFrom('sync_outbox').selectAll().execute()
    expect(queued.map((q) => [q.entity_id, q.attempts, q.last_error])).toEqual([
      [teamMember, 1, 'An unexpected error occurred.'],
    ])
    // A later edit of the same employee queues behind the failing one.
    await owner.call('rewards.update', {
      updates: [{ employeeId: teamMember, changes: { lumpSum: 4_321_00 } }],
    })
    for (let failure = 2; failure < MAX_SERVER_FAILURES; failure++)
      expect(await owner.engine.push(true)).toEqual({ pushed: 0, refused: 0 })
    expect(owner.notices).toEqual([])
    // The last failure: put back, the user told by name, and the later edit pushed right after.
    expect(await owner.engine.push(true)).toEqual({ pushed: 1, refused: 1 })
    expect(owner.notices).toEqual([
      refusedChangeMessage(
        nameOf(teamMember),
        `An unexpected error occurred. (The server failed on it ${MAX_SERVER_FAILURES} times.)`,
      ),
    ])
    expect((await owner.call('sync.state', {})).waiting).toBe(0)
    expect(await rewardOf(owner, teamMember)).toMatchObject({ comments: before, lump_sum: 4_321_00 })
    expect(await onServer(teamMember)).toMatchObject({ comments: before, lump_sum: 4_321_00 })
    // The refused comment is kept in the history: typed, then put back.
    const history = await owner.call('rewards.history', { employeeId: teamMember })
    expect(history.find((h) => h.source === 'table' && h.changes.comments?.new === POISON)).toBeDefined()
    expect(
      history.find((h) => h.source === 'sync-refused' && h.changes.comments?.old === POISON),
    ).toBeDefined()
    // The other desktop gets the later edit and the other employee's.
    await manager.engine.syncUntilIdle()
    expect(await rewardOf(manager, teamMember)).toMatchObject({ comments: before, lump_sum: 4_321_00 })
    expect((await rewardOf(manager, other))?.comments).toBe('Goes on meanwhile')
  })

  it('a server that fails on everything (its feed too) is away: nothing is put back, however often', async () => {
    const { owner, teamMember } = desks
    await owner.engine.syncUntilIdle()
    await owner.call('rewards.update', {
      updates: [{ employeeId: teamMember, changes: { comments: 'Kept through the outage' } }],
    })
    owner.notices.length = 0
    // The server's feed table gone for a while: every push and every read of the feed fails with a 500.
    await sql`ALTER TABLE sync_change RENAME TO sync_change_away`.execute(server().db)
    try {
      for (let round = 0; round < MAX_SERVER_FAILURES + 2; round++)
        expect(await owner.engine.push(true)).toEqual({ pushed: 0, refused: 0 })
    } finally {
      await sql`ALTER TABLE sync_change_away RENAME TO sync_change`.execute(server().db)
    }
    expect(owner.notices).toEqual([])
    expect((await rewardOf(owner, teamMember))?.comments).toBe('Kept through the outage')
    expect(await owner.engine.push(true)).toEqual({ pushed: 1, refused: 0 })
    expect((await onServer(teamMember)).comments).toBe('Kept through the outage')
  })

  it('a value the server refuses (4xx) is put back at once with its message; the later edit queued behind it arrives', async () => {
    const { owner, manager, teamMember } = desks
    await owner.engine.syncUntilIdle()
    await manager.engine.syncUntilIdle()
    // A job profile only this replica holds (the server never heard of it): the server refuses it.
    const { id: gone } = await owner.session
      .workbook!.db.insertInto('job_profile')
      .values({ job_code: 'ONLY-HERE', job_profile: 'Kept on one desktop' })
      .returning('id')
      .executeTakeFirstOrThrow()
    owner.session.table.invalidate() // the Compensation Table's model reads job profiles again
    const before = await rewardOf(owner, teamMember)
    await owner.call('rewards.update', {
      updates: [{ employeeId: teamMember, changes: { newJobProfileId: gone } }],
    })
    // Claimed while the server is out of reach: the next edit of the employee is a batch behind it.
    network.offline = true
    expect(await owner.engine.push(true)).toEqual({ pushed: 0, refused: 0 })
    network.offline = false
    await owner.call('rewards.update', {
      updates: [{ employeeId: teamMember, changes: { comments: 'After the refused one' } }],
    })
    owner.notices.length = 0
    expect(await owner.engine.push(true)).toEqual({ pushed: 1, refused: 1 })
    expect(owner.notices).toEqual([
      refusedChangeMessage(nameOf(teamMember), `new_job_profile_id: no job profile has the id ${gone}.`),
    ])
    expect((await owner.call('sync.state', {})).waiting).toBe(0)
    expect(await rewardOf(owner, teamMember)).toMatchObject({
      new_job_profile_id: before?.new_job_profile_id ?? null,
      comments: 'After the refused one',
    })
    const history = await owner.call('rewards.history', { employeeId: teamMember })
    expect(
      history.find((h) => h.source === 'sync-refused' && h.changes.newJobProfileId?.old === gone),
    ).toBeDefined()
    await manager.engine.syncUntilIdle()
    expect((await rewardOf(manager, teamMember))?.comments).toBe('After the refused one')
  })
})

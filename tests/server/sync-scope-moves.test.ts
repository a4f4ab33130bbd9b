import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import {
  leftTeamsWithEditsMessage,
  movedInTooManyMessage,
  syncStatusText,
} from '../../src-shared/domain/sync'
import { joinDesktop, type Desktop, rewardOf } from '../support/replica'
import { testServer } from './support'
import { twoDesktops } from './two-desktops'

/**
 * Issue 16: an employee moved on the server into a manager's teams reaches that manager's replica in
 * full (their pay, demographics and reward, as a fresh join brings them), and one moved out of them
 * keeps only their name there, without joining again. Two replicas (the owner's, whose org chart
 * drops go to the server, and a manager's) against the real server and PostgreSQL.
 */

const server = testServer()
const PASSWORD = 'people move teams'
const OWNER = 'owner@scope-moves.test'
const fresh: Desktop[] = []

const employee = (desktop: Desktop, id: number) =>
  desktop.session.workbook!.db.selectFrom('employee').selectAll().where('id', '=', id).executeTakeFirst()

/** The owner drops `who` into `teamId` on their replica and the drop goes to the server. */
async function move(who: number, teamId: number) {
  await desks.owner.call('orgChart.drop', {
    source: { employeeId: who, asManager: false },
    target: { kind: 'team', teamId },
  })
  expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ refused: 0, outbox: 0 })
}

/** A manager's replica joined now: what the server sends them for this employee. */
async function joinedNow(id: number) {
  const desktop = await joinDesktop(desks.url, desks.managerUser.email, PASSWORD)
  fresh.push(desktop)
  return { employee: await employee(desktop, id), reward: await rewardOf(desktop, id) }
}

const desks = twoDesktops(
  server,
  { name: 'Scope Moves', ownerEmail: OWNER, ownerName: 'Mona Mover', employees: 40, seed: 7 },
  PASSWORD,
)

/** Someone the manager's replica does not hold at all: outside their teams, named by no one (not `but`). */
async function stranger(but?: number): Promise<CompanySnapshot['employees'][number]> {
  const managers = new Set(desks.snapshot.teams.flatMap((t) => [t.manager_id, t.planner_id]))
  for (const e of desks.snapshot.employees)
    if (!managers.has(e.id) && e.id !== but && e.team_id !== null && !(await employee(desks.manager, e.id)))
      return e
  throw new Error('The demo company has someone outside the manager’s teams.')
}

describe("people moved into or out of a manager's teams on the server", () => {
  it('one moved in arrives in full with their reward, as a fresh join has them; moved out again, only their name stays', async () => {
    const who = await stranger()
    const into = [...desks.managerUser.teamIds][0]
    await move(who.id, into)
    await desks.manager.engine.syncUntilIdle()
    const joined = await joinedNow(who.id)
    expect(joined.employee).toMatchObject({ team_id: into, current_salary: who.current_salary })
    expect(joined.reward).toBeDefined()
    expect(await employee(desks.manager, who.id)).toEqual(joined.employee)
    expect(await rewardOf(desks.manager, who.id))?.toEqual(joined.reward)
    // The table shows them with their pay, in the manager's team.
    const page = await desks.manager.call('table.query', {
      offset: 0,
      limit: 500,
      sort: null,
      filters: {},
      search: who.name,
      viewAsEmployeeId: null,
    })
    expect(page.rows.map((r) => r.id)).toContain(who.id)

    await move(who.id, who.team_id!)
    await desks.manager.engine.syncUntilIdle()
    expect(await rewardOf(desks.manager, who.id))?.toBeUndefined()
    expect(await employee(desks.manager, who.id)).toMatchObject({
      team_id: who.team_id,
      current_salary: 0,
      current_dollar_bonus: 0,
      gender: null,
      age: null,
    })
    expect((await joinedNow(who.id)).reward).toBeUndefined()
  })

  it('one moved out while the manager’s edit of them waits: the edit is dropped and the manager told', async () => {
    const into = [...desks.managerUser.teamIds][0]
    const who = await stranger()
    await move(who.id, into)
    await desks.manager.engine.syncUntilIdle()
    await desks.manager.call('rewards.update', {
      updates: [{ employeeId: who.id, changes: { comments: 'Waiting here' } }],
    })
    expect((await desks.manager.call('sync.state', {})).waiting).toBe(1)
    await move(who.id, who.team_id!)
    desks.manager.notices.length = 0
    await desks.manager.engine.pull(0)
    expect(desks.manager.notices).toEqual([leftTeamsWithEditsMessage('Mona Mover', who.name)])
    expect((await desks.manager.call('sync.state', {})).waiting).toBe(0)
    expect(await rewardOf(desks.manager, who.id))?.toBeUndefined()
  })
})

describe('how many people moved in the feed carries (SCOPE_ROWS_LIMITS, made small here)', () => {
  afterEach(() => {
    delete server().context.scopeRowsLimits
  })

  /** Two people moved in by two drops, and where each should go back to. */
  async function twoMovedIn() {
    const into = [...desks.managerUser.teamIds][0]
    const first = await stranger()
    const second = await stranger(first.id)
    await move(first.id, into)
    await move(second.id, into)
    return { first, second, back: () => Promise.all([first, second].map((e) => move(e.id, e.team_id!))) }
  }

  it('a page stops before the change that would bring more people than a page carries; the next page brings it', async () => {
    await desks.manager.engine.syncUntilIdle()
    server().context.scopeRowsLimits = { perPage: 1, most: 100 }
    const { first, second, back } = await twoMovedIn()
    await desks.manager.engine.pull(0)
    expect(await employee(desks.manager, first.id)).toMatchObject({ current_salary: first.current_salary })
    expect(await rewardOf(desks.manager, second.id))?.toBeUndefined()
    await desks.manager.engine.pull(0)
    expect(await employee(desks.manager, second.id)).toMatchObject({ current_salary: second.current_salary })
    expect(await rewardOf(desks.manager, second.id))?.toBeDefined()
    await back()
    await desks.manager.engine.syncUntilIdle()
  })

  it('one change bringing more people than the feed carries sends none of them: the manager is told to join again', async () => {
    await desks.manager.engine.syncUntilIdle()
    server().context.scopeRowsLimits = { perPage: 2000, most: 0 }
    const into = [...desks.managerUser.teamIds][0]
    const who = await stranger()
    await move(who.id, into)
    desks.manager.notices.length = 0
    await desks.manager.engine.syncUntilIdle()
    const told = movedInTooManyMessage('Mona Mover', 1)
    expect(told).toBe('Mona Mover moved 1 person into your teams on the server; join again to get them')
    expect(desks.manager.notices).toEqual([told])
    expect(await rewardOf(desks.manager, who.id))?.toBeUndefined()
    const state = await desks.manager.call('sync.state', {})
    expect(state.rejoinReason).toBe(told)
    expect(syncStatusText({ ...state, online: true, signedIn: true })).toBe(`Synced · ${told}`)
    // A fresh join has them in full.
    expect((await joinedNow(who.id)).reward).toBeDefined()
    delete server().context.scopeRowsLimits
    await move(who.id, who.team_id!)
  })
})

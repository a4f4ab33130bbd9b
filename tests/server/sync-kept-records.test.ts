import type { Desktop, Network } from '../support/replica'
import { testServer } from './support'
import { twoDesktops } from './two-desktops'

/**
 * Issue 16 ("every replica equals the server"), for company records: another admin's change to an
 * employee's record, a pay range, a team's budget, someone's place in the org chart or a user that
 * the feed brings while this replica's own change of it waits is held back then; when the server's
 * order puts the other change last, or refuses this one, the replica ends with the other change.
 */

const server = testServer()
const PASSWORD = 'records kept behind a push'
const network: Network = { offline: false, loseNextAnswer: false }
const desks = twoDesktops(
  server,
  {
    name: 'Kept Records',
    ownerEmail: 'owner@kept-records.test',
    ownerName: 'Rita Records',
    employees: 40,
    seed: 17,
  },
  PASSWORD,
  network,
)

/** Each test writes its own values (a value equal to the server's would be no change at all). */
type Side = 'mine' | 'theirs'

interface Case {
  what: string
  /** This test's value of the field, this replica's or the other admin's. */
  value(test: number, side: Side): string | number
  /** This replica's edit, through the app's own call. */
  edit(owner: Desktop, value: string | number): Promise<unknown>
  /** The other admin's change of the same field, straight to the server. */
  other(value: string | number): { url: string; body: object }
  /** The field as the replica and as the server have it. */
  local(owner: Desktop): Promise<unknown>
  remote(): Promise<unknown>
  effect: 'recordsChanged' | 'teamsChanged'
  /** What the user is told was replaced. */
  subject(theirs: string | number): string
}

const teamOf = () => desks.snapshot.employees.find((e) => e.id === desks.teamMember)!.team_id!
const range = () => desks.snapshot.payRanges[0]
const db = () => server().db
/** Someone who manages no team, and the teams with a manager they are not in. */
const mover = () => {
  const managers = new Set(desks.snapshot.teams.map((t) => t.manager_id))
  return desks.snapshot.employees.find((e) => !managers.has(e.id) && e.team_id !== null)!
}
const orgTeams = () => desks.snapshot.teams.filter((t) => t.id !== mover().team_id && t.manager_id !== null)
const named = (test: number, side: Side) => `${side === 'mine' ? 'Owner' : 'Server'} ${test}`

const CASES: Case[] = [
  {
    what: "an employee's record",
    value: named,
    edit: (owner, jobTitle) =>
      owner.call('employees.update', {
        employeeId: desks.teamMember,
        changes: { jobTitle: String(jobTitle) },
      }),
    other: (jobTitle) => ({ url: `/api/employees/${desks.teamMember}/`, body: { jobTitle } }),
    local: async (owner) =>
      (
        await owner.session
          .workbook!.db.selectFrom('employee')
          .select('job_title')
          .where('id', '=', desks.teamMember)
          .executeTakeFirstOrThrow()
      ).job_title,
    remote: async () =>
      (
        await db()
          .selectFrom('employee')
          .select('job_title')
          .where('id', '=', desks.teamMember)
          .executeTakeFirstOrThrow()
      ).job_title,
    effect: 'recordsChanged',
    subject: () => `${desks.snapshot.employees.find((e) => e.id === desks.teamMember)!.name}'s record`,
  },
  {
    what: 'a pay range',
    value: named,
    edit: (owner, name) =>
      owner.call('payRanges.update', { payRangeId: range().id, changes: { name: String(name) } }),
    other: (name) => ({ url: `/api/payranges/${range().id}/`, body: { name } }),
    local: async (owner) =>
      (
        await owner.session
          .workbook!.db.selectFrom('pay_range')
          .select('name')
          .where('id', '=', range().id)
          .executeTakeFirstOrThrow()
      ).name,
    remote: async () =>
      (
        await db()
          .selectFrom('pay_range')
          .select('name')
          .where('id', '=', range().id)
          .executeTakeFirstOrThrow()
      ).name,
    effect: 'recordsChanged',
    subject: (theirs) => `the pay range ${theirs}`,
  },
  {
    what: "a team's budget",
    value: (test, side) => (side === 'mine' ? 100_000_00 : 200_000_00) + test * 100,
    edit: (owner, budget) =>
      owner.call('teams.setBudget', { teamId: teamOf(), budget: Number(budget), currency: 'USD' }),
    other: (budget) => ({ url: `/api/teams/${teamOf()}/`, body: { budget, budget_currency: 'USD' } }),
    local: async (owner) =>
      (
        await owner.session
          .workbook!.db.selectFrom('team')
          .select('budget')
          .where('id', '=', teamOf())
          .executeTakeFirstOrThrow()
      ).budget,
    remote: async () =>
      Number(
        (await db().selectFrom('team').select('budget').where('id', '=', teamOf()).executeTakeFirstOrThrow())
          .budget,
      ),
    effect: 'teamsChanged',
    subject: () => `${desks.snapshot.teams.find((t) => t.id === teamOf())!.name}'s budget`,
  },
  {
    what: 'an org chart drop',
    // A team of its own for each test and side, none the person's first team.
    value: (test, side) => orgTeams()[(test - 1) * 2 + (side === 'mine' ? 0 : 1)].id,
    edit: (owner, teamId) =>
      owner.call('orgChart.drop', {
        source: { employeeId: mover().id, asManager: false },
        target: { kind: 'team', teamId: Number(teamId) },
      }),
    other: (teamId) => ({
      url: '/api/org-chart/',
      body: {
        snapshot: { employees: [{ id: mover().id, teamId, managerId: null }], teams: [], absentTeams: [] },
        created_teams: [],
      },
    }),
    local: async (owner) =>
      (
        await owner.session
          .workbook!.db.selectFrom('employee')
          .select('team_id')
          .where('id', '=', mover().id)
          .executeTakeFirstOrThrow()
      ).team_id,
    remote: async () =>
      (
        await db()
          .selectFrom('employee')
          .select('team_id')
          .where('id', '=', mover().id)
          .executeTakeFirstOrThrow()
      ).team_id,
    effect: 'teamsChanged',
    subject: () => 'the org chart',
  },
]

describe("another admin's record change met while this replica's push waits", () => {
  it.each(CASES)(
    '$what: a push applied first whose answer was lost ends with the later change from the feed',
    async (c) => {
      const [mine, theirs] = [c.value(1, 'mine'), c.value(1, 'theirs')]
      await desks.owner.engine.syncUntilIdle()
      await c.edit(desks.owner, mine)
      network.loseNextAnswer = true
      await desks.owner.engine.push(true)
      expect((await desks.owner.call('sync.state', {})).waiting).toBe(1)
      // The other admin's change reaches the server after this one: it is the server's value.
      await desks.rest('PUT', c.other(theirs).url, c.other(theirs).body)
      expect(await c.remote()).toEqual(theirs)
      // Pulled while this push is still unanswered: the local value stays for now.
      await desks.owner.engine.pull(0)
      expect(await c.local(desks.owner)).toEqual(mine)
      desks.owner.applied.length = 0
      desks.owner.notices.length = 0
      // The replay is answered with the feed position of this replica's change, before the other's.
      expect(await desks.owner.engine.push(true)).toMatchObject({ pushed: 1, refused: 0 })
      expect(await c.local(desks.owner)).toEqual(theirs)
      expect(await c.remote()).toEqual(theirs)
      // The open pages are told to read the record again, and the user whose change was replaced.
      expect(desks.owner.applied.some((a) => a[c.effect])).toBe(true)
      expect(desks.owner.notices).toEqual([
        `Rita Records also changed ${c.subject(theirs)}, and the server kept their change; it replaced yours, which is kept in the history.`,
      ])
    },
  )

  it.each(CASES)('$what: a push the server orders after the other change keeps its own value', async (c) => {
    const [mine, theirs] = [c.value(2, 'mine'), c.value(2, 'theirs')]
    await desks.owner.engine.syncUntilIdle()
    await desks.rest('PUT', c.other(theirs).url, c.other(theirs).body)
    await c.edit(desks.owner, mine)
    await desks.owner.engine.pull(0)
    expect(await c.local(desks.owner)).toEqual(mine)
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ refused: 0, outbox: 0 })
    expect(await c.remote()).toEqual(mine)
    expect(await c.local(desks.owner)).toEqual(mine)
  })

  it.each(CASES)(
    "$what: a refused push puts back the other admin's value the feed brought, not the one before the edit",
    async (c) => {
      const [mine, theirs] = [c.value(3, 'mine'), c.value(3, 'theirs')]
      await desks.owner.engine.syncUntilIdle()
      await c.edit(desks.owner, mine)
      await desks.rest('PUT', c.other(theirs).url, c.other(theirs).body)
      await desks.owner.engine.pull(0)
      expect(await c.local(desks.owner)).toEqual(mine)
      desks.owner.notices.length = 0
      expect(await desks.pushAsOwnerRole('COMM_MANAGER')).toMatchObject({ pushed: 0, refused: 1 })
      expect(desks.owner.notices[0]).toMatch(/^The server refused your change to .+: .+ It was put back\.$/)
      expect(await c.remote()).toEqual(theirs)
      expect(await c.local(desks.owner)).toEqual(theirs)
    },
  )

  describe('a user made here while its push waits', () => {
    const localUser = async (email: string) =>
      desks.owner.session
        .workbook!.db.selectFrom('app_user as u')
        .innerJoin('role as r', 'r.id', 'u.role_id')
        .select(['u.name', 'r.name as role'])
        .where('u.email', '=', email)
        .executeTakeFirstOrThrow()
    const serverUser = (email: string) =>
      db()
        .selectFrom('app_user')
        .select(['id', 'name', 'role'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow()

    it('another admin made the same user on the server first: the replica ends with theirs', async () => {
      const email = 'made.twice@kept-records.test'
      await desks.owner.engine.syncUntilIdle()
      network.offline = true
      await desks.owner.call('users.create', { email, role: 'ADMIN', name: 'Made Here' })
      network.offline = false
      await desks.rest('POST', '/api/users/', { email, role: 'PLANNER', name: 'Made There' })
      await desks.owner.engine.pull(0)
      expect(await localUser(email)).toEqual({ name: 'Made Here', role: 'ADMIN' })
      // The server answers 409: this replica's user was never made there, the other admin's is the server's.
      expect(await desks.owner.engine.push(true)).toMatchObject({ pushed: 1, refused: 0 })
      expect(await localUser(email)).toEqual({ name: 'Made There', role: 'PLANNER' })
      expect(desks.owner.notices).toContain(
        `Rita Records also changed the user ${email}, and the server kept their change; it replaced yours, which is kept in the history.`,
      )
      expect(await serverUser(email)).toMatchObject({ name: 'Made There', role: 'PLANNER' })
    })
  })
})

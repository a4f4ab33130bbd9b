import fc from 'fast-check'
import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { Failure } from '../../src-main/services/failure'
import { joinDesktop, type Desktop, type Network } from '../support/replica'
import { seedFrom } from '../support/seeded'
import { listen, publishDemo, testServer } from './support'

/**
 * Issue 16's proof: random edits on two desktops, submissions and send-backs, offline periods,
 * restarts and answers lost after the server acted; then, once both are online and synced, every
 * replica equals the server, and the server's state is what its feed of changes says, in order.
 * An admin also makes and removes teams on the server (people moving with them): every replica's
 * org chart follows.
 */

const server = testServer()
const PASSWORD = 'model runs all night'
const RUNS = Number(process.env.SYNC_MODEL_RUNS ?? 200)
let snapshot: CompanySnapshot
let managerEmployeeId: number
let cycleId: number
let members: number[]
/** The team whose budget the owner changes (the largest: a budget needs members). */
let budgetTeam: number
let ownerToken: string
/** People the admin moves into new teams on the server (none of them in `members` or managing a team). */
let movable: number[]
/** Teams the snapshot had: the model removes only the teams it made. */
let firstTeams: Set<number>
const desktops: Record<'owner' | 'manager', { desktop: Desktop; network: Network }> = {} as never

beforeAll(async () => {
  const company = await publishDemo(
    server(),
    { name: 'Model Co', ownerEmail: 'owner@model.test', ownerName: 'Mo Owner', employees: 30, seed: 4 },
    PASSWORD,
  )
  snapshot = company.snapshot
  ownerToken = company.ownerToken
  firstTeams = new Set(snapshot.teams.map((t) => t.id))
  const manager = company.manager
  managerEmployeeId = manager.employeeId
  cycleId = snapshot.payCycles.find((c) => c.active)!.id
  members = snapshot.employees
    .filter((e) => e.team_id !== null && manager.teamIds.has(e.team_id) && e.id !== managerEmployeeId)
    .slice(0, 3)
    .map((e) => e.id)
  const sizes = new Map<number, number>()
  for (const e of snapshot.employees)
    if (e.team_id !== null) sizes.set(e.team_id, (sizes.get(e.team_id) ?? 0) + 1)
  budgetTeam = [...sizes].sort((a, b) => b[1] - a[1])[0][0]
  movable = snapshot.employees
    .filter(
      (e) =>
        !members.includes(e.id) &&
        e.id !== managerEmployeeId &&
        !snapshot.teams.some((t) => t.manager_id === e.id || t.planner_id === e.id) &&
        !snapshot.users.some((u) => u.employee_id === e.id),
    )
    .slice(0, 4)
    .map((e) => e.id)
  const url = await listen(server())
  for (const [who, email] of [
    ['owner', 'owner@model.test'],
    ['manager', manager.email],
  ] as const) {
    const network: Network = { offline: false, loseNextAnswer: false }
    desktops[who] = { desktop: await joinDesktop(url, email, PASSWORD, network), network }
  }
})

afterAll(async () => {
  for (const { desktop } of Object.values(desktops)) await desktop?.close()
})

type Who = 'owner' | 'manager'
type Command =
  | { kind: 'edit'; who: Who; employee: number; field: 'lumpSum' | 'comments'; value: number }
  | { kind: 'push' | 'pull' | 'offline' | 'online' | 'lose' | 'restart'; who: Who }
  | { kind: 'submit' }
  | { kind: 'sendBack' }
  | { kind: 'budget'; value: number | null }
  | { kind: 'teamMade'; parent: number; person: number }
  | { kind: 'teamRemoved'; pick: number }

const who = fc.constantFrom<Who>('owner', 'manager')
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      who,
      employee: fc.nat(2),
      field: fc.constantFrom('lumpSum' as const, 'comments' as const),
      value: fc.integer({ min: 1, max: 99 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('push' as const, 'pull' as const), who }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom('offline' as const, 'online' as const, 'lose' as const, 'restart' as const),
      who,
    }),
  },
  { weight: 1, arbitrary: fc.constantFrom<Command>({ kind: 'submit' }, { kind: 'sendBack' }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('budget' as const),
      value: fc.option(fc.integer({ min: 1, max: 999 }), { nil: null }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.record({ kind: fc.constant('teamMade' as const), parent: fc.nat(), person: fc.nat(3) }),
      fc.record({ kind: fc.constant('teamRemoved' as const), pick: fc.nat() }),
    ),
  },
)

/** An admin's org chart change made on the server (the REST calls an admin's tools use). */
async function onServer(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  const answer = await server().app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${ownerToken}` },
    ...(payload === undefined ? {} : { payload }),
  })
  if (answer.statusCode !== 200) throw new Error(`${method} ${url}: ${answer.body}`)
  return answer.json<unknown>()
}

/**
 * Refusals a user would see on screen (a locked row, nothing to send back, the model's cut network
 * as OFFLINE) are part of the model: a Failure with its code. Anything else fails the run: the
 * internal error, and a TypeError or any other crash of the code under test.
 */
async function attempt(work: () => Promise<unknown>): Promise<void> {
  try {
    await work()
  } catch (error) {
    if (!(error instanceof Failure) || error.code === 'INTERNAL') throw error
  }
}

async function run(step: Command): Promise<void> {
  if (step.kind === 'teamMade' || step.kind === 'teamRemoved') {
    const teams = (await onServer('GET', '/api/teams/')) as { id: number }[]
    if (step.kind === 'teamMade') {
      const parent = teams[step.parent % teams.length].id
      await onServer('POST', '/api/teams/', {
        name: `Model Team ${step.parent}`,
        parent_team_id: parent,
        members: [movable[step.person % movable.length]],
      })
      return
    }
    const made = teams.filter((t) => !firstTeams.has(t.id))
    if (made.length > 0) await onServer('DELETE', `/api/teams/${made[step.pick % made.length].id}/`)
    return
  }
  if (step.kind === 'submit') {
    const { desktop } = desktops.manager
    return attempt(() =>
      desktop.call('submissions.submit', { plannerEmployeeId: null, comments: 'Model says done' }),
    )
  }
  if (step.kind === 'budget') {
    const { desktop } = desktops.owner
    return attempt(() =>
      desktop.call('teams.setBudget', {
        teamId: budgetTeam,
        budget: step.value === null ? null : step.value * 1000_00,
        currency: 'USD',
      }),
    )
  }
  if (step.kind === 'sendBack') {
    const { desktop } = desktops.owner
    return attempt(() => desktop.call('submissions.unsubmit', { plannerEmployeeId: managerEmployeeId }))
  }
  const { desktop, network } = desktops[step.who]
  switch (step.kind) {
    case 'edit': {
      const value = step.field === 'lumpSum' ? step.value * 100 : `note ${step.value} by ${step.who}`
      return attempt(() =>
        desktop.call('rewards.update', {
          updates: [{ employeeId: members[step.employee], changes: { [step.field]: value } }],
        }),
      )
    }
    case 'push':
      return attempt(() => desktop.engine.push(true))
    case 'pull':
      return attempt(() => desktop.engine.pull(0))
    case 'offline':
      network.offline = true
      return
    case 'online':
      network.offline = false
      return
    case 'lose':
      network.loseNextAnswer = true
      return
    case 'restart':
      await desktop.close()
      return desktop.reopen()
  }
}

async function settle(): Promise<void> {
  for (const { network } of Object.values(desktops))
    Object.assign(network, { offline: false, loseNextAnswer: false })
  for (let round = 0; round < 4; round++)
    for (const { desktop } of Object.values(desktops)) await desktop.engine.syncUntilIdle()
}

const REWARD_COLUMNS = ['lump_sum', 'comments'] as const

async function serverRewards() {
  const rows = await server()
    .db.selectFrom('reward')
    .select(['employee_id', ...REWARD_COLUMNS])
    .where('employee_id', 'in', members)
    .orderBy('employee_id')
    .execute()
  return rows.map((r) => ({ employee_id: r.employee_id, lump_sum: r.lump_sum, comments: r.comments }))
}

async function replicaRewards(desktop: Desktop) {
  const rows = await desktop.session
    .workbook!.db.selectFrom('reward')
    .select(['employee_id', ...REWARD_COLUMNS])
    .where('employee_id', 'in', members)
    .orderBy('employee_id')
    .execute()
  return rows.map((r) => ({ employee_id: r.employee_id, lump_sum: r.lump_sum, comments: r.comments }))
}

/** The rewards the feed's changes add up to, in the server's order. */
async function feedRewards() {
  const changes = await server()
    .db.selectFrom('sync_change')
    .select(['payload'])
    .where('kind', '=', 'reward')
    .orderBy('seq')
    .execute()
  const state = new Map(
    snapshot.rewards
      .filter((r) => members.includes(r.employee_id))
      .map((r) => [
        r.employee_id,
        { employee_id: r.employee_id, lump_sum: r.lump_sum, comments: r.comments },
      ]),
  )
  for (const { payload } of changes) {
    const change = payload as { employee_id: number; fields: Record<string, unknown> }
    const row = state.get(change.employee_id)
    if (!row) continue
    for (const column of REWARD_COLUMNS)
      if (column in change.fields) (row as Record<string, unknown>)[column] = change.fields[column]
  }
  return [...state.values()].sort((a, b) => a.employee_id - b.employee_id)
}

/** The budget team's budget, on the server and on a replica (the currency only matters with a budget). */
async function serverBudget() {
  const row = await server()
    .db.selectFrom('team')
    .select(['budget', 'budget_currency'])
    .where('id', '=', budgetTeam)
    .executeTakeFirstOrThrow()
  return { budget: row.budget, currency: row.budget === null ? null : row.budget_currency }
}

async function replicaBudget(desktop: Desktop) {
  const row = await desktop.session
    .workbook!.db.selectFrom('team')
    .select(['budget', 'budget_currency'])
    .where('id', '=', budgetTeam)
    .executeTakeFirstOrThrow()
  return { budget: row.budget, currency: row.budget === null ? null : row.budget_currency }
}

/** Every team's place and every held employee's team, on the server and on a replica. */
async function serverOrgChart() {
  const teams = await server()
    .db.selectFrom('team')
    .select(['id', 'name', 'parent_team_id', 'manager_id'])
    .orderBy('id')
    .execute()
  const employees = await server().db.selectFrom('employee').select(['id', 'team_id']).orderBy('id').execute()
  return { teams, employees }
}

async function replicaOrgChart(desktop: Desktop) {
  const db = desktop.session.workbook!.db
  const teams = await db
    .selectFrom('team')
    .select(['id', 'name', 'parent_team_id', 'manager_id'])
    .orderBy('id')
    .execute()
  const employees = await db.selectFrom('employee').select(['id', 'team_id']).orderBy('id').execute()
  return { teams, employees }
}

async function submitted(desktop: Desktop): Promise<boolean> {
  const row = await desktop.session
    .workbook!.db.selectFrom('planner_submission')
    .select('id')
    .where('planner_employee_id', '=', managerEmployeeId)
    .where('pay_cycle_id', '=', cycleId)
    .executeTakeFirst()
  return row !== undefined
}

describe('live sync, model-based', () => {
  it(`after ${RUNS} random runs of edits, budgets, submissions, teams made and removed on the server, offline periods, restarts and lost answers, every replica equals the server and the feed explains it`, async () => {
    const seed = seedFrom('SYNC_MODEL_SEED')
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 8 }), async (commands) => {
        for (const step of commands) await run(step)
        await settle()
        const onServer = await serverRewards()
        expect(await replicaRewards(desktops.owner.desktop)).toEqual(onServer)
        expect(await replicaRewards(desktops.manager.desktop)).toEqual(onServer)
        expect(await feedRewards()).toEqual(onServer)
        for (const { desktop } of Object.values(desktops))
          expect((await desktop.call('sync.state', {})).waiting).toBe(0)
        const serverSubmitted =
          (await server()
            .db.selectFrom('planner_submission')
            .select('id')
            .where('planner_employee_id', '=', managerEmployeeId)
            .executeTakeFirst()) !== undefined
        expect(await submitted(desktops.owner.desktop)).toBe(serverSubmitted)
        expect(await submitted(desktops.manager.desktop)).toBe(serverSubmitted)
        const budget = await serverBudget()
        expect(await replicaBudget(desktops.owner.desktop)).toEqual(budget)
        expect(await replicaBudget(desktops.manager.desktop)).toEqual(budget)
        const org = await serverOrgChart()
        expect(await replicaOrgChart(desktops.owner.desktop)).toEqual(org)
        // A manager's replica holds every team, and of the people those its tree needs.
        const managers = await replicaOrgChart(desktops.manager.desktop)
        expect(managers.teams).toEqual(org.teams)
        const held = new Set(managers.employees.map((e) => e.id))
        expect(managers.employees).toEqual(org.employees.filter((e) => held.has(e.id)))
      }),
      { numRuns: RUNS, seed },
    )
  }, 600_000)
})

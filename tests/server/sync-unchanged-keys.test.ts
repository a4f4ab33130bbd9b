import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { IDEMPOTENCY_HEADER } from '../../src-shared/contract/sync-dto'
import { publishDemo, testServer } from './support'

/**
 * Issue 16, exactly once: a replica's push that changes nothing on the server (the server had those
 * values already) still uses up its idempotency key, so replaying it after a later change does not
 * put the old values back.
 */

const server = testServer()
const OWNER = 'owner@unchanged-keys.test'
let snapshot: CompanySnapshot
let ownerToken: string

beforeAll(async () => {
  const company = await publishDemo(
    server(),
    { name: 'Unchanged Keys', ownerEmail: OWNER, ownerName: 'Una Changed', employees: 30, seed: 21 },
    'no change twice',
  )
  snapshot = company.snapshot
  ownerToken = company.ownerToken
})

/** A REST call as the owner, with an idempotency key when a replica pushes. */
async function put(
  url: string,
  payload: object | undefined,
  key?: string,
  method: 'PUT' | 'POST' | 'DELETE' = 'PUT',
) {
  const answer = await server().app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${ownerToken}`, ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}) },
    payload,
  })
  if (answer.statusCode !== 200) throw new Error(`${method} ${url}: ${answer.body}`)
  return {
    body: answer.json<Record<string, unknown>>(),
    replay: answer.headers['idempotent-replay'] === 'true',
  }
}

const employeeOnServer = (id: number) =>
  server()
    .db.selectFrom('employee')
    .select(['job_title', 'team_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

describe('a push that changes nothing keeps its idempotency key', () => {
  it('an employee edit: push A (nothing changed), change B, replay A: B stays', async () => {
    const who = snapshot.employees[3]
    const { job_title: was } = await employeeOnServer(who.id)
    const first = await put(`/api/employees/${who.id}/`, { jobTitle: was }, 'unchanged-employee-A')
    expect(first).toMatchObject({ body: { message: 'Nothing changed.' }, replay: false })
    await put(`/api/employees/${who.id}/`, { jobTitle: 'Changed After' }, 'changed-employee-B')
    const replayed = await put(`/api/employees/${who.id}/`, { jobTitle: was }, 'unchanged-employee-A')
    expect(replayed.replay).toBe(true)
    expect((await employeeOnServer(who.id)).job_title).toBe('Changed After')
  })

  it('a pay range edit: push A (nothing changed), change B, replay A: B stays', async () => {
    const range = snapshot.payRanges[0]
    const row = () =>
      server()
        .db.selectFrom('pay_range')
        .select(['max_pay'])
        .where('id', '=', range.id)
        .executeTakeFirstOrThrow()
    const { max_pay: was } = await row()
    const changes = async () =>
      (
        await server()
          .db.selectFrom('sync_change')
          .select('seq')
          .where('kind', '=', 'pay_range')
          .where('entity_id', '=', range.id)
          .execute()
      ).length
    const fed = await changes()
    expect((await put(`/api/payranges/${range.id}/`, { max_pay: was }, 'unchanged-range-A')).replay).toBe(
      false,
    )
    // The server had that value: nothing is written to the feed for it.
    expect(await changes()).toBe(fed)
    await put(`/api/payranges/${range.id}/`, { max_pay: was + 100_00 }, 'changed-range-B')
    const replayed = await put(`/api/payranges/${range.id}/`, { max_pay: was }, 'unchanged-range-A')
    expect(replayed.replay).toBe(true)
    expect((await row()).max_pay).toBe(was + 100_00)
  })

  it('an org chart drop: push A (nothing changed), move B, replay A: B stays', async () => {
    const who =
      snapshot.employees.find((e) => e.team_id !== null && e.manager_id === null) ?? snapshot.employees[5]
    const { team_id: was } = await employeeOnServer(who.id)
    const elsewhere = snapshot.teams.find((t) => t.id !== was)!
    const drop = (teamId: number | null) => ({
      snapshot: {
        employees: [{ id: who.id, teamId, managerId: who.manager_id }],
        teams: [],
        absentTeams: [],
      },
      created_teams: [],
    })
    const first = await put('/api/org-chart/', drop(was), 'unchanged-drop-A')
    expect(first).toMatchObject({ body: { message: 'Nothing changed.' }, replay: false })
    await put('/api/org-chart/', drop(elsewhere.id), 'changed-drop-B')
    expect((await employeeOnServer(who.id)).team_id).toBe(elsewhere.id)
    const replayed = await put('/api/org-chart/', drop(was), 'unchanged-drop-A')
    expect(replayed.replay).toBe(true)
    expect((await employeeOnServer(who.id)).team_id).toBe(elsewhere.id)
  })

  it('a team budget: push A (the budget it had), change B, replay A: B stays', async () => {
    const team = snapshot.teams.find((t) => t.budget !== null) ?? snapshot.teams[0]
    const budget = async () =>
      (
        await server()
          .db.selectFrom('team')
          .select('budget')
          .where('id', '=', team.id)
          .executeTakeFirstOrThrow()
      ).budget
    const was = await budget()
    const first = await put(`/api/teams/${team.id}/`, { budget: was }, 'unchanged-budget-A')
    expect(first.replay).toBe(false)
    await put(`/api/teams/${team.id}/`, { budget: 777_00 }, 'changed-budget-B')
    const replayed = await put(`/api/teams/${team.id}/`, { budget: was }, 'unchanged-budget-A')
    expect(replayed.replay).toBe(true)
    expect(Number(await budget())).toBe(777_00)
  })
})

describe("a user push replayed after another admin's change applies nothing", () => {
  const user = (email: string) =>
    server().db.selectFrom('app_user').select(['id', 'role']).where('email', '=', email).executeTakeFirst()

  it('a role change: push A, change B, replay A: B stays', async () => {
    const made = await put(
      '/api/users/',
      { email: 'role.twice@unchanged-keys.test', role: 'ADMIN' },
      undefined,
      'POST',
    )
    const id = Number(made.body.id)
    expect((await put(`/api/users/${id}/`, { role: 'COMM_MANAGER' }, 'user-role-A')).replay).toBe(false)
    await put(`/api/users/${id}/`, { role: 'PLANNER' }, 'user-role-B')
    expect((await put(`/api/users/${id}/`, { role: 'COMM_MANAGER' }, 'user-role-A')).replay).toBe(true)
    expect((await user('role.twice@unchanged-keys.test'))?.role).toBe('PLANNER')
  })

  it('a user made: push A, removed by B, replay A: still removed', async () => {
    const email = 'made.once@unchanged-keys.test'
    const made = await put('/api/users/', { email, role: 'ADMIN' }, 'user-made-A', 'POST')
    await put(`/api/users/${Number(made.body.id)}/`, undefined, 'user-removed-B', 'DELETE')
    expect((await put('/api/users/', { email, role: 'ADMIN' }, 'user-made-A', 'POST')).replay).toBe(true)
    expect(await user(email)).toBeUndefined()
  })

  it('a user removed: push A, made again by B, replay A: the new one stays', async () => {
    const email = 'removed.once@unchanged-keys.test'
    const made = await put('/api/users/', { email, role: 'ADMIN' }, undefined, 'POST')
    await put(`/api/users/${Number(made.body.id)}/`, undefined, 'user-removed-A', 'DELETE')
    const again = await put('/api/users/', { email, role: 'PLANNER' }, 'user-made-B', 'POST')
    const replayed = await put(`/api/users/${Number(again.body.id)}/`, undefined, 'user-removed-A', 'DELETE')
    expect(replayed.replay).toBe(true)
    expect((await user(email))?.role).toBe('PLANNER')
  })
})

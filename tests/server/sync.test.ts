import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import type { SyncFeedPage } from '../../src-shared/contract/sync-dto'
import { login, publishDemo, testServer } from './support'

/** Issue 16: the server's change feed, idempotent pushes and the overwritten values it records. */

const server = testServer()
const PASSWORD = 'a long enough passphrase'
let snapshot: CompanySnapshot
let owner: string
let manager: { token: string; employeeId: number; teamIds: Set<number> }

const call = (
  token: string,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  server().app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(payload === undefined ? {} : { payload }),
  })

const feed = async (token: string, after: number, wait = 0) => {
  const response = await call(token, 'GET', `/api/sync/changes/?after=${after}&wait=${wait}`)
  expect(response.statusCode).toBe(200)
  return response.json<SyncFeedPage>()
}

beforeAll(async () => {
  const company = await publishDemo(
    server(),
    { name: 'Syncco', ownerEmail: 'owner@sync.test', ownerName: 'Rita Owner', employees: 60, seed: 8 },
    PASSWORD,
  )
  snapshot = company.snapshot
  owner = company.ownerToken
  const { employeeId, email, teamIds } = company.manager
  manager = { token: await login(server(), email, PASSWORD), employeeId, teamIds }
})

const mineFor = () => snapshot.employees.find((e) => e.team_id !== null && manager.teamIds.has(e.team_id))!
const notMine = () => snapshot.employees.find((e) => e.team_id === null || !manager.teamIds.has(e.team_id))!

describe('the change feed (GET /api/sync/changes/)', () => {
  it('lists a reward change with who made it, in order, and resumes after the last one read', async () => {
    const start = (await feed(owner, 0)).last
    const employee = mineFor()
    const put = await call(owner, 'PUT', `/api/employeerewards/${employee.id}/`, {
      new_salary: 9_000_000,
      comments: 'Strong year',
    })
    expect(put.statusCode).toBe(200)
    const page = await feed(owner, start)
    expect(page.changes).toHaveLength(1)
    expect(page.changes[0]).toMatchObject({
      kind: 'reward',
      employee_id: employee.id,
      fields: { new_salary: 9_000_000, comments: 'Strong year' },
      user: 'Rita Owner',
      seq: Number(put.headers['meritbook-seq']),
    })
    expect(page.last).toBe(page.changes[0].seq)
    expect(await feed(owner, page.last)).toEqual({ changes: [], last: page.last })
  })

  it("leaves out rewards of employees outside a manager's teams, while `last` moves past them", async () => {
    const start = (await feed(manager.token, 0)).last
    expect(
      (await call(owner, 'PUT', `/api/employeerewards/${notMine().id}/`, { lump_sum: 50_000 })).statusCode,
    ).toBe(200)
    const page = await feed(manager.token, start)
    expect(page.changes).toEqual([])
    expect(page.last).toBeGreaterThan(start)
  })

  it('a long poll answers as soon as a change arrives', async () => {
    const start = (await feed(owner, 0)).last
    const waiting = feed(owner, start, 60)
    await new Promise((resolve) => setTimeout(resolve, 200))
    await call(owner, 'PUT', `/api/employeerewards/${mineFor().id}/`, { lump_sum: 70_000 })
    const page = await waiting
    expect(page.changes.map((c) => c.kind)).toEqual(['reward'])
  })

  it('a submission and its send-back travel as changes', async () => {
    const start = (await feed(owner, 0)).last
    const cycle = snapshot.payCycles.find((c) => c.active)!
    const submitted = await call(manager.token, 'POST', '/api/paycycle/submit/', {
      planner_employee: manager.employeeId,
      pay_cycle: cycle.id,
      submission_type: 'PLANNER',
      comments: 'All planned',
    })
    expect(submitted.statusCode).toBe(200)
    const id = submitted.json<{ id: number }>().id
    expect((await call(owner, 'DELETE', `/api/paycycle/submit/${id}`)).statusCode).toBe(200)
    const page = await feed(owner, start)
    expect(
      page.changes.map((c) => [c.kind, 'submission' in c ? c.submission.planner_employee_id : null]),
    ).toEqual([
      ['submission', manager.employeeId],
      ['submission.deleted', manager.employeeId],
    ])
  })
})

describe('pushes', () => {
  it('a replay with the same idempotency key applies once and answers as the first did', async () => {
    const employee = mineFor()
    const start = (await feed(owner, 0)).last
    const headers = { 'idempotency-key': 'push-0001-abcdef' }
    const first = await call(
      owner,
      'PUT',
      `/api/employeerewards/${employee.id}/`,
      { lump_sum: 12_300 },
      headers,
    )
    const replay = await call(
      owner,
      'PUT',
      `/api/employeerewards/${employee.id}/`,
      { lump_sum: 12_300 },
      headers,
    )
    expect(replay.statusCode).toBe(200)
    expect(replay.headers['idempotent-replay']).toBe('true')
    expect(replay.json<{ lump_sum: number }>().lump_sum).toBe(first.json<{ lump_sum: number }>().lump_sum)
    expect((await feed(owner, start)).changes).toHaveLength(1)
    const history = await call(owner, 'GET', `/api/employeerewards/history/${employee.id}`)
    expect(
      history
        .json<{ changes: { lump_sum?: { to: number } } }[]>()
        .filter((h) => h.changes.lump_sum?.to === 12_300),
    ).toHaveLength(1)
  })

  it("a push made before seeing another's change replaces it, and the feed and history keep the replaced value", async () => {
    const employee = mineFor()
    const base = (await feed(owner, 0)).last
    await call(owner, 'PUT', `/api/employeerewards/${employee.id}/`, {
      comments: 'Owner’s note: promote in spring',
    })
    const late = await call(
      manager.token,
      'PUT',
      `/api/employeerewards/${employee.id}/`,
      { comments: 'Manager’s note' },
      { 'meritbook-base-seq': String(base) },
    )
    expect(late.statusCode).toBe(200)
    const page = await feed(owner, base)
    expect(page.changes.at(-1)).toMatchObject({
      kind: 'reward',
      fields: { comments: 'Manager’s note' },
      overwrote: [{ field: 'comments', value: 'Owner’s note: promote in spring', user: 'Rita Owner' }],
    })
    const history = await call(owner, 'GET', `/api/employeerewards/history/${employee.id}`)
    expect(JSON.stringify(history.json())).toContain('Owner’s note: promote in spring')
  })

  it('a feed read without a sign-in is refused', async () => {
    expect((await server().app.inject({ method: 'GET', url: '/api/sync/changes/' })).statusCode).toBe(401)
  })
})

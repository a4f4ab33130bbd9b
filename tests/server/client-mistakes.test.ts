import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { IDEMPOTENCY_HEADER } from '../../src-shared/contract/sync-dto'
import { UNSTORABLE_TEXT } from '../../src-shared/contract/text'
import { KEY_REUSED } from '../../src-server/sync/push-keys'
import { tempDir } from '../support/temp'
import { clientOf, publishedDemo, type Method } from './company-fixture'
import { testServer } from './support'

// Issue 34 §8: a client's mistake (NUL, a lone surrogate, a duplicate sent at once, a reused key) is a 4xx.
const server = testServer()
const { signIn, call } = clientOf(server)
const dir = tempDir()
let owner = ''
let snapshot: CompanySnapshot
let manager = { token: '', employeeId: 0, teamMember: 0, name: '' }

const detail = (response: { json<T>(): T }) => response.json<{ detail: string }>().detail

const keyed = (token: string, method: Method, url: string, key: string, payload?: object) =>
  server().app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, [IDEMPOTENCY_HEADER]: key },
    ...(payload === undefined ? {} : { payload }),
  })

/** Six identical requests at once: exactly one succeeds (`made`) and the others are 409 with `message`. */
async function onlyOneOfSix(
  send: () => Promise<{ statusCode: number; body: string }>,
  message: string,
  made = 200,
) {
  const answers = await Promise.all(Array.from({ length: 6 }, send))
  const statuses = answers.map((a) => a.statusCode).sort()
  expect(statuses).toEqual([made, 409, 409, 409, 409, 409])
  for (const refused of answers.filter((a) => a.statusCode === 409))
    expect((JSON.parse(refused.body) as { detail: string }).detail).toMatch(message)
}

beforeAll(async () => {
  ;({ snapshot, owner } = await publishedDemo(server, dir, { employees: 40, seed: 34, company: 'Acme' }))
  const user = snapshot.users.find(
    (u) =>
      u.role === 'MANAGER' &&
      u.employee_id !== null &&
      snapshot.teams.some((t) => t.manager_id === u.employee_id),
  )
  if (!user?.employee_id) throw new Error('The demo has a manager with a team.')
  const team = snapshot.teams.find((t) => t.manager_id === user.employee_id)
  const member = snapshot.employees.find((e) => e.team_id === team?.id && e.id !== user.employee_id)
  if (!member) throw new Error('The manager’s team has a member.')
  const name = snapshot.employees.find((e) => e.id === user.employee_id)?.name ?? ''
  manager = { token: await signIn(user.email), employeeId: user.employee_id, teamMember: member.id, name }
})

describe('NUL and lone surrogates answer 400 naming the field, never 500', () => {
  it('in a body, unauthenticated sign-in included', async () => {
    const login = await server().app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'ada\u0000@example.com', password: 'x' },
    })
    expect(login.statusCode).toBe(400)
    expect(detail(login)).toBe(`username: ${UNSTORABLE_TEXT}`)
    const comment = await call(manager.token, 'PUT', `/api/employeerewards/${manager.teamMember}/`, {
      comments: 'great\uD800year',
    })
    expect(comment.statusCode).toBe(400)
    expect(detail(comment)).toBe(`comments: ${UNSTORABLE_TEXT}`)
    const email = await call(owner, 'POST', '/api/users/', { email: 'a\u0000b@example.com', role: 'PLANNER' })
    expect(email.statusCode).toBe(400)
    expect(detail(email)).toBe(`email: ${UNSTORABLE_TEXT}`)
    const template = await call(owner, 'POST', '/api/employee/reward-statements-templates/', {
      name: 'Ok',
      template_content: { intro: 'a\uDFFFb', closing: '' },
    })
    expect(template.statusCode).toBe(400)
    expect(detail(template)).toBe(`template_content.intro: ${UNSTORABLE_TEXT}`)
  })

  it('an empty settings patch twice is a 200 (its upsert had no column to set: 500)', async () => {
    for (let i = 0; i < 2; i++)
      expect((await call(owner, 'PUT', '/api/user/settings', {})).statusCode).toBe(200)
  })

  it('in a route parameter, a query string or an idempotency key', async () => {
    for (const url of ['/api/users/1%00/', '/api/employees/1%00/', '/api/teams/%ED%A0%80/'])
      expect((await call(owner, 'PUT', url, {})).statusCode).toBe(400)
    expect((await call(owner, 'GET', '/api/employee/reward-statements/?employee=1%00')).statusCode).toBe(400)
    expect((await call(owner, 'GET', '/api/sync/changes/?after=%00')).statusCode).toBe(400)
    const key = await keyed(owner, 'PUT', `/api/employeerewards/${manager.teamMember}/`, 'key\u00001234', {
      lump_sum: 1,
    })
    expect(key.statusCode).toBe(400)
  })
})

describe('duplicates sent at once: one is made, the others are 409 with a message', () => {
  it('six submissions for one planner', async () => {
    const cycle = snapshot.payCycles.find((c) => c.active)
    await onlyOneOfSix(
      () =>
        call(manager.token, 'POST', '/api/paycycle/submit/', {
          planner_employee: manager.employeeId,
          pay_cycle: cycle?.id,
          submission_type: 'PLANNER',
          comments: 'Done',
        }),
      // The desktop's words (commands/submission.ts), whether the decision or the insert saw it first.
      `${manager.name} has already submitted.`,
    )
  })

  it('six onboardings with one e-mail', async () => {
    await onlyOneOfSix(
      () =>
        server().app.inject({
          method: 'POST',
          url: '/api/company/onboarding/',
          headers: { 'x-onboarding-key': 'test-onboarding-key' },
          payload: { company_name: 'Twice', owner_email: 'twice@example.com', owner_name: 'Tw Ice' },
        }),
      'Owner information duplicated',
    )
    const companies = await server()
      .db.selectFrom('company')
      .select('id')
      .where('name', '=', 'Twice')
      .execute()
    expect(companies).toHaveLength(1)
  })

  it('six templates with one name', async () => {
    await onlyOneOfSix(
      () => call(owner, 'POST', '/api/employee/reward-statements-templates/', { name: 'Year end' }),
      'A template named "Year end" already exists.',
      201,
    )
  })

  it('six users with one e-mail', async () => {
    await onlyOneOfSix(
      () => call(owner, 'POST', '/api/users/', { email: 'same@example.com', role: 'PLANNER' }),
      'A user with the e-mail same@example.com exists already.',
    )
  })
})

describe('an idempotency key is a replay only of its own route, user and body', () => {
  const url = () => `/api/employeerewards/${manager.teamMember}/`

  it('the same request again is a replay; another body, user or route with the key is 409', async () => {
    await call(owner, 'DELETE', `/api/paycycle/submit/${await submissionId()}`)
    const first = await keyed(manager.token, 'PUT', url(), 'push-key-0001', { lump_sum: 5_00 })
    expect(first.statusCode).toBe(200)
    const replay = await keyed(manager.token, 'PUT', url(), 'push-key-0001', { lump_sum: 5_00 })
    expect(replay.statusCode).toBe(200)
    expect(replay.headers['idempotent-replay']).toBe('true')
    const otherBody = await keyed(manager.token, 'PUT', url(), 'push-key-0001', { lump_sum: 6_00 })
    expect(otherBody.statusCode).toBe(409)
    expect(detail(otherBody)).toBe(KEY_REUSED)
    const otherUser = await keyed(owner, 'PUT', url(), 'push-key-0001', { lump_sum: 5_00 })
    expect(otherUser.statusCode).toBe(409)
    // A matrix save under a reward push's key was a TypeError (500).
    const matrix = await keyed(owner, 'POST', '/api/calculate-matrix/', 'push-key-0001', {
      performance_multiplier_priority: 50,
      position_in_range_priority: 50,
      max_position_in_range: 1,
      desired_budget: 100_000_00,
      cell: null,
      save: true,
    })
    expect(matrix.statusCode).toBe(409)
    expect(detail(matrix)).toBe(KEY_REUSED)
    const reward = (await call(owner, 'GET', '/api/employeerewards/')).json<
      { employee_id: number; lump_sum: number | null }[]
    >()
    expect(reward.find((r) => r.employee_id === manager.teamMember)?.lump_sum).toBe(5_00)
  })

  it('a batch item under a used key of another request is refused alone (409), its replay is a replay', async () => {
    const rewards = [
      { employee: manager.teamMember, key: 'push-key-0001', base_seq: null, fields: { lump_sum: 5_00 } },
      { employee: manager.teamMember, key: 'push-key-0002', base_seq: null, fields: { lump_sum: 7_00 } },
    ]
    const first = await call(manager.token, 'PUT', '/api/sync/rewards/', { rewards })
    expect(first.json<{ results: { status: number; replay?: boolean }[] }>().results).toMatchObject([
      { status: 200, replay: true },
      { status: 200 },
    ])
    const reused = await call(manager.token, 'PUT', '/api/sync/rewards/', {
      rewards: [{ ...rewards[1], fields: { lump_sum: 8_00 } }],
    })
    expect(reused.json()).toEqual({ results: [{ key: 'push-key-0002', status: 409, detail: KEY_REUSED }] })
  })

  it('the same key sent six times at once is applied once; the others are replays or 409, never 500', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        keyed(manager.token, 'PUT', url(), 'push-key-0003', { lump_sum: 9_00 }),
      ),
    )
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode)
    const rows = await server()
      .db.selectFrom('sync_change')
      .select('seq')
      .where('idempotency_key', '=', 'push-key-0003')
      .execute()
    expect(rows).toHaveLength(1)
  })
})

async function submissionId(): Promise<number> {
  const list = (await call(owner, 'GET', '/api/paycycle/submit/')).json<
    { id: number; planner_employee_id: number }[]
  >()
  const found = list.find((s) => s.planner_employee_id === manager.employeeId)
  if (!found) throw new Error('The planner submitted.')
  return found.id
}

import { TOO_MANY_ATTEMPTS, TOO_MANY_FROM_ADDRESS } from '../../src-server/http/limits'
import { jwtSecretOf } from '../../src-server/config'
import { OPERATORS_COMPANY } from '../../src-server/operators'
import { SUPER_USER_NOT_GRANTED } from '../../src-shared/domain/user-admin'
import { ATTACK_PASSWORD as PASSWORD, attackerOf } from './attack-support'
import { linkTokenIn, login, publishDemo, setPassword, testServer, type PublishedCompany } from './support'

/**
 * Issue 34's findings, replayed as an attacker sent them: each request must now be refused. The
 * limits' own counts are in attacks-limits.test.ts (a server with small limits); finding 6 and the
 * doors that write (templates, records, the import) are in attacks-writes.test.ts.
 */
const server = testServer()
const { call, roleOf, serverCli, freshCompanyOwner, userOf } = attackerOf(server)

let acme: PublishedCompany
/** A second company, with its owner signed in (and no employees yet). */
const globex = { ownerEmail: 'owner@globex.test', ownerToken: '' }

beforeAll(async () => {
  acme = await publishDemo(
    server(),
    { name: 'Acme', ownerEmail: 'owner@acme.test', ownerName: 'Olive Owner', employees: 30, seed: 7 },
    PASSWORD,
  )
  globex.ownerToken = await freshCompanyOwner('Globex', globex.ownerEmail)
}, 120_000)

describe('finding 1: no company makes a super user', () => {
  it('publishing the demo skips its SUPER_USER row ("Meritbook Support") with a notice; no super user is created', async () => {
    expect(acme.snapshot.users.some((u) => u.role === 'SUPER_USER')).toBe(true)
    const superUsers = await server()
      .db.selectFrom('app_user')
      .select('email')
      .where('role', '=', 'SUPER_USER')
      .execute()
    expect(superUsers).toEqual([])
  })

  it('publish with users:[{role:"SUPER_USER"}] answers which rows it skipped and why, and creates none of them', async () => {
    const token = await freshCompanyOwner('Initech', 'owner@initech.test')
    const published = await call(token, 'POST', '/api/company/publish/', {
      ...acme.snapshot,
      employees: [],
      rewards: [],
      submissions: [],
      teams: [],
      users: [
        { email: 'mallory@initech.test', name: 'Mallory', role: 'SUPER_USER', employee_id: null },
        { email: 'ada@initech.test', name: 'Ada', role: 'ADMIN', employee_id: null },
      ],
    })
    expect(published.statusCode).toBe(200)
    expect(published.json()).toMatchObject({
      users: 1,
      skipped: [
        {
          email: 'mallory@initech.test',
          role: 'SUPER_USER',
          reason: 'Your role (OWNER) may not grant SUPER_USER. An OWNER may manage anyone but a super user.',
        },
      ],
      notice: expect.stringMatching(/^1 user was not published\. mallory@initech\.test \(SUPER_USER\)/),
    })
    expect(await roleOf('mallory@initech.test')).toBeUndefined()
    expect(await roleOf('ada@initech.test')).toBe('ADMIN')
  })

  it('POST /api/users/ and PUT /api/users/{id}/ refuse SUPER_USER', async () => {
    const created = await call(acme.ownerToken, 'POST', '/api/users/', {
      email: 'su@acme.test',
      role: 'SUPER_USER',
    })
    expect(created.statusCode).toBe(403)
    const admin = await call(acme.ownerToken, 'POST', '/api/users/', {
      email: 'ada@acme.test',
      role: 'ADMIN',
    })
    expect(admin.statusCode).toBe(200)
    const promoted = await call(acme.ownerToken, 'PUT', `/api/users/${admin.json<{ id: number }>().id}/`, {
      role: 'SUPER_USER',
    })
    expect(promoted.statusCode).toBe(403)
    expect(await roleOf('ada@acme.test')).toBe('ADMIN')
  })

  it('a SUPER_USER inside a company (as an older server let one be made) signs in to nothing', async () => {
    const token = await userOf(acme.ownerEmail, 'SUPER_USER', null)
    expect((await call(token, 'GET', '/api/company/onboarding/')).statusCode).toBe(401)
    expect((await call(token, 'GET', '/api/employees/')).statusCode).toBe(401)
    const onboard = await call(token, 'POST', '/api/company/onboarding/', {
      company_name: 'Shadow',
      owner_email: 'shadow@evil.test',
      owner_name: 'Shadow',
    })
    expect(onboard.statusCode).toBe(401)
  })

  it('npm run server -- --create-super-user makes the only super users: they list companies and onboard without the key', async () => {
    const run = serverCli('--create-super-user', 'ops@meritbook.test', '--name', 'Ops')
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toContain(`Created the super user ops@meritbook.test (${OPERATORS_COMPANY}).`)
    const link = /set-password\?link=([A-Za-z0-9_%-]+)/.exec(run.stdout)
    expect(link).not.toBeNull()
    await setPassword(server().db, 'ops@meritbook.test', PASSWORD)
    const ops = await login(server(), 'ops@meritbook.test', PASSWORD)
    const companies = await call(ops, 'GET', '/api/company/onboarding/')
    expect(companies.statusCode).toBe(200)
    expect(companies.json<{ name: string }[]>().map((c) => c.name)).toEqual(
      expect.arrayContaining(['Acme', 'Globex', OPERATORS_COMPANY]),
    )
    const onboard = await call(ops, 'POST', '/api/company/onboarding/', {
      company_name: 'Hooli',
      owner_email: 'owner@hooli.test',
      owner_name: 'Hal',
    })
    expect(onboard.statusCode).toBe(200)
    // A super user grants no super user either, and manages no other company's users.
    const grant = await call(ops, 'POST', '/api/users/', { email: 'ops2@meritbook.test', role: 'SUPER_USER' })
    expect(grant.json()).toMatchObject({ detail: SUPER_USER_NOT_GRANTED })
    const globexOwner = await server()
      .db.selectFrom('app_user')
      .select('id')
      .where('email', '=', globex.ownerEmail)
      .executeTakeFirstOrThrow()
    expect((await call(ops, 'PUT', `/api/users/${globexOwner.id}/`, { role: 'PLANNER' })).statusCode).toBe(
      404,
    )
    expect(await roleOf(globex.ownerEmail)).toBe('OWNER')
  }, 120_000)
})

describe('finding 2: limits a header cannot reset', () => {
  const attempt = (
    username: string,
    password: string,
    headers: Record<string, string> = {},
    remoteAddress?: string,
  ) =>
    server().app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username, password },
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
    })

  it('X-Forwarded-For is not believed: a new address per try is still one client, and the run is limited', async () => {
    const codes: number[] = []
    for (let i = 0; i < 12; i++)
      codes.push(
        (await attempt(globex.ownerEmail, 'wrong guess', { 'x-forwarded-for': `203.0.113.${i}` })).statusCode,
      )
    // Ten tries a minute for one account from one client (its owner's sign-in above was one of them).
    expect(codes.slice(0, 9)).toEqual(Array(9).fill(401))
    expect(codes.slice(9)).toEqual([429, 429, 429])
    // Even the right password waits: the limit is decided before the password is looked at.
    const right = await attempt(globex.ownerEmail, PASSWORD, { 'x-forwarded-for': '198.51.100.7' })
    expect(right.statusCode).toBe(429)
    expect(right.json<{ detail: string }>().detail).toMatch(
      new RegExp(`^${TOO_MANY_ATTEMPTS} \\d+ seconds?\\.$`),
    )
    expect(right.headers['retry-after']).toMatch(/^\d+$/)
  })

  it('an account padded with spaces or in capitals is the same account to the limit', async () => {
    const victim = acme.manager.email
    const spellings = [
      victim,
      ` ${victim}`,
      `${victim}  `,
      victim.toUpperCase(),
      `\t${victim.toUpperCase()} `,
    ]
    const codes: number[] = []
    for (let i = 0; i < 12; i++)
      codes.push((await attempt(spellings[i % spellings.length], 'wrong', {}, '192.0.2.10')).statusCode)
    expect(codes.filter((c) => c === 429)).toHaveLength(2)
  })

  it("a run of wrong passwords from one address does not lock the account's owner out elsewhere", async () => {
    // The previous test's run came from 192.0.2.10; the manager signs in from their own desk.
    const own = await attempt(acme.manager.email, PASSWORD, {}, '192.0.2.99')
    expect(own.statusCode).toBe(200)
  })

  it('spraying one password over many accounts from one address is limited', async () => {
    const codes: number[] = []
    for (let i = 0; i < 32; i++)
      codes.push((await attempt(`user${i}@acme.test`, 'Summer2026!', {}, '192.0.2.50')).statusCode)
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(401))
    const refused = await attempt('user99@acme.test', 'Summer2026!', {}, '192.0.2.50')
    expect(refused.statusCode).toBe(429)
    expect(refused.json<{ detail: string }>().detail).toMatch(
      new RegExp(`^${TOO_MANY_FROM_ADDRESS} \\d+ (second|minute)s?\\.$`),
    )
  })

  it('recovery mails to one account stop at 5 an hour whatever address or header asks', async () => {
    const before = server().mail.filter((m) => m.to === globex.ownerEmail).length
    const codes: number[] = []
    for (let i = 0; i < 7; i++)
      codes.push(
        (
          await server().app.inject({
            method: 'POST',
            url: '/api/user/recover_password',
            payload: { email: i % 2 ? globex.ownerEmail.toUpperCase() : globex.ownerEmail },
            headers: { 'x-forwarded-for': `203.0.113.${100 + i}` },
            remoteAddress: `198.51.100.${i + 1}`,
          })
        ).statusCode,
      )
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429])
    expect(server().mail.filter((m) => m.to === globex.ownerEmail).length - before).toBe(5)
    expect(linkTokenIn(server().mail, globex.ownerEmail)).toBeTruthy()
  })

  it('recovery requests from one address are limited across accounts', async () => {
    const codes: number[] = []
    for (let i = 0; i < 21; i++)
      codes.push(
        (
          await server().app.inject({
            method: 'POST',
            url: '/api/user/recover_password',
            payload: { email: `nobody${i}@nowhere.test` },
            remoteAddress: '192.0.2.77',
          })
        ).statusCode,
      )
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(200))
    expect(codes[20]).toBe(429)
  })
})

describe('findings 3, 5 and 7: figures, secrets and reading', () => {
  it('finding 3: a statement request carrying figures, a job title or template text is refused, and no mail leaves', async () => {
    const mails = server().mail.length
    const forged = await call(acme.ownerToken, 'POST', '/api/employee/bulk-mail-statement/', {
      template_id: 1,
      method: 'attachment',
      data: [
        {
          employee_id: acme.snapshot.employees[0].id,
          facts: { jobTitle: 'CEO', newAnnualPay: 99_999_999_900 },
        },
      ],
    })
    expect(forged.statusCode).toBe(400)
    expect(forged.json<{ detail: string }>().detail).toMatch(/"facts" may not be sent/)
    const withText = await call(acme.ownerToken, 'POST', '/api/employee/bulk-mail-statement/', {
      template_id: 1,
      template: { name: 'Forged', template_content: { intro: 'You earn $999,999,999.00', closing: '' } },
      data: [acme.snapshot.employees[0].id],
    })
    expect(withText.statusCode).toBe(400)
    expect(server().mail.length).toBe(mails)
  })

  it('finding 5: a JWT secret that is short or not base64 is refused at start', () => {
    expect(jwtSecretOf('hunter2').ok).toBe(false)
    expect(jwtSecretOf('!!!!!!!!').ok).toBe(false)
    expect(jwtSecretOf(Buffer.alloc(31, 7).toString('base64')).ok).toBe(false)
    expect(jwtSecretOf(Buffer.alloc(32, 7).toString('base64')).ok).toBe(true)
  })

  it('finding 7: a COMM_MANAGER reads neither the pay nor the feed; an EMPLOYEE neither the budget nor the rates', async () => {
    const comms = await userOf(acme.ownerEmail, 'COMM_MANAGER', null)
    for (const url of ['/api/company/snapshot/', '/api/employeerewards/', '/api/sync/changes/?after=0'])
      expect((await call(comms, 'GET', url)).statusCode, url).toBe(403)
    const employee = await userOf(acme.ownerEmail, 'EMPLOYEE', acme.snapshot.employees[1].id)
    const config = await call(employee, 'GET', '/api/paycycle/config/')
    expect(config.statusCode).toBe(200)
    expect(config.body).not.toMatch(/company_merit_budget|currency_conversions|settings/)
  })
})

describe('finding 8: a client mistake is never a 500', () => {
  it('a reward naming a job profile that does not exist is refused, so every desktop can still join', async () => {
    const employee = acme.snapshot.employees[2].id
    const answer = await call(acme.ownerToken, 'PUT', `/api/employeerewards/${employee}/`, {
      new_job_profile_id: 424242,
    })
    expect(answer.statusCode).toBe(409)
    expect(answer.json()).toMatchObject({ detail: 'new_job_profile_id: no job profile has the id 424242.' })
  })

  it('ids too large for the database, nesting too deep and repeated recipients are 400', async () => {
    const huge = await call(
      acme.ownerToken,
      'GET',
      '/api/employee/reward-statements/?employees=99999999999999999999',
    )
    expect(huge.statusCode).toBe(400)
    // Written as text: JSON.stringify itself overflows at this depth.
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`
    const nested = await server().app.inject({
      method: 'PUT',
      url: '/api/sync/rewards/',
      headers: { authorization: `Bearer ${acme.ownerToken}`, 'content-type': 'application/json' },
      payload: `{"rewards":[{"employee":${acme.snapshot.employees[0].id},"fields":{"comments":${deep}}}]}`,
    })
    expect(nested.statusCode).toBe(400)
    const repeated = await call(acme.ownerToken, 'POST', '/api/employee/bulk-mail-statement/', {
      template_id: 1,
      data: [5, 5, 5],
    })
    expect(repeated.statusCode).toBe(400)
    expect(repeated.json<{ detail: string }>().detail).toBe('data: Name each employee once.')
  })

  it('NUL and lone surrogates, signed out or in, are 400 naming the field', async () => {
    const signedOut = await server().app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'a\u0000@acme.test', password: 'x' },
      remoteAddress: '192.0.2.160',
    })
    expect(signedOut.statusCode).toBe(400)
    expect(signedOut.json<{ detail: string }>().detail).toMatch(/^username: must not hold a NUL character/)
    const template = await call(acme.ownerToken, 'POST', '/api/employee/reward-statements-templates/', {
      name: 'Broken \uD800 name',
    })
    expect(template.statusCode).toBe(400)
    expect(template.json<{ detail: string }>().detail).toMatch(/^name: must not hold/)
  })

  it('six identical templates at once: one is made, five are 409, none is a 500', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(acme.ownerToken, 'POST', '/api/employee/reward-statements-templates/', { name: 'Race' }),
      ),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409])
  })
})

describe('finding 4: a password change ends every session from before it', () => {
  it('the old access token and the old refresh cookie stop at once; the old set-password route needs the current password', async () => {
    const signIn = () =>
      server().app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username: acme.ownerEmail, password: PASSWORD },
        remoteAddress: '192.0.2.150',
      })
    const before = await signIn()
    const access = before.json<{ access: string }>().access
    const cookie = before.cookies.find((c) => c.name === 'meritbook_refresh')?.value ?? ''
    const bare = await call(access, 'POST', '/api/user/set_password', {
      password: 'an entirely new passphrase',
    })
    expect(bare.statusCode).toBe(403)
    const changed = await call(access, 'POST', '/api/user/set_password', {
      password: PASSWORD,
      current_password: PASSWORD,
    })
    expect(changed.statusCode).toBe(200)
    expect((await call(access, 'GET', '/api/user/profile')).statusCode).toBe(401)
    const refreshed = await server().app.inject({
      method: 'POST',
      url: '/api/user/token/refresh/',
      cookies: { meritbook_refresh: cookie },
    })
    expect(refreshed.statusCode).toBe(401)
  })
})

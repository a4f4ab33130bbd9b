import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { BulkMailAnswer, ServerStatementDto } from '../../src-shared/contract/statement-mail'
import type { StatementFacts } from '../../src-shared/domain/statements/facts'
import { DEFAULT_DATA_TAGS } from '../../src-shared/domain/statements/templates'
import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { smtpMailer } from '../../src-server/mail'
import { tempDir } from '../support/temp'
import { clientOf, publishedDemo } from './company-fixture'
import { testServer, type Mail } from './support'

const server = testServer()
const { signIn, call } = clientOf(server)
const dir = tempDir()
let snapshot: CompanySnapshot
let comms: string
type Person = CompanySnapshot['employees'][number]
let people: Person[]

const template = {
  name: 'Year end',
  logo_url: null,
  template_content: { intro: 'Dear {{name}}, thank you for this year.', closing: 'With thanks.' },
  data_tags: DEFAULT_DATA_TAGS,
}

/** Figures as a desktop's Compensation Table would give them; distinct per employee. */
function factsOf(person: Person, newPay: number): StatementFacts {
  return {
    employeeId: person.company_employee_id,
    name: person.name,
    jobTitle: 'Analyst',
    performanceRating: 3,
    performanceRatingLabel: 'Meets',
    department: 'Finance',
    manager: null,
    location: null,
    hireDate: '2020-03-01',
    effectiveDate: '2026-04-01',
    createdAt: '2026-11-25',
    currency: 'USD',
    currentAnnualPay: 10_000_000,
    newAnnualPay: newPay,
    increasePercent: (newPay / 10_000_000 - 1) * 100,
    currentBonus: 0,
    newBonus: null,
    lumpSum: 150_000,
    currentCompaRatio: 1,
    newCompaRatio: 1.05,
    currentPositionInRange: 0.5,
    newPositionInRange: 0.6,
    payRange: { min: 8_000_000, mid: 10_000_000, max: 12_000_000 },
  }
}

const send = (token: string, method: 'attachment' | 'link', who: Person[], pay = 12_345_678) =>
  call(token, 'POST', '/api/employee/bulk-mail-statement/', {
    template_id: 7,
    template,
    method,
    data: who.map((p) => ({ employee_id: p.id, facts: factsOf(p, pay) })),
  })

const lastTo = (to: string): Mail => {
  const found = [...server().mail].reverse().find((m) => m.to === to)
  if (!found) throw new Error(`Nothing was mailed to ${to}.`)
  return found
}

/** The PDF attached to a message, as pdftotext reads it. */
function attachmentText(mail: Mail): string {
  const part = /Content-Type: application\/pdf[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail.raw)
  if (!part) throw new Error('The message has no PDF attached.')
  const file = path.join(dir, `attached-${Date.now()}.pdf`)
  fs.writeFileSync(file, Buffer.from(part[1].replace(/\s+/g, ''), 'base64'))
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

const linkIn = (mail: Mail): string => {
  const match = /https:\/\/meritbook\.test\/statement#([A-Za-z0-9_-]+)/.exec(mail.text)
  if (!match) throw new Error('The message has no statement link.')
  return match[1]
}

const verify = (link: string) =>
  server().app.inject({ method: 'POST', url: '/api/user/token/verify_link/', payload: { refresh: link } })

beforeAll(async () => {
  ;({ snapshot } = await publishedDemo(server, dir, { employees: 40, seed: 5, company: 'Acme' }))
  const commsUser = snapshot.users.find((u) => u.role === 'COMM_MANAGER')
  if (!commsUser) throw new Error('The demo has a COMM_MANAGER.')
  comms = await signIn(commsUser.email)
  people = snapshot.employees.filter((e) => e.email).slice(0, 3)
})

describe('reward statements through the company server', () => {
  it('mails each employee their statement as a PDF holding their own figures, and records the status', async () => {
    const [ada, bea] = people
    const answer = await send(comms, 'attachment', [ada, bea])
    expect(answer.statusCode).toBe(200)
    expect(answer.json<BulkMailAnswer>()).toMatchObject({ sent: 2, failed: 0 })
    const mail = lastTo(ada.email as string)
    expect(mail.subject).toBe('Your reward statement from Acme')
    const text = attachmentText(mail)
    expect(text).toContain(ada.name)
    expect(text).toContain('$123,456.78')
    expect(text).toContain(`Dear ${ada.name}, thank you for this year.`)
    expect(text).not.toContain(bea.name)
    const listed = await call(comms, 'GET', `/api/employee/reward-statements/?employee=${ada.id}`)
    expect(listed.json<ServerStatementDto[]>()[0]).toMatchObject({
      employee_id: ada.id,
      template_id: 7,
      template_name: 'Year end',
      send_status: 'SENT',
      send_method: 'attachment',
      link: null,
    })
  })

  it("answers 'Failed to send email' when the mail server refuses, and records the failure", async () => {
    const context = server().context
    const working = context.mailer
    context.mailer = smtpMailer('smtp://127.0.0.1:1', 'Meritbook <no-reply@meritbook.test>')
    try {
      const [, , cleo] = people
      const refused = await call(comms, 'POST', '/api/employee/send-employee-statement/', {
        template_id: 7,
        template,
        method: 'attachment',
        employee_id: cleo.id,
        facts: factsOf(cleo, 11_000_000),
      })
      expect(refused.statusCode).toBe(502)
      expect(refused.json()).toEqual({ detail: 'Failed to send email' })
      const listed = await call(comms, 'GET', `/api/employee/reward-statements/?employee=${cleo.id}`)
      expect(listed.json<ServerStatementDto[]>()[0]).toMatchObject({
        send_status: 'FAILED',
        detail: 'Failed to send email',
      })
    } finally {
      context.mailer = working
    }
    const noEmail = snapshot.employees.find((e) => !e.email)
    if (noEmail) {
      const answer = await send(comms, 'attachment', [noEmail])
      expect(answer.json<BulkMailAnswer>().statements[0]).toMatchObject({
        send_status: 'FAILED',
        detail: 'No email provided',
      })
    }
  })

  it('update-send-status records how a statement was handed out', async () => {
    const [ada] = people
    const updated = await call(comms, 'POST', '/api/employee/reward-statements/update-send-status/', {
      employee_id: ada.id,
      method: 'pdf',
      template: 7,
    })
    expect(updated.json()).toMatchObject({ employee_id: ada.id, send_status: 'SENT', send_method: 'pdf' })
  })

  it('a magic link opens only its own statement, stops at once when revoked, again when unrevoked, and expires', async () => {
    const [ada, bea] = people
    const answer = (await send(comms, 'link', [ada, bea], 13_000_000)).json<BulkMailAnswer>()
    const [adaStatement, beaStatement] = answer.statements
    const link = linkIn(lastTo(ada.email as string))
    expect(lastTo(ada.email as string).raw).not.toContain('application/pdf')
    // 256 random bits (≥ 128), base64url.
    expect(Buffer.from(link, 'base64url').length).toBeGreaterThanOrEqual(16)

    const verified = await verify(link)
    expect(verified.statusCode).toBe(200)
    const token = verified.json<{ access: string }>().access
    const mine = await call(token, 'GET', '/api/employee/reward-statements/')
    expect(mine.json<ServerStatementDto[]>().map((s) => s.id)).toEqual([adaStatement.id])
    const pdf = await call(token, 'GET', `/api/employee/reward-statements/${adaStatement.id}/pdf/`)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    const file = path.join(dir, 'linked.pdf')
    fs.writeFileSync(file, pdf.rawPayload)
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    expect(text).toContain(ada.name)
    expect(text).toContain('$130,000.00')
    // Another employee's statement, and the rest of the API, stay closed to it.
    expect(
      (await call(token, 'GET', `/api/employee/reward-statements/${beaStatement.id}/pdf/`)).statusCode,
    ).toBe(404)
    expect((await call(token, 'GET', '/api/employees/')).statusCode).toBe(401)

    const revoked = await call(
      comms,
      'POST',
      `/api/employee/reward-statements/${adaStatement.id}/revoke-magic-link/`,
    )
    expect(revoked.json()).toMatchObject({ link: { revoked: true } })
    const afterRevoke = await call(token, 'GET', `/api/employee/reward-statements/${adaStatement.id}/pdf/`)
    expect(afterRevoke.statusCode).toBe(410)
    expect(afterRevoke.json()).toEqual({
      detail: 'This statement link was revoked. Ask your HR team for a new one.',
    })
    expect((await verify(link)).statusCode).toBe(410)

    await call(comms, 'POST', `/api/employee/reward-statements/${adaStatement.id}/unrevoke-magic-link/`)
    expect(
      (await call(token, 'GET', `/api/employee/reward-statements/${adaStatement.id}/pdf/`)).statusCode,
    ).toBe(200)
    expect((await verify(link)).statusCode).toBe(200)

    server().advance(31 * 86_400_000)
    try {
      const expired = await verify(link)
      expect(expired.statusCode).toBe(410)
      expect(expired.json()).toEqual({
        detail: 'This statement link has expired. Ask your HR team for a new one.',
      })
    } finally {
      server().advance(-31 * 86_400_000)
    }
    expect((await verify('not-a-link')).statusCode).toBe(401)
  })

  it('serves the page a link opens, which keeps the link out of the address the server sees', async () => {
    const page = await server().app.inject({ method: 'GET', url: '/statement' })
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect(page.body).toContain('/statement.js')
  })
})

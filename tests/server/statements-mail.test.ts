import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type {
  BulkMailAnswer,
  ServerStatementDto,
  ServerTemplateDto,
} from '../../src-shared/contract/statement-mail'
import { formatMoney } from '../../src-shared/domain/money'
import { annualPay } from '../../src-shared/domain/pay'
import { DEFAULT_DATA_TAGS } from '../../src-shared/domain/statements/templates'
import { inScope, planningScope } from '../../src-shared/domain/visibility'
import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { smtpMailer } from '../../src-server/mail'
import { createCompany } from '../../src-server/routes/company'
import { tempDir } from '../support/temp'
import { clientOf, publishedDemo } from './company-fixture'
import { testServer, type Mail } from './support'

const server = testServer()
const { signIn, call } = clientOf(server)
const dir = tempDir()
let snapshot: CompanySnapshot
let comms: string

let owner: string
let template: ServerTemplateDto
type Person = CompanySnapshot['employees'][number]
let people: Person[]

const INTRO = 'Dear {{name}}, thank you for this year.'

/** The pay a statement shows for a person: the server's own rows through the shared rules. */
const pay = (person: Person, amount = person.current_salary) =>
  formatMoney(annualPay(amount, person.salaried, person.fte), person.default_pay_currency)

const send = (token: string, method: 'attachment' | 'link', who: Person[]) =>
  call(token, 'POST', '/api/employee/bulk-mail-statement/', {
    template_id: template.id,
    method,
    data: who.map((p) => p.id),
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
  ;({ snapshot, owner } = await publishedDemo(server, dir, { employees: 40, seed: 5, company: 'Acme' }))
  const commsUser = snapshot.users.find((u) => u.role === 'COMM_MANAGER')
  if (!commsUser) throw new Error('The demo has a COMM_MANAGER.')
  comms = await signIn(commsUser.email)
  people = snapshot.employees.filter((e) => e.email && e.default_pay_currency === 'USD').slice(0, 3)
  const created = await call(comms, 'POST', '/api/employee/reward-statements-templates/', {
    name: 'Year end',
    template_content: { intro: INTRO, closing: 'With thanks.' },
    data_tags: DEFAULT_DATA_TAGS,
  })
  expect(created.statusCode).toBe(201)
  template = created.json<ServerTemplateDto>()
})

describe('reward statements through the company server', () => {
  it("mails each employee their statement as a PDF holding the server's figures, and records the status", async () => {
    const [ada, bea] = people
    const answer = await send(comms, 'attachment', [ada, bea])
    expect(answer.statusCode).toBe(200)
    expect(answer.json<BulkMailAnswer>()).toMatchObject({ sent: 2, failed: 0 })
    const mail = lastTo(ada.email as string)
    expect(mail.subject).toBe('Your reward statement from Acme')
    const text = attachmentText(mail)
    expect(text).toContain(ada.name)
    expect(text).toContain(pay(ada))
    expect(text).toContain(`Dear ${ada.name}, thank you for this year.`)
    expect(text).not.toContain(bea.name)
    const listed = await call(comms, 'GET', `/api/employee/reward-statements/?employee=${ada.id}`)
    expect(listed.json<ServerStatementDto[]>()[0]).toMatchObject({
      employee_id: ada.id,
      template_id: null,
      server_template_id: template.id,
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
        template_id: template.id,
        method: 'attachment',
        employee_id: cleo.id,
      })
      expect(refused.statusCode).toBe(502)
      expect(refused.json()).toMatchObject({ detail: 'Failed to send email' })
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
      template: template.id,
    })
    expect(updated.json()).toMatchObject({ employee_id: ada.id, send_status: 'SENT', send_method: 'pdf' })
  })

  it('a magic link opens only its own statement, stops at once when revoked, again when unrevoked, and expires', async () => {
    const [ada, bea] = people
    const answer = (await send(comms, 'link', [ada, bea])).json<BulkMailAnswer>()
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
    expect(text).toContain(pay(ada))
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
    expect(afterRevoke.json()).toMatchObject({
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
      expect(expired.json()).toMatchObject({
        detail: 'This statement link has expired. Ask your HR team for a new one.',
      })
    } finally {
      server().advance(-31 * 86_400_000)
    }
    expect((await verify('not-a-link')).statusCode).toBe(401)
  })

  it("a planner cannot mail invented figures: a request carrying facts or template text is refused, and the PDF mailed shows the server's own figures", async () => {
    const plannerUser = snapshot.users.find((u) => u.role === 'PLANNER' && u.employee_id !== null)
    if (!plannerUser) throw new Error('The demo has a PLANNER with an employee.')
    const planner = await signIn(plannerUser.email)
    const scope = planningScope(
      'PLANNER',
      plannerUser.employee_id,
      snapshot.teams.map((t) => ({
        id: t.id,
        parentTeamId: t.parent_team_id,
        managerId: t.manager_id,
        plannerId: t.planner_id,
      })),
    )
    const person = snapshot.employees.find(
      (e) => e.email && e.salaried && e.default_pay_currency === 'USD' && inScope(scope, e.team_id),
    )
    if (!person) throw new Error("The demo has a salaried employee with an address in the planner's teams.")
    const mailed = () => server().mail.filter((m) => m.to === person.email).length
    const before = mailed()

    // (a) The forged body of issue 34: figures, a job title and the template's text from the client.
    const forged = {
      employeeId: person.company_employee_id,
      name: person.name,
      jobTitle: 'CEO',
      currency: 'USD',
      currentAnnualPay: 100,
      newAnnualPay: 99_999_999_900,
      lumpSum: 5_000_000_000,
    }
    const forgedTemplate = {
      name: 'Official',
      logo_url: null,
      template_content: { intro: 'Congratulations, CEO {{name}}.', closing: '' },
      data_tags: DEFAULT_DATA_TAGS,
    }
    const refused = await call(planner, 'POST', '/api/employee/bulk-mail-statement/', {
      template_id: template.id,
      template: forgedTemplate,
      method: 'attachment',
      data: [{ employee_id: person.id, facts: forged }],
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json<{ detail: string }>().detail).toMatch(/^data\.0: "facts" may not be sent: /)
    const templateText = await call(planner, 'POST', '/api/employee/bulk-mail-statement/', {
      template_id: template.id,
      template: forgedTemplate,
      data: [person.id],
    })
    expect(templateText.statusCode).toBe(400)
    expect(templateText.json<{ detail: string }>().detail).toMatch(/^"template" may not be sent: /)
    const one = await call(planner, 'POST', '/api/employee/send-employee-statement/', {
      template_id: template.id,
      method: 'attachment',
      employee_id: person.id,
      facts: forged,
    })
    expect(one.statusCode).toBe(400)
    expect(one.json<{ detail: string }>().detail).toMatch(/^"facts" may not be sent: /)
    expect(mailed()).toBe(before)

    // A template is the company's, by id: unknown, or another company's, is not found.
    const other = await createCompany(server().context, {
      companyName: 'Elsewhere',
      ownerEmail: 'owner@elsewhere.test',
      ownerName: 'Else Owner',
    })
    const theirs = await server()
      .db.insertInto('reward_template')
      .values({
        company_id: other.companyId,
        name: 'Theirs',
        logo: null,
        intro: 'Congratulations, CEO {{name}}.',
        closing: '',
        data_tags: JSON.stringify(DEFAULT_DATA_TAGS),
        created_by: other.ownerId,
        modified_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const id of [theirs.id, 999_999]) {
      const missing = await call(planner, 'POST', '/api/employee/bulk-mail-statement/', {
        template_id: id,
        data: [person.id],
      })
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toMatchObject({ detail: `No template has the id ${id}.` })
    }
    expect(mailed()).toBe(before)

    // (b) A real statement: the figures are the server's rows, the plan as saved on it.
    const newSalary = person.current_salary + 321_00
    const put = await call(owner, 'PUT', `/api/employeerewards/${person.id}/`, { new_salary: newSalary })
    expect(put.statusCode).toBe(200)
    const sent = await call(planner, 'POST', '/api/employee/bulk-mail-statement/', {
      template_id: template.id,
      data: [person.id],
    })
    expect(sent.statusCode).toBe(200)
    expect(sent.json<BulkMailAnswer>()).toMatchObject({ sent: 1, failed: 0 })
    expect(mailed()).toBe(before + 1)
    const text = attachmentText(lastTo(person.email as string))
    expect(text).toContain(`Dear ${person.name}, thank you for this year.`)
    expect(text).toContain(pay(person))
    expect(text).toContain(pay(person, newSalary))
    expect(text).not.toContain('$999,999,999.00')
    expect(text).not.toContain('CEO')
  })

  it('serves the page a link opens, which keeps the link out of the address the server sees', async () => {
    const page = await server().app.inject({ method: 'GET', url: '/statement' })
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect(page.body).toContain('/statement.js')
  })
})

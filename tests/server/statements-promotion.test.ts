import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { BulkMailAnswer, ServerTemplateDto } from '../../src-shared/contract/statement-mail'
import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { formatMoney } from '../../src-shared/domain/money'
import { DEFAULT_DATA_TAGS } from '../../src-shared/domain/statements/templates'
import { statementFactsOf } from '../../src-server/statements/facts'
import { tempDir } from '../support/temp'
import { clientOf, publishedDemo } from './company-fixture'
import { testServer, type Mail } from './support'

const server = testServer()
const { signIn, call } = clientOf(server)
const dir = tempDir()

/** The PDF attached to a message, as pdftotext reads it. */
function attachmentText(mail: Mail): string {
  const part = /Content-Type: application\/pdf[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail.raw)
  if (!part) throw new Error('The message has no PDF attached.')
  const file = path.join(dir, 'promotion.pdf')
  fs.writeFileSync(file, Buffer.from(part[1].replace(/\s+/g, ''), 'base64'))
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

describe("a promotion on the server's statements (issue 36)", () => {
  it('the facts carry the new job title and pay range, and the mailed PDF shows them', async () => {
    const { snapshot, companyId } = await publishedDemo(server, dir, {
      employees: 30,
      seed: 7,
      company: 'Promo',
    })
    const db = server().db
    type Person = CompanySnapshot['employees'][number]
    const person = snapshot.employees.find((e) => e.email && e.default_pay_currency === 'USD') as Person
    const row = await db
      .selectFrom('employee')
      .select(['job_profile_id'])
      .where('company_id', '=', companyId)
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow()
    // A job profile with a range of its own, other than the one the person holds: the promotion.
    const profile = await db
      .selectFrom('job_profile as j')
      .innerJoin('pay_range as p', (join) =>
        join.onRef('p.company_id', '=', 'j.company_id').onRef('p.id', '=', 'j.pay_range_id'),
      )
      .select(['j.id', 'j.job_profile', 'j.job_code', 'p.min_pay', 'p.mid_pay', 'p.max_pay'])
      .where('j.company_id', '=', companyId)
      .where('j.id', '!=', row.job_profile_id ?? -1)
      .where('p.pay_currency', '=', 'USD')
      .where('p.salaried', '=', person.salaried)
      .orderBy('p.mid_pay', 'desc')
      .executeTakeFirstOrThrow()
    const updated = await db
      .updateTable('reward')
      .set({ new_job_profile_id: profile.id })
      .where('company_id', '=', companyId)
      .where('employee_id', '=', person.id)
      .executeTakeFirst()
    expect(updated.numUpdatedRows).toBe(1n)

    const facts = (await statementFactsOf(db, companyId, [person.id], '2026-12-07T12:00:00Z')).get(person.id)
    const title = profile.job_profile ?? profile.job_code
    expect(facts?.promotion?.jobTitle).toBe(title)
    expect(facts?.promotion?.payRange).toEqual(facts?.payRange)
    expect(facts?.promotion?.payRange).not.toBeNull()

    const ownerUser = snapshot.users.find((u) => u.role === 'OWNER')!
    const owner = await signIn(ownerUser.email)
    const created = await call(owner, 'POST', '/api/employee/reward-statements-templates/', {
      name: 'Promotions',
      template_content: { intro: 'Dear {{name}}.', closing: 'With thanks.' },
      data_tags: DEFAULT_DATA_TAGS,
    })
    expect(created.statusCode).toBe(201)
    const answer = await call(owner, 'POST', '/api/employee/bulk-mail-statement/', {
      template_id: created.json<ServerTemplateDto>().id,
      method: 'attachment',
      data: [person.id],
    })
    expect(answer.json<BulkMailAnswer>()).toMatchObject({ sent: 1, failed: 0 })
    const mail = [...server().mail].reverse().find((m) => m.to === person.email)!
    const text = attachmentText(mail)
    expect(text).toContain('Promotion: new job title')
    expect(text).toContain(title)
    const range = facts!.promotion!.payRange!
    expect(text).toContain(formatMoney(range.max, 'USD'))
  })
})

import crypto from 'node:crypto'
import type { Selectable } from 'kysely'
import type {
  BulkMailAnswer,
  BulkMailRequest,
  MailTemplate,
  SendMethod,
  ServerStatementDto,
} from '../../src-shared/contract/statement-mail'
import { statementFileName } from '../../src-shared/domain/statements/file-names'
import { formatLongDate } from '../../src-shared/domain/proration'
import type { ServerContext } from '../context'
import type { RewardStatementTable } from '../db/schema'
import type { Caller } from '../http/context'
import { statementFactsOf } from './facts'
import { employeesOf } from './employees'
import { newStatementLink, statementLinkUrl } from './magic-links'
import { renderStatementPdf } from './render'
import { templateDto, templateRow } from './templates'

/** Spec §8: 'Failed to send email'; §8's empty state for an employee without an address. */
export const EMAIL_FAILED = 'Failed to send email'
export const NO_EMAIL = 'No email provided'

const isoOf = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value.toISOString() : String(value)

export function statementDto(
  row: Selectable<RewardStatementTable>,
  names: { template: string; employee: string },
): ServerStatementDto {
  return {
    id: row.id,
    employee_id: row.employee_id,
    employee_name: names.employee,
    template_id: row.desktop_template_id,
    server_template_id: row.server_template_id,
    template_name: names.template,
    created_at: isoOf(row.created_at) ?? '',
    send_status: row.send_status,
    send_method: row.send_method,
    sent_at: isoOf(row.sent_at),
    detail: row.send_error,
    link:
      row.link_hash && row.link_expires_at
        ? { expires_at: isoOf(row.link_expires_at) ?? '', revoked: row.link_revoked_at !== null }
        : null,
  }
}

/** The template as sent, kept once per content (a statement shows what was sent, whatever edits follow). */
async function storeTemplate(
  context: ServerContext,
  companyId: number,
  template: MailTemplate,
): Promise<number> {
  const hash = crypto.createHash('sha256').update(JSON.stringify(template)).digest('hex')
  const row = await context.db
    .insertInto('statement_template')
    .values({
      company_id: companyId,
      desktop_template_id: null,
      content_hash: hash,
      name: template.name,
      logo: template.logo_url,
      intro: template.template_content.intro,
      closing: template.template_content.closing,
      data_tags: JSON.stringify(template.data_tags),
    })
    .onConflict((oc) => oc.columns(['company_id', 'content_hash']).doUpdateSet({ name: template.name }))
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** A company template as it is now (404 when not the caller's company's), kept as the statements' copy. */
export async function companyTemplate(
  context: ServerContext,
  companyId: number,
  templateId: number,
): Promise<{ copyId: number; template: MailTemplate }> {
  const {
    id: _id,
    modified_at: _at,
    ...template
  } = templateDto(await templateRow(context, companyId, templateId))
  return { copyId: await storeTemplate(context, companyId, template), template }
}

function message(
  method: SendMethod,
  company: string,
  name: string,
  link: { url: string; expiresAt: Date } | null,
): { subject: string; text: string } {
  const subject = `Your reward statement from ${company}`
  if (method === 'attachment' || !link)
    return { subject, text: `Hello ${name},\n\nYour reward statement from ${company} is attached.\n` }
  const until = formatLongDate(link.expiresAt.toISOString().slice(0, 10))
  return {
    subject,
    text: `Hello ${name},\n\nYour reward statement from ${company} is ready. Open it here; the link is yours alone and works until ${until}:\n\n${link.url}\n`,
  }
}

/**
 * bulk-mail-statement: each employee's statement of a company template, its figures drawn from the
 * server's rows (statementFactsOf), recorded, drawn and mailed one after another; a failure is that
 * employee's ('Failed to send email'), the others go on. Every employee must be the caller's to write
 * statements for (COMM_MANAGER and admin roles: everyone; planners: their teams).
 */
export async function sendStatements(
  context: ServerContext,
  caller: Caller,
  request: BulkMailRequest,
  log: { error(object: unknown, text: string): void },
): Promise<BulkMailAnswer> {
  const { db } = context
  const { copyId, template: stored } = await companyTemplate(context, caller.companyId, request.template_id)
  await employeesOf(context, caller, { kind: 'employees', ids: request.data })
  const [employees, company, facts] = await Promise.all([
    db
      .selectFrom('employee')
      .select(['id', 'name', 'email'])
      .where('company_id', '=', caller.companyId)
      .where('id', 'in', request.data)
      .execute(),
    db.selectFrom('company').select('name').where('id', '=', caller.companyId).executeTakeFirstOrThrow(),
    statementFactsOf(db, caller.companyId, request.data, context.now().toISOString().slice(0, 10)),
  ])
  const byId = new Map(employees.map((e) => [e.id, e]))
  const template = {
    intro: stored.template_content.intro,
    closing: stored.template_content.closing,
    dataTags: stored.data_tags,
    logo: stored.logo_url,
  }
  const statements: ServerStatementDto[] = []
  for (const id of request.data) {
    const employee = byId.get(id)
    const figures = facts.get(id)
    if (!employee || !figures) continue
    const now = context.now()
    const link = request.method === 'link' ? newStatementLink(now) : null
    const inserted = await db
      .insertInto('reward_statement')
      .values({
        company_id: caller.companyId,
        employee_id: employee.id,
        template_id: copyId,
        server_template_id: request.template_id,
        company_name: company.name,
        facts: JSON.stringify(figures),
        created_by: caller.userId,
        created_at: now,
        link_hash: link?.hash ?? null,
        link_expires_at: link?.expiresAt ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    let failure: string | null = null
    if (!employee.email) failure = NO_EMAIL
    else
      try {
        const text = message(
          request.method,
          company.name,
          employee.name,
          link ? { url: statementLinkUrl(context.publicUrl, link.token), expiresAt: link.expiresAt } : null,
        )
        const pdf =
          request.method === 'attachment'
            ? await renderStatementPdf({ companyName: company.name, template, facts: figures })
            : null
        await context.mailer.send({
          to: employee.email,
          ...text,
          attachments: pdf
            ? [
                {
                  filename: statementFileName(figures.employeeId, figures.name),
                  content: pdf,
                  contentType: 'application/pdf',
                },
              ]
            : undefined,
        })
      } catch (error) {
        log.error({ err: error, employee: employee.id }, 'statement mail failed')
        failure = EMAIL_FAILED
      }
    const row = await db
      .updateTable('reward_statement')
      .set(
        failure
          ? { send_status: 'FAILED', send_method: request.method, send_error: failure }
          : { send_status: 'SENT', send_method: request.method, sent_at: context.now() },
      )
      .where('company_id', '=', caller.companyId)
      .where('id', '=', inserted.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    statements.push(statementDto(row, { template: stored.name, employee: employee.name }))
  }
  return {
    sent: statements.filter((s) => s.send_status === 'SENT').length,
    failed: statements.filter((s) => s.send_status === 'FAILED').length,
    statements,
  }
}

import type { SessionUser, StatementScope } from '../../../src-shared/contract'
import type { ServerStatementDto, StatementMailData } from '../../../src-shared/contract/statement-mail'
import type { Workbook } from '../../workbook/open'
import {
  markLinkRevoked,
  mergeServerStatements,
  serverStatementOf,
  statementRecorder,
  type SentContent,
} from '../../workbook/queries/statements'
import { replicaServer } from '../../workbook/queries/sync'
import { Failure } from '../failure'
import type { TableModel } from '../table/model'
import { scopeIndexes } from './employees'
import { getTemplate } from './templates'

/**
 * The workbook's side of sending statements through the company server (the shell, which holds
 * the tokens, makes the calls): one step's template and employees (the server draws the figures
 * from its own records), then what the server answered, recorded as each statement's send status.
 */

export async function mailData(
  workbook: Workbook,
  model: TableModel,
  user: SessionUser,
  input: { templateId: number; scope: StatementScope; offset: number; limit: number },
): Promise<StatementMailData> {
  const template = getTemplate(workbook, input.templateId)
  const indexes = scopeIndexes(model, user, input.scope)
  if (indexes.length === 0) throw new Failure('BAD_INPUT', 'No employees are in this selection.')
  const employeeIds = Array.from(
    indexes.subarray(input.offset, input.offset + input.limit),
    (index) => model.rows[index].e.id,
  )
  return {
    total: indexes.length,
    server: await replicaServer(workbook.db),
    template: {
      name: template.name,
      logo_url: template.logo,
      template_content: { intro: template.intro, closing: template.closing },
      data_tags: template.dataTags,
    },
    employeeIds,
  }
}

/** Records the server's answer for each statement: SENT or FAILED, by attachment or link. */
export function recordSent(
  workbook: Workbook,
  model: TableModel,
  templateId: number,
  statements: readonly ServerStatementDto[],
): void {
  const record = statementRecorder(workbook)
  record(
    statements.map((s) => {
      const content: SentContent = {
        templateName: s.template_name,
        serverStatementId: s.id,
        detail: s.detail,
        linkExpiresAt: s.link?.expires_at ?? null,
      }
      return {
        employeeId: s.employee_id,
        templateId,
        payCycleId: model.payCycle.id,
        content: JSON.stringify(content),
        createdAt: s.created_at,
        sendStatus: s.send_status,
        sendMethod: s.send_method,
        sentAt: s.sent_at,
      }
    }),
  )
}

/** An attached PDF cannot be recalled: only statements sent as a link can be revoked (docs/decisions.md). */
export const NO_LINK_TO_REVOKE =
  'No statement of this employee was sent as a link: an attached PDF cannot be recalled once mailed.'

/** The server's id of the employee's latest statement sent as a link (revoke, unrevoke). */
export function serverStatement(workbook: Workbook, employeeId: number): number {
  const id = serverStatementOf(workbook, employeeId)
  if (id === null) throw new Failure('NOT_FOUND', NO_LINK_TO_REVOKE)
  return id
}

export function recordLink(workbook: Workbook, serverStatementId: number, revoked: boolean): void {
  markLinkRevoked(workbook, serverStatementId, revoked)
}

/** The server's statements of some employees (statements.refresh) recorded in the workbook. */
export function recordServer(
  workbook: Workbook,
  model: TableModel,
  statements: readonly ServerStatementDto[],
): number {
  return mergeServerStatements(
    workbook,
    statements.map((s) => ({
      serverStatementId: s.id,
      employeeId: s.employee_id,
      templateName: s.template_name,
      createdAt: s.created_at,
      sendStatus: s.send_status,
      sendMethod: s.send_method,
      sentAt: s.sent_at,
      detail: s.detail,
      link: s.link ? { expiresAt: s.link.expires_at, revoked: s.link.revoked } : null,
    })),
    model.payCycle.id,
  )
}

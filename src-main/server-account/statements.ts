import type {
  ChannelInput,
  Result,
  StatementSendStep,
  StatementsRefreshed,
  SyncReplicaState,
} from '../../src-shared/contract'
import { ok } from '../../src-shared/contract'
import {
  MAIL_BATCH_MAX,
  type BulkMailAnswer,
  type ServerStatementDto,
  type StatementMailData,
} from '../../src-shared/contract/statement-mail'
import type { BackendClient } from '../backend/client'
import { Failure } from '../services/failure'
import type { ServerAccount } from './account'
import { companyTemplateId } from './company-templates'

export const NOT_SIGNED_IN_TO_SEND =
  'Sending statements needs the company server: sign in to it (Settings or the welcome screen), or Save PDFs instead.'

const notThisCompany = (server: string) =>
  `This workbook is not your company's copy from ${server}: open the workbook you joined from it to send statements, or Save PDFs instead.`

/**
 * statements.send, one step: the workbook gives its template and the next employees; the template
 * is made the company's on the server, which draws each statement from its own records and mails it
 * (bulk-mail-statement: ids, template id, method only); the workbook records each statement's status.
 * The renderer asks step after step (progress; Cancel between steps).
 */
export async function sendStep(
  backend: Pick<BackendClient, 'invoke'>,
  account: ServerAccount,
  input: ChannelInput<'statements.send'>,
): Promise<Result<StatementSendStep>> {
  const transport = account.currentTransport()
  if (!transport) throw new Failure('SIGNED_OUT', NOT_SIGNED_IN_TO_SEND)
  const data = (await backend.invoke('statements.mailData', {
    templateId: input.templateId,
    scope: input.scope,
    offset: input.offset,
    limit: MAIL_BATCH_MAX,
  })) as Result<StatementMailData>
  if (!data.ok) return data
  const { total, server, template, employeeIds } = data.value
  // Employee ids are the server's only in a workbook joined from it.
  if (server !== transport.server) throw new Failure('BAD_INPUT', notThisCompany(transport.server))
  if (employeeIds.length === 0) return ok({ total, done: total, sent: 0, failed: 0, results: [] })
  const templateId = await companyTemplateId(transport, account, template, input.offset === 0)
  const answer = await transport.call<BulkMailAnswer>('POST', 'api/employee/bulk-mail-statement/', {
    template_id: templateId,
    method: input.method,
    data: employeeIds,
  })
  const recorded = await backend.invoke('statements.recordSent', {
    templateId: input.templateId,
    statements: answer.statements,
  })
  if (!recorded.ok) return recorded
  return ok({
    total,
    done: Math.min(total, input.offset + employeeIds.length),
    sent: answer.sent,
    failed: answer.failed,
    results: answer.statements.map((s) => ({
      employeeId: s.employee_id,
      name: s.employee_name,
      status: s.send_status,
      detail: s.detail,
    })),
  })
}

/** Revokes or restores the magic link of the employee's latest statement sent through the server. */
export async function setLink(
  backend: Pick<BackendClient, 'invoke'>,
  account: ServerAccount,
  input: ChannelInput<'statements.setLink'>,
): Promise<Result<ServerStatementDto>> {
  const transport = account.currentTransport()
  if (!transport) throw new Failure('SIGNED_OUT', NOT_SIGNED_IN_TO_SEND)
  const id = (await backend.invoke('statements.serverStatement', {
    employeeId: input.employeeId,
  })) as Result<number>
  if (!id.ok) return id
  const action = input.revoked ? 'revoke-magic-link' : 'unrevoke-magic-link'
  const statement = await transport.call<ServerStatementDto>(
    'POST',
    `api/employee/reward-statements/${id.value}/${action}/`,
  )
  const recorded = await backend.invoke('statements.recordLink', {
    serverStatementId: id.value,
    revoked: statement.link?.revoked ?? input.revoked,
  })
  return recorded.ok ? ok(statement) : recorded
}

/**
 * statements.refresh: the server's statements of these employees recorded in the workbook, so a
 * desktop shows what other desktops sent and links revoked since. Signed out, or a workbook that
 * is not this server's replica, changes nothing (the list shows what the workbook knows).
 */
export async function refreshStatements(
  backend: Pick<BackendClient, 'invoke'>,
  account: ServerAccount,
  input: ChannelInput<'statements.refresh'>,
): Promise<Result<StatementsRefreshed>> {
  const transport = account.currentTransport()
  if (!transport) return ok({ changed: 0 })
  const state = (await backend.invoke('sync.state', {})) as Result<SyncReplicaState>
  if (!state.ok) return state
  if (state.value.server !== transport.server) return ok({ changed: 0 })
  const statements = await transport.call<ServerStatementDto[]>(
    'GET',
    `api/employee/reward-statements/?employees=${input.employeeIds.join(',')}`,
  )
  return (await backend.invoke('statements.recordServer', { statements })) as Result<StatementsRefreshed>
}

import { statementEmployees } from '../../services/statements/employees'
import { previewStatement } from '../../services/statements/preview'
import { statementReadiness } from '../../services/statements/readiness'
import {
  deleteTemplate,
  getTemplate,
  restoreTemplate,
  saveTemplate,
  templateSummaries,
} from '../../services/statements/templates'
import {
  mailData,
  recordLink,
  recordSent,
  recordServer,
  serverStatement,
} from '../../services/statements/sending'
import type { HandlerMap } from '../types'

/** Reward statements: templates, the preview, the employees and their statements, batches of PDFs. */
export const statementHandlers: HandlerMap = {
  'statements.templates': async (_input, { workbook }) => templateSummaries(workbook),
  'statements.template': async ({ id }, { workbook }) => getTemplate(workbook, id),
  'statements.saveTemplate': async ({ id, draft }, { workbook, user }) =>
    saveTemplate(workbook, user, id, draft),
  'statements.deleteTemplate': async ({ id }, { workbook, user }) => deleteTemplate(workbook, user, id),
  'statements.restoreTemplate': async ({ changeLogId, side }, { workbook, user }) =>
    restoreTemplate(workbook, user, changeLogId, side),
  'statements.preview': async ({ draft, employeeId }, { session, workbook, user }) =>
    previewStatement(await session.table.get(workbook), workbook, user, draft, employeeId),
  'statements.employees': async (input, { session, workbook, user }) =>
    statementEmployees(await session.table.get(workbook), workbook, user, input),
  'statements.generate': async (input, { session, workbook, user }) =>
    session.statements.start(workbook, await session.table.get(workbook), user, input),
  'statements.readiness': async ({ scope }, { session, workbook, user }) =>
    statementReadiness(await session.table.get(workbook), user, scope),
  'statements.job': async ({ jobId }, { session }) => session.statements.summary(jobId),
  'statements.cancel': async ({ jobId }, { session }) => session.statements.cancel(jobId),
  'statements.mailData': async (input, { session, workbook, user }) =>
    mailData(workbook, await session.table.get(workbook), user, input),
  'statements.recordSent': async ({ templateId, statements }, { session, workbook }) => {
    recordSent(workbook, await session.table.get(workbook), templateId, statements)
    return null
  },
  'statements.recordServer': async ({ statements }, { session, workbook }) => {
    return { changed: recordServer(workbook, await session.table.get(workbook), statements) }
  },
  'statements.serverStatement': async ({ employeeId }, { workbook }) => serverStatement(workbook, employeeId),
  'statements.recordLink': async ({ serverStatementId, revoked }, { workbook }) => {
    recordLink(workbook, serverStatementId, revoked)
    return null
  },
}

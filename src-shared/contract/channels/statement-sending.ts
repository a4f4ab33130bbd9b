import { z } from 'zod'
import type { StatementSendStep, StatementsRefreshed } from '../statements-dto'
import {
  MAIL_BATCH_MAX,
  SEND_METHODS,
  serverStatementSchema,
  type ServerStatementDto,
  type StatementMailData,
} from '../statement-mail'
import { channel, shellOnly, statementsPage } from './shared'
import { statementScope } from './statements'

const templateId = z.number().int().positive()

/**
 * Sending statements through the company server. The shell answers statements.send and
 * statements.setLink (it holds the tokens; see SHELL_CHANNELS), asking the workbook for a step's
 * figures and recording the server's answers through the others.
 */
export const statementSendingChannels = {
  /** One step of bulk-mail-statement: the next employees of the scope from `offset`. */
  'statements.send': channel<StatementSendStep>()(
    z
      .object({
        templateId,
        scope: statementScope,
        method: z.enum(SEND_METHODS),
        offset: z.number().int().min(0),
      })
      .strict(),
    statementsPage,
  ),
  /** revoke-magic-link / unrevoke-magic-link of an employee's latest statement sent as a link. */
  'statements.setLink': channel<ServerStatementDto>()(
    z.object({ employeeId: z.number().int().positive(), revoked: z.boolean() }).strict(),
    statementsPage,
  ),
  /**
   * The company server's statements of these employees (a page of the Statements list) recorded in
   * the workbook: what other desktops sent, and statuses changed since (a revoked link).
   */
  'statements.refresh': channel<StatementsRefreshed>()(
    z.object({ employeeIds: z.array(z.number().int().positive()).min(1).max(500) }).strict(),
    statementsPage,
  ),
  'statements.recordServer': shellOnly(
    channel<StatementsRefreshed>()(
      z.object({ statements: z.array(serverStatementSchema).max(5000) }).strict(),
      statementsPage,
    ),
  ),
  'statements.mailData': shellOnly(
    channel<StatementMailData>()(
      z
        .object({
          templateId,
          scope: statementScope,
          offset: z.number().int().min(0),
          limit: z.number().int().min(1).max(MAIL_BATCH_MAX),
        })
        .strict(),
      statementsPage,
    ),
  ),
  'statements.recordSent': shellOnly(
    channel<null>()(
      z.object({ templateId, statements: z.array(serverStatementSchema).max(MAIL_BATCH_MAX) }).strict(),
      statementsPage,
    ),
  ),
  'statements.serverStatement': shellOnly(
    channel<number>()(z.object({ employeeId: z.number().int().positive() }).strict(), statementsPage),
  ),
  'statements.recordLink': shellOnly(
    channel<null>()(
      z.object({ serverStatementId: z.number().int().positive(), revoked: z.boolean() }).strict(),
      statementsPage,
    ),
  ),
} as const

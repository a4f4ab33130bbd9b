import type { ServerStatementDto } from '../../src-shared/contract/statement-mail'
import type { ServerContext } from '../context'
import type { Caller } from '../http/context'
import { employeesOf, type GenerateScope } from './employees'
import { statementFactsOf } from './facts'
import { companyTemplate, statementDto } from './send'

/** Statements are written this many at a time (one facts read and one insert each). */
const CHUNK = 500

/**
 * POST reward-statements and generate-batch: each employee's statement of a company template,
 * recorded NOT_SENT with the figures it shows (the desktop's rules over the server's rows) and the
 * template as it is now; `GET …/{id}/pdf/` draws it, the mail calls or update-send-status hand it out.
 */
export async function generateStatements(
  context: ServerContext,
  caller: Caller,
  templateId: number,
  scope: GenerateScope,
): Promise<ServerStatementDto[]> {
  const { db } = context
  const { copyId, template } = await companyTemplate(context, caller.companyId, templateId)
  const employeeIds = await employeesOf(context, caller, scope)
  const company = await db
    .selectFrom('company')
    .select('name')
    .where('id', '=', caller.companyId)
    .executeTakeFirstOrThrow()
  const now = context.now()
  const day = now.toISOString().slice(0, 10)
  const statements: ServerStatementDto[] = []
  for (let start = 0; start < employeeIds.length; start += CHUNK) {
    const ids = employeeIds.slice(start, start + CHUNK)
    const facts = await statementFactsOf(db, caller.companyId, ids, day)
    if (facts.size === 0) continue
    const rows = await db
      .insertInto('reward_statement')
      .values(
        ids.flatMap((id) => {
          const f = facts.get(id)
          return f
            ? [
                {
                  company_id: caller.companyId,
                  employee_id: id,
                  template_id: copyId,
                  server_template_id: templateId,
                  company_name: company.name,
                  facts: JSON.stringify(f),
                  created_by: caller.userId,
                  created_at: now,
                },
              ]
            : []
        }),
      )
      .returningAll()
      .execute()
    for (const row of rows)
      statements.push(
        statementDto(row, { template: template.name, employee: facts.get(row.employee_id)?.name ?? '' }),
      )
  }
  return statements
}

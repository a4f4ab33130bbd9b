import type { ServerStatementDto } from '../../src-shared/contract/statement-mail'
import { descendantTeamIds, buildTeamTree } from '../../src-shared/domain/hierarchy'
import { inScope } from '../../src-shared/domain/visibility'
import type { ServerContext } from '../context'
import type { Caller } from '../http/context'
import { HttpError } from '../http/errors'
import { scopeOf } from '../http/planning-access'
import { statementFactsOf } from './facts'
import { statementDto, storeTemplate } from './send'
import { templateDto, templateRow } from './templates'

/** Statements are written this many at a time (one facts read and one insert each). */
const CHUNK = 500

/** Whose statements: these employees, a team and every team below it, or everyone the caller may see. */
export type GenerateScope =
  { kind: 'employees'; ids: readonly number[] } | { kind: 'team'; teamId: number } | { kind: 'all' }

/**
 * The employees of a scope, each one the caller writes statements for (COMM_MANAGER and admin roles:
 * everyone; planners: their teams and below). Named employees outside the caller's scope are refused.
 */
async function employeesOf(context: ServerContext, caller: Caller, scope: GenerateScope): Promise<number[]> {
  const { db } = context
  const [visible, teams] = await Promise.all([
    scopeOf(db, caller),
    db
      .selectFrom('team')
      .select(['id', 'parent_team_id as parentTeamId', 'name'])
      .where('company_id', '=', caller.companyId)
      .execute(),
  ])
  let query = db
    .selectFrom('employee')
    .select(['id', 'name', 'team_id'])
    .where('company_id', '=', caller.companyId)
    .orderBy('id')
  if (scope.kind === 'employees') query = query.where('id', 'in', scope.ids)
  if (scope.kind === 'team') {
    if (!teams.some((t) => t.id === scope.teamId))
      throw new HttpError(404, `No team has the id ${scope.teamId}.`)
    const ids = [scope.teamId, ...descendantTeamIds(buildTeamTree(teams), scope.teamId)]
    query = query.where('team_id', 'in', ids)
  }
  const rows = await query.execute()
  if (scope.kind === 'employees') {
    const found = new Map(rows.map((r) => [r.id, r]))
    for (const id of scope.ids) {
      const employee = found.get(id)
      if (!employee) throw new HttpError(404, `No employee has the id ${id}.`)
      if (!inScope(visible, employee.team_id))
        throw new HttpError(403, `${employee.name} is not one of the employees you write statements for.`)
    }
  }
  return rows.filter((r) => inScope(visible, r.team_id)).map((r) => r.id)
}

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
  const {
    id: _id,
    modified_at: _at,
    ...template
  } = templateDto(await templateRow(context, caller.companyId, templateId))
  const employeeIds = await employeesOf(context, caller, scope)
  const [copyId, company] = await Promise.all([
    storeTemplate(context, caller.companyId, null, template),
    db.selectFrom('company').select('name').where('id', '=', caller.companyId).executeTakeFirstOrThrow(),
  ])
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

import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { text } from '../../src-shared/contract/text'
import {
  bulkMailSchema,
  generateBatchSchema,
  SEND_METHODS,
  sendEmployeeSchema,
  statementCreateSchema,
  templateCreateSchema,
  templatePatchSchema,
  type GenerateBatchAnswer,
} from '../../src-shared/contract/statement-mail'
import { inScope } from '../../src-shared/domain/visibility'
import type { StatementFacts } from '../../src-shared/domain/statements/facts'
import { statementFileName } from '../../src-shared/domain/statements/file-names'
import { verifyStatementToken, type StatementClaims } from '../auth/statement-tokens'
import type { ServerContext } from '../context'
import { bearer, callerOf, type Caller } from '../http/context'
import { HttpError, NOT_LOGGED_IN } from '../http/errors'
import { scopeOf } from '../http/planning-access'
import { linkState } from '../statements/magic-links'
import { renderStatementPdf } from '../statements/render'
import { generateStatements } from '../statements/generate'
import { EMAIL_FAILED, sendStatements, statementDto } from '../statements/send'
import {
  createTemplate,
  defaultTemplateId,
  listTemplates,
  patchTemplate,
  templateDto,
  templateRow,
} from '../statements/templates'

const idParams = z.object({ id: z.coerce.number().int().positive() })
export const updateSendStatus = z
  .object({
    employee_id: z.number().int().positive(),
    // Handed out another way: one of the ways a statement goes out ('pdf': saved and given by hand).
    method: z.enum([...SEND_METHODS, 'pdf']),
    template: z.number().int().positive().nullable(),
  })
  .strict()

const names = (row: { template_name: string; employee_name: string }) => ({
  template: row.template_name,
  employee: row.employee_name,
})

/** Who reads statements: a statement's own token (its magic link), or a signed-in user. */
type Reader = { kind: 'link'; claims: StatementClaims } | { kind: 'user'; caller: Caller }

export function statementRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context

  async function readerOf(request: FastifyRequest): Promise<Reader> {
    const token = bearer(request)
    const claims = token ? await verifyStatementToken(token, context.jwtSecret, context.now()) : null
    if (!claims) return { kind: 'user', caller: await callerOf(request, context) }
    // The link is checked on every use: a revoke or the link's end takes effect at once.
    const row = await db
      .selectFrom('reward_statement')
      .select(['company_id', 'id', 'employee_id', 'link_expires_at', 'link_revoked_at'])
      .where('company_id', '=', claims.companyId)
      .where('id', '=', claims.statementId)
      .executeTakeFirst()
    const state = row ? linkState(row, context.now()) : null
    if (!state) throw new HttpError(401, NOT_LOGGED_IN)
    if (!state.ok) throw new HttpError(410, state.reason)
    return { kind: 'link', claims }
  }

  /** A statement of the caller's company that the reader may see, with its template's name. */
  async function readable(reader: Reader, id: number) {
    const companyId = reader.kind === 'link' ? reader.claims.companyId : reader.caller.companyId
    const row = await db
      .selectFrom('reward_statement as s')
      .innerJoin('statement_template as t', (join) =>
        join.onRef('t.company_id', '=', 's.company_id').onRef('t.id', '=', 's.template_id'),
      )
      .innerJoin('employee as e', (join) =>
        join.onRef('e.company_id', '=', 's.company_id').onRef('e.id', '=', 's.employee_id'),
      )
      .selectAll('s')
      .select([
        't.name as template_name',
        't.intro',
        't.closing',
        't.data_tags',
        't.logo',
        'e.team_id',
        'e.name as employee_name',
      ])
      .where('s.company_id', '=', companyId)
      .where('s.id', '=', id)
      .executeTakeFirst()
    const denied = new HttpError(404, `No statement of yours has the id ${id}.`)
    if (!row) throw denied
    if (reader.kind === 'link') {
      if (reader.claims.statementId !== id) throw denied
    } else if (reader.caller.role === 'EMPLOYEE') {
      if (row.employee_id !== reader.caller.employeeId) throw denied
    } else if (!inScope(await scopeOf(db, reader.caller), row.team_id)) throw denied
    return row
  }

  app.get('/api/employee/reward-statements/', async (request) => {
    const reader = await readerOf(request)
    if (reader.kind === 'link') {
      const row = await readable(reader, reader.claims.statementId)
      return [statementDto(row, names(row))]
    }
    const { caller } = reader
    const { employee, employees } = z
      .object({
        employee: z.coerce.number().int().positive().optional(),
        // Several at once (a desktop's page of rows): ids separated by commas.
        employees: text()
          .regex(/^\d{1,15}(,\d{1,15}){0,499}$/, 'employees: up to 500 ids separated by commas.')
          .transform((v) => v.split(',').map(Number))
          .optional(),
      })
      .parse(request.query)
    const scope = caller.role === 'EMPLOYEE' ? null : await scopeOf(db, caller)
    let query = db
      .selectFrom('reward_statement as s')
      .innerJoin('statement_template as t', (join) =>
        join.onRef('t.company_id', '=', 's.company_id').onRef('t.id', '=', 's.template_id'),
      )
      .innerJoin('employee as e', (join) =>
        join.onRef('e.company_id', '=', 's.company_id').onRef('e.id', '=', 's.employee_id'),
      )
      .selectAll('s')
      .select(['t.name as template_name', 'e.team_id', 'e.name as employee_name'])
      .where('s.company_id', '=', caller.companyId)
      .orderBy('s.id', 'desc')
      .limit(1000)
    if (caller.role === 'EMPLOYEE') query = query.where('s.employee_id', '=', caller.employeeId ?? -1)
    if (employee !== undefined) query = query.where('s.employee_id', '=', employee)
    if (employees !== undefined) query = query.where('s.employee_id', 'in', employees)
    const rows = await query.execute()
    return rows
      .filter((r) => scope === null || inScope(scope, r.team_id))
      .map((r) => statementDto(r, names(r)))
  })

  app.get('/api/employee/reward-statements/:id/pdf/', async (request, reply) => {
    const { id } = idParams.parse(request.params)
    const row = await readable(await readerOf(request), id)
    const facts = row.facts as StatementFacts
    const pdf = await renderStatementPdf({
      companyName: row.company_name,
      template: {
        intro: row.intro,
        closing: row.closing,
        dataTags: row.data_tags as Parameters<typeof renderStatementPdf>[0]['template']['dataTags'],
        logo: row.logo,
      },
      facts,
    })
    return reply
      .header('content-type', 'application/pdf')
      .header('cache-control', 'no-store')
      .header(
        'content-disposition',
        `inline; filename*=UTF-8''${encodeURIComponent(statementFileName(facts.employeeId, facts.name))}`,
      )
      .send(pdf)
  })

  // The company's templates: the desktop's access rules for the same operations (statements page).
  app.get('/api/employee/reward-statements-templates/', async (request) => {
    const caller = await callerOf(request, context)
    return listTemplates(context, caller.companyId)
  })

  app.post('/api/employee/reward-statements-templates/', async (request, reply) => {
    const caller = await callerOf(request, context)
    return reply
      .status(201)
      .send(await createTemplate(context, caller, templateCreateSchema.parse(request.body)))
  })

  app.get('/api/employee/reward-statements-templates/:id/', async (request) => {
    const caller = await callerOf(request, context)
    const { id } = idParams.parse(request.params)
    return templateDto(await templateRow(context, caller.companyId, id))
  })

  app.patch('/api/employee/reward-statements-templates/:id/', async (request) => {
    const caller = await callerOf(request, context)
    const { id } = idParams.parse(request.params)
    return patchTemplate(context, caller, id, templatePatchSchema.parse(request.body))
  })

  app.post('/api/employee/reward-statements/', async (request, reply) => {
    const caller = await callerOf(request, context)
    const body = statementCreateSchema.parse(request.body)
    const template = body.template ?? (await defaultTemplateId(context, caller.companyId))
    const [statement] = await generateStatements(context, caller, template, {
      kind: 'employees',
      ids: [body.employee],
    })
    return reply.status(201).send(statement)
  })

  app.post('/api/employee/reward-statements/generate-batch/', async (request, reply) => {
    const caller = await callerOf(request, context)
    const body = generateBatchSchema.parse(request.body)
    const statements = await generateStatements(
      context,
      caller,
      body.template,
      body.employees
        ? { kind: 'employees', ids: body.employees }
        : body.team !== undefined
          ? { kind: 'team', teamId: body.team }
          : { kind: 'all' },
    )
    const answer: GenerateBatchAnswer = { generated: statements.length, statements }
    return reply.status(201).send(answer)
  })

  app.post('/api/employee/bulk-mail-statement/', async (request) => {
    const caller = await callerOf(request, context)
    return sendStatements(context, caller, bulkMailSchema.parse(request.body), request.log)
  })

  app.post('/api/employee/send-employee-statement/', async (request) => {
    const caller = await callerOf(request, context)
    const { employee_id, ...rest } = sendEmployeeSchema.parse(request.body)
    const answer = await sendStatements(context, caller, { ...rest, data: [employee_id] }, request.log)
    const statement = answer.statements[0]
    if (statement.send_status !== 'SENT') throw new HttpError(502, statement.detail ?? EMAIL_FAILED)
    return statement
  })

  app.post('/api/employee/reward-statements/update-send-status/', async (request) => {
    const caller = await callerOf(request, context)
    const body = updateSendStatus.parse(request.body)
    const latest = await db
      .selectFrom('reward_statement')
      .select('id')
      .where('company_id', '=', caller.companyId)
      .where('employee_id', '=', body.employee_id)
      // A desktop names its own template ids, a client of the server its company templates'.
      .$if(body.template !== null, (q) =>
        q.where((eb) =>
          eb.or([
            eb('desktop_template_id', '=', body.template),
            eb('server_template_id', '=', body.template),
          ]),
        ),
      )
      .orderBy('id', 'desc')
      .executeTakeFirst()
    if (!latest) throw new HttpError(404, `Employee ${body.employee_id} has no statement on the server.`)
    const found = await readable({ kind: 'user', caller }, latest.id)
    const row = await db
      .updateTable('reward_statement')
      .set({ send_status: 'SENT', send_method: body.method, sent_at: context.now(), send_error: null })
      .where('company_id', '=', caller.companyId)
      .where('id', '=', latest.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    return statementDto(row, names(found))
  })

  for (const [action, revoked] of [
    ['revoke-magic-link', true],
    ['unrevoke-magic-link', false],
  ] as const)
    app.post(`/api/employee/reward-statements/:id/${action}/`, async (request) => {
      const caller = await callerOf(request, context)
      const { id } = idParams.parse(request.params)
      const found = await readable({ kind: 'user', caller }, id)
      if (!found.link_hash) throw new HttpError(409, 'This statement was not sent as a link.')
      const row = await db
        .updateTable('reward_statement')
        .set({ link_revoked_at: revoked ? context.now() : null })
        .where('company_id', '=', caller.companyId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      return statementDto(row, names(found))
    })
}

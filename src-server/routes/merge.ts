import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { z } from 'zod'
import { text } from '../../src-shared/contract/text'
import { hrisImportRows } from '../../src-shared/domain/hris-import'
import { DEFAULT_PLAN_MODE, PLAN_MODES, type PlanMode } from '../../src-shared/domain/reimport'
import type { ServerContext } from '../context'
import { callerOf } from '../http/context'
import { HttpError } from '../http/errors'
import { importRows } from '../import/import-rows'
import { callMerge } from '../merge/client'
import { fetchPeople } from '../merge/people'
import { mergeReady, openToken, sealToken } from '../merge/settings'
import type { FeedWaiters } from '../sync/feed-waiters'

const finalizeSchema = z
  .object({ public_token: text('public_token: the public token Merge Link gave is required.').trim().min(1) })
  .strict()

const importSchema = z
  .object({
    integration_id: z.coerce
      .number('integration_id: the id of one of GET /api/integrations/ is required.')
      .int('integration_id must be a whole number.')
      .positive('integration_id must be positive.'),
    plans: z.enum(PLAN_MODES as [PlanMode, ...PlanMode[]]).optional(),
  })
  .strict()

const linkTokenAnswer = z.object({ link_token: text() })
const accountTokenAnswer = z.object({
  account_token: text(),
  integration: z.object({ name: text(), slug: text().nullish() }).nullish(),
})

function shaped<T>(schema: z.ZodType<T>, answer: unknown, what: string): T {
  const parsed = schema.safeParse(answer)
  if (!parsed.success)
    throw new HttpError(502, `Merge's answer to ${what} is not in the shape Merge documents.`)
  return parsed.data
}

/**
 * The HRIS integration through Merge (issue 38, spec §7): a link token for Merge Link, the public
 * token Link gives exchanged for the linked account's token (kept sealed), the company's connections,
 * and an import of the HRIS's people through the CSV import's checks and writes. OWNER and ADMIN.
 */
export function mergeRoutes(app: FastifyInstance, context: ServerContext, waiters: FeedWaiters): void {
  const { db } = context

  app.get('/api/merge/initialize/', async (request) => {
    const who = await callerOf(request, context)
    const settings = mergeReady(context.merge)
    const company = await db
      .selectFrom('company')
      .select('name')
      .where('id', '=', who.companyId)
      .executeTakeFirstOrThrow()
    const answer = await callMerge(settings, {
      method: 'POST',
      path: '/api/integrations/create-link-token',
      body: {
        end_user_origin_id: `meritbook-company-${who.companyId}`,
        end_user_organization_name: company.name,
        end_user_email_address: who.email,
        categories: ['hris'],
      },
    })
    return { link_token: shaped(linkTokenAnswer, answer, 'create-link-token').link_token }
  })

  app.post('/api/merge/finalize/', async (request) => {
    const who = await callerOf(request, context)
    const settings = mergeReady(context.merge)
    const body = finalizeSchema.parse(request.body)
    // The key is checked before Merge hands over a token that could not be kept.
    sealToken(settings, who.companyId, '')
    const answer = await callMerge(
      settings,
      { method: 'GET', path: `/api/integrations/account-token/${encodeURIComponent(body.public_token)}` },
      (status) =>
        status >= 400 && status < 500 && status !== 401 && status !== 403
          ? `public_token: Merge did not accept this public token (it answered ${status}); link the HRIS again.`
          : null,
    )
    const { account_token, integration } = shaped(accountTokenAnswer, answer, 'account-token')
    const name = integration?.name ?? 'HRIS'
    const row = await db
      .insertInto('merge_integration')
      .values({
        company_id: who.companyId,
        integration_name: name,
        integration_slug: integration?.slug ?? '',
        account_token_sealed: sealToken(settings, who.companyId, account_token),
        created_by: who.userId,
      })
      .returning(['id', 'integration_name', 'integration_slug', 'created_at', 'last_import_at'])
      .executeTakeFirstOrThrow()
    return connectionOf(row)
  })

  app.get('/api/integrations/', async (request) => {
    const who = await callerOf(request, context)
    mergeReady(context.merge)
    const rows = await db
      .selectFrom('merge_integration')
      .select(['id', 'integration_name', 'integration_slug', 'created_at', 'last_import_at'])
      .where('company_id', '=', who.companyId)
      .orderBy('id')
      .execute()
    return rows.map(connectionOf)
  })

  app.post('/api/import/integration/', async (request, reply) => {
    const who = await callerOf(request, context)
    const settings = mergeReady(context.merge)
    const body = importSchema.parse(request.body)
    const row = await db
      .selectFrom('merge_integration')
      .select(['id', 'account_token_sealed'])
      .where('company_id', '=', who.companyId)
      .where('id', '=', body.integration_id)
      .executeTakeFirst()
    if (!row)
      throw new HttpError(404, `integration_id: your company has no HRIS connection ${body.integration_id}.`)
    const people = await fetchPeople(settings, openToken(settings, who.companyId, row.account_token_sealed))
    if (people.length === 0) throw new HttpError(400, 'The HRIS has no employees to import.')
    const today = context.now().toISOString().slice(0, 10)
    const done = await importRows(
      context,
      waiters,
      who,
      hrisImportRows(people, today),
      body.plans ?? DEFAULT_PLAN_MODE,
    )
    if (!done.ok) return reply.status(400).send({ detail: done.detail, errors: done.errors })
    await db
      .updateTable('merge_integration')
      .set({ last_import_at: sql`now()` })
      .where('id', '=', row.id)
      .execute()
    return { status: 'imported', rows: done.rows, ...done.outcome }
  })
}

function connectionOf(row: {
  id: number
  integration_name: string
  integration_slug: string
  created_at: Date
  last_import_at: Date | null
}) {
  return {
    id: row.id,
    integration: row.integration_name,
    slug: row.integration_slug,
    created_at: row.created_at.toISOString(),
    last_import_at: row.last_import_at?.toISOString() ?? null,
  }
}

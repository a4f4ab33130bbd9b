import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { text } from '../../src-shared/contract/text'
import { DEFAULT_PLAN_MODE, PLAN_MODES, type PlanMode } from '../../src-shared/domain/reimport'
import type { ServerContext } from '../context'
import { callerOf } from '../http/context'
import { readCsvText } from '../import/read-csv'
import type { FeedWaiters } from '../sync/feed-waiters'
import { importRows } from '../import/import-rows'
import { errorBody } from '../http/errors'

/** POST /import/data/: `data` is the CSV text of the import format (what Export writes). */
const importSchema = z
  .object({
    data: text().min(1, 'data: the CSV text is empty.'),
    /** What becomes of affected plans (the desktop's default keeps their increase percent). */
    plans: z.enum(PLAN_MODES as [PlanMode, ...PlanMode[]]).optional(),
  })
  .strict()

/**
 * POST /import/data/: the desktop's employee import on the server. The CSV is checked with the
 * desktop's rules (every row's values, then across rows, against the company's employees and job
 * codes); a file with any error is refused whole with its errors. Otherwise one transaction writes
 * it as the desktop would, affected plans included (`plans`, keep-percent by default). Admin roles.
 */
export function importRoutes(app: FastifyInstance, context: ServerContext, waiters: FeedWaiters): void {
  app.post(
    '/api/import/data/',
    // The route guard checks the caller before the (large) body is read.
    { bodyLimit: 256 * 1024 * 1024 },
    async (request, reply) => {
      const who = await callerOf(request, context)
      const body = importSchema.parse(request.body)
      const read = readCsvText(body.data)
      if (!read.ok)
        return reply.status(400).send({ ...errorBody(read.errors[0].message), errors: read.errors })
      const done = await importRows(context, waiters, who, read.rows, body.plans ?? DEFAULT_PLAN_MODE)
      if (!done.ok) return reply.status(400).send({ ...errorBody(done.detail), errors: done.errors })
      return { status: 'imported', rows: done.rows, ...done.outcome }
    },
  )
}

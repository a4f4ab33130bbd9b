import { CsvError, parse as parseCsv } from 'csv-parse/sync'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { text } from '../../src-shared/contract/text'
import type { ImportError } from '../../src-shared/contract'
import {
  DUPLICATE_HEADER,
  MISSING_REQUIRED_HEADER,
  duplicateHeaderMessage,
  matchHeaders,
  missingHeaderMessage,
} from '../../src-shared/domain/csv-headers'
import { IMPORT_COLUMNS } from '../../src-shared/domain/import-format'
import { DEFAULT_PLAN_MODE, PLAN_MODES, type PlanMode } from '../../src-shared/domain/reimport'
import type { ServerContext } from '../context'
import type { FeedWaiters } from '../sync/feed-waiters'
import { callerOf } from '../http/context'
import { importRows } from '../import/import-rows'

/** POST /import/data/: `data` is the CSV text of the import format (what Export writes). */
const importSchema = z
  .object({
    data: text().min(1, 'data: the CSV text is empty.'),
    /** What becomes of affected plans (the desktop's default keeps their increase percent). */
    plans: z.enum(PLAN_MODES as [PlanMode, ...PlanMode[]]).optional(),
  })
  .strict()

const fileError = (code: string, message: string, header = ''): ImportError => ({
  row: 0,
  header,
  id: '',
  code,
  message,
  consistencyKey: null,
})

/**
 * The CSV's rows aligned with IMPORT_COLUMNS, read as the desktop reads a file: csv-parse with the
 * desktop's options (csv-records.ts), a BOM, CRLF or LF, headers matched ignoring case and spaces,
 * unknown headers dropped, lines of empty fields skipped.
 */
function readCsvText(text: string): { ok: true; rows: string[][] } | { ok: false; errors: ImportError[] } {
  let records: string[][]
  try {
    records = parseCsv(text.replace(/^\uFEFF/, ''), {
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
      record_delimiter: ['\r\n', '\n'],
    }) as string[][]
  } catch (error) {
    const message = error instanceof CsvError ? error.message : String(error)
    return { ok: false, errors: [fileError('NotCsv', `The data is not CSV: ${message}`)] }
  }
  const [header, ...body] = records
  if (!header) return { ok: false, errors: [fileError('NotCsv', 'The data has no header line.')] }
  const { columns, missingRequired, duplicated } = matchHeaders(header, IMPORT_COLUMNS)
  if (missingRequired.length > 0 || duplicated.length > 0)
    return {
      ok: false,
      errors: [
        ...missingRequired.map((h) => fileError(MISSING_REQUIRED_HEADER, missingHeaderMessage(h), h)),
        ...duplicated.map(({ header: h, columns: at }) =>
          fileError(DUPLICATE_HEADER, duplicateHeaderMessage(h, at), h),
        ),
      ],
    }
  const positions = IMPORT_COLUMNS.map((column) => columns.get(column.header) ?? -1)
  const rows: string[][] = []
  for (const record of body) {
    if (record.every((cell) => cell === '')) continue
    rows.push(positions.map((at) => (at >= 0 ? (record[at] ?? '') : '')))
  }
  return { ok: true, rows }
}

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
      if (!read.ok) return reply.status(400).send({ detail: read.errors[0].message, errors: read.errors })
      const done = await importRows(context, waiters, who, read.rows, body.plans ?? DEFAULT_PLAN_MODE)
      if (!done.ok) return reply.status(400).send({ detail: done.detail, errors: done.errors })
      return { status: 'imported', rows: done.rows, ...done.outcome }
    },
  )
}

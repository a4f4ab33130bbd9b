import { sql } from 'kysely'
import type { ImportError, ImportOutcome } from '../../src-shared/contract'
import { validateRows } from '../../src-shared/domain/import-validation'
import type { PlanMode } from '../../src-shared/domain/reimport'
import type { ServerContext } from '../context'
import type { Caller } from '../http/context'
import type { FeedWaiters } from '../sync/feed-waiters'
import { importData, importKeys } from './import-data'

/** How many of a refused import's errors an answer carries. */
export const ERRORS_ANSWERED = 200

export type RowsImported =
  { ok: true; rows: number; outcome: ImportOutcome } | { ok: false; detail: string; errors: ImportError[] }

/**
 * Imports rows aligned with IMPORT_COLUMNS (read from a CSV, or mapped from an HRIS) as the desktop
 * does: every row checked with the desktop's rules against the company's employees and job codes; any
 * error refuses the whole import. Otherwise one transaction writes it, affected plans as `mode` says.
 */
export async function importRows(
  context: ServerContext,
  waiters: FeedWaiters,
  who: Caller,
  rows: readonly string[][],
  mode: PlanMode,
): Promise<RowsImported> {
  const { db } = context
  const c = who.companyId
  const validation = validateRows(rows as string[][], await importKeys(db, c))
  if (validation.errors.length > 0)
    return {
      ok: false,
      detail: `The data has ${validation.errors.length} errors; nothing was imported.`,
      errors: validation.errors.slice(0, ERRORS_ANSWERED),
    }
  const outcome = await importData(db, who, validation, mode)
  waiters.notify(c)
  await sql`ANALYZE employee, reward, team`.execute(db)
  return { ok: true, rows: validation.values.length, outcome }
}

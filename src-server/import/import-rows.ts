import { sql } from 'kysely'
import type { ImportError, ImportOutcome } from '../../src-shared/contract'
import type { ImportRow } from '../../src-shared/domain/import-format'
import { validateRows } from '../../src-shared/domain/import-validation'
import type { PlanMode, PlanRules } from '../../src-shared/domain/reimport'
import { classifyRows, outcomeOf, planWrites } from '../../src-shared/domain/reimport-classification'
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings'
import type { ServerContext } from '../context'
import { logChange } from '../db/change-log'
import type { Caller } from '../http/context'
import { currentCycle } from '../planning/company-plan'
import { recordCompanyChange } from '../sync/changes'
import type { FeedWaiters } from '../sync/feed-waiters'
import { storedEmployees } from './stored-employees'
import { writeImport } from './write-import'

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
  const keys = async () => ({
    existingEmployeeIds: new Set(
      (
        await db.selectFrom('employee').select('company_employee_id').where('company_id', '=', c).execute()
      ).map((e) => e.company_employee_id),
    ),
    existingJobCodes: new Set(
      (await db.selectFrom('job_profile').select('job_code').where('company_id', '=', c).execute()).map(
        (j) => j.job_code,
      ),
    ),
  })
  const validation = validateRows(rows as string[][], await keys())
  if (validation.errors.length > 0)
    return {
      ok: false,
      detail: `The data has ${validation.errors.length} errors; nothing was imported.`,
      errors: validation.errors.slice(0, ERRORS_ANSWERED),
    }
  const values = validation.values as ImportRow[]

  const outcome: ImportOutcome = await db.transaction().execute(async (trx) => {
    // Imports of one company one at a time: the ids they take are the company's next ones.
    await sql`SELECT pg_advisory_xact_lock(${c})`.execute(trx)
    const cycle = await currentCycle(trx, c)
    const rules: PlanRules = {
      settings: cycle?.settings ?? DEFAULT_SETTINGS,
      currency: {
        defaultCurrency: cycle?.defaultCurrency ?? 'USD',
        rates: cycle?.currencyConversions ?? {},
      },
    }
    const stored = await storedEmployees(trx, c)
    const classification = classifyRows(validation, stored, rules)
    const plans = planWrites(classification, values, stored, rules, () => mode)
    await writeImport(trx, who, values, cycle?.id ?? null, plans)
    await logChange(trx, who, {
      entity: 'import',
      entityId: null,
      action: 'import',
      oldValue: null,
      newValue: { rows: values.length, ...outcomeOf(classification, mode) },
    })
    // One change for the whole import (a replica does not follow it row by row: docs/sync.md).
    await recordCompanyChange(trx, who, 'import', null, {
      rows: values.length,
      ...outcomeOf(classification, mode),
    })
    return outcomeOf(classification, mode)
  })
  waiters.notify(c)
  await sql`ANALYZE employee, reward, team`.execute(db)
  return { ok: true, rows: values.length, outcome }
}

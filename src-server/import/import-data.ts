import { sql, type Kysely } from 'kysely'
import type { ImportOutcome } from '../../src-shared/contract'
import type { ImportRow } from '../../src-shared/domain/import-format'
import type { Validation } from '../../src-shared/domain/import-validation'
import type { PlanMode, PlanRules } from '../../src-shared/domain/reimport'
import { classifyRows, outcomeOf, planWrites } from '../../src-shared/domain/reimport-classification'
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings'
import { logChange } from '../db/change-log'
import type { ServerDatabase } from '../db/schema'
import type { Caller } from '../http/context'
import { currentCycle } from '../planning/company-plan'
import { recordCompanyChange } from '../sync/changes'
import { storedEmployees } from './stored-employees'
import { writeImport } from './write-import'

/** The company's Employee Ids and job codes, which the import's rules check rows against. */
export async function importKeys(
  db: Kysely<ServerDatabase>,
  companyId: number,
): Promise<{ existingEmployeeIds: Set<string>; existingJobCodes: Set<string> }> {
  const employees = await db
    .selectFrom('employee')
    .select('company_employee_id')
    .where('company_id', '=', companyId)
    .execute()
  const jobs = await db
    .selectFrom('job_profile')
    .select('job_code')
    .where('company_id', '=', companyId)
    .execute()
  return {
    existingEmployeeIds: new Set(employees.map((e) => e.company_employee_id)),
    existingJobCodes: new Set(jobs.map((j) => j.job_code)),
  }
}

/**
 * Writes a validated import in one transaction, as the desktop would: the rows compared with the
 * company's employees under the current cycle's rules, written with the affected plans (`mode`),
 * in the change log and as one change of the feed (a replica does not follow it row by row).
 */
export async function importData(
  db: Kysely<ServerDatabase>,
  who: Caller,
  validation: Validation,
  mode: PlanMode,
): Promise<ImportOutcome> {
  const c = who.companyId
  const values = validation.values as ImportRow[]
  return db.transaction().execute(async (trx) => {
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
    await recordCompanyChange(trx, who, 'import', null, {
      rows: values.length,
      ...outcomeOf(classification, mode),
    })
    return outcomeOf(classification, mode)
  })
}

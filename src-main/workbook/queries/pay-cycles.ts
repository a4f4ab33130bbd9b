import type { Kysely, Selectable, Transaction } from 'kysely'
import type { PayCycleDto } from '../../../src-shared/contract'
import { withDefaultRate } from '../../../src-shared/domain/currency-conversion'
import { currentPayCycle, type PayCycleConfig } from '../../../src-shared/domain/pay-cycles'
import {
  DEFAULT_SETTINGS,
  type CurrencyConversions,
  type PayCycleSettings,
} from '../../../src-shared/domain/settings'
import type { Workbook } from '../open'
import type { PayCycleTable, WorkbookDatabase } from '../schema'
import { parseJson } from './admin'

type Db = Kysely<WorkbookDatabase>

function toPayCycleDto(p: Selectable<PayCycleTable>): PayCycleDto {
  const conversions = (parseJson(p.currency_conversions) ?? {}) as CurrencyConversions
  const settings = (parseJson(p.settings) ?? {}) as Partial<PayCycleSettings>
  return {
    id: p.id,
    name: p.name,
    active: p.active === 1,
    effectiveDate: p.effective_date,
    companyMeritBudget: p.company_merit_budget,
    defaultCurrency: p.default_currency,
    currencyConversions: withDefaultRate(p.default_currency, conversions),
    settings: { ...DEFAULT_SETTINGS, ...settings },
    updatedAt: p.updated_at,
    closedAt: p.closed_at,
    ratesAsOf: p.rates_as_of,
  }
}

export async function listPayCycles(workbook: Workbook | { db: Db }): Promise<PayCycleDto[]> {
  const rows = await workbook.db.selectFrom('pay_cycle').selectAll().orderBy('id').execute()
  return rows.map(toPayCycleDto)
}

export async function getActivePayCycle(workbook: Workbook): Promise<PayCycleDto | null> {
  const row = await workbook.db.selectFrom('pay_cycle').selectAll().where('active', '=', 1).executeTakeFirst()
  return row ? toPayCycleDto(row) : null
}

/** The active cycle, else the one closed last (locked), else the newest; null when there is none. */
export async function getCurrentPayCycle(workbook: Workbook | { db: Db }): Promise<PayCycleDto | null> {
  return currentPayCycle(await listPayCycles(workbook))
}

export async function findPayCycle(db: Db, id: number): Promise<PayCycleDto | null> {
  const row = await db.selectFrom('pay_cycle').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toPayCycleDto(row) : null
}

function configColumns(config: PayCycleConfig) {
  return {
    name: config.name,
    effective_date: config.effectiveDate,
    company_merit_budget: config.companyMeritBudget,
    default_currency: config.defaultCurrency,
    currency_conversions: JSON.stringify(config.currencyConversions),
    rates_as_of: config.ratesAsOf,
    settings: JSON.stringify(config.settings),
  }
}

/** Writes a configuration's fields (not its lifecycle). */
export async function savePayCycle(
  trx: Transaction<WorkbookDatabase>,
  cycle: PayCycleConfig & { id: number },
  updatedAt: string,
): Promise<void> {
  await trx
    .updateTable('pay_cycle')
    .set({ ...configColumns(cycle), updated_at: updatedAt })
    .where('id', '=', cycle.id)
    .execute()
}

/** A new configuration, inactive until `setPayCycleLifecycle` activates it; `id` to put one back. */
export async function insertPayCycle(
  trx: Transaction<WorkbookDatabase>,
  config: PayCycleConfig & { id?: number; closedAt?: string | null },
  updatedAt: string,
): Promise<number> {
  const row = await trx
    .insertInto('pay_cycle')
    .values({
      ...(config.id === undefined ? {} : { id: config.id }),
      ...configColumns(config),
      active: 0,
      closed_at: config.closedAt ?? null,
      updated_at: updatedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Active, or closed at `closedAt`. At most one is active: deactivate the other one first. */
export async function setPayCycleLifecycle(
  trx: Transaction<WorkbookDatabase>,
  id: number,
  state: { active: boolean; closedAt: string | null },
  updatedAt: string,
): Promise<void> {
  await trx
    .updateTable('pay_cycle')
    .set({
      active: state.active ? 1 : 0,
      closed_at: state.active ? null : state.closedAt,
      updated_at: updatedAt,
    })
    .where('id', '=', id)
    .execute()
}

export async function deletePayCycle(trx: Transaction<WorkbookDatabase>, id: number): Promise<void> {
  await trx.deleteFrom('pay_cycle').where('id', '=', id).execute()
}

export async function countCycleSubmissions(db: Db, payCycleId: number): Promise<number> {
  const row = await db
    .selectFrom('planner_submission')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pay_cycle_id', '=', payCycleId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Employees follow the current cycle: those in `from` (the cycle that was current) or in none move
 * to `to`, so a team's manager keeps holding it (spec §4: only when the manager's pay cycle is the
 * current one). Employees placed in another cycle stay. Answers how many moved.
 */
export async function moveEmployeesToCycle(
  trx: Transaction<WorkbookDatabase>,
  from: number | null,
  to: number,
): Promise<number> {
  const result = await trx
    .updateTable('employee')
    .set({ pay_cycle_id: to })
    .where((eb) =>
      from === null
        ? eb('pay_cycle_id', 'is', null)
        : eb.or([eb('pay_cycle_id', 'is', null), eb('pay_cycle_id', '=', from)]),
    )
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

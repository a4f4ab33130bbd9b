import type { Selectable, Transaction } from 'kysely'
import type { PayCycleDto } from '../../../src-shared/contract'
import { withDefaultRate } from '../../../src-shared/domain/currency-conversion'
import {
  DEFAULT_SETTINGS,
  type CurrencyConversions,
  type PayCycleSettings,
} from '../../../src-shared/domain/settings'
import type { Workbook } from '../open'
import type { PayCycleTable, WorkbookDatabase } from '../schema'
import { parseJson } from './admin'

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
  }
}

export async function listPayCycles(workbook: Workbook): Promise<PayCycleDto[]> {
  const rows = await workbook.db.selectFrom('pay_cycle').selectAll().orderBy('id').execute()
  return rows.map(toPayCycleDto)
}

export async function getActivePayCycle(workbook: Workbook): Promise<PayCycleDto | null> {
  const row = await workbook.db.selectFrom('pay_cycle').selectAll().where('active', '=', 1).executeTakeFirst()
  return row ? toPayCycleDto(row) : null
}

export async function savePayCycle(
  trx: Transaction<WorkbookDatabase>,
  cycle: PayCycleDto,
  updatedAt: string,
): Promise<void> {
  await trx
    .updateTable('pay_cycle')
    .set({
      company_merit_budget: cycle.companyMeritBudget,
      default_currency: cycle.defaultCurrency,
      currency_conversions: JSON.stringify(cycle.currencyConversions),
      settings: JSON.stringify(cycle.settings),
      updated_at: updatedAt,
    })
    .where('id', '=', cycle.id)
    .execute()
}

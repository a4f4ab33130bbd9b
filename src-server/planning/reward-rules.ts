import type { Selectable, Transaction } from 'kysely'
import { proration } from '../../src-shared/domain/proration'
import { rewardEditRefusal, type RewardAmountChanges } from '../../src-shared/domain/reward-edits'
import type { RewardTable, ServerDatabase } from '../db/schema'
import { payCycleDto } from './company-plan'

type Amounts = Partial<
  Record<'new_salary' | 'new_percent_bonus' | 'new_dollar_bonus' | 'lump_sum', number | null>
> & { performance_plan?: boolean }

/** The amounts a PUT changes: those sent with a value other than the stored one (as the desktop diffs). */
function changedAmounts(changes: Amounts, before: Selectable<RewardTable> | undefined): RewardAmountChanges {
  const changed = (field: 'new_salary' | 'new_percent_bonus' | 'new_dollar_bonus' | 'lump_sum') => {
    const value = changes[field]
    return value === undefined || value === (before?.[field] ?? null) ? undefined : value
  }
  return {
    newSalary: changed('new_salary'),
    newPercentBonus: changed('new_percent_bonus'),
    newDollarBonus: changed('new_dollar_bonus'),
    lumpSum: changed('lump_sum'),
  }
}

/**
 * Why the active pay cycle refuses this reward change (reward-edits.ts, the desktop's rule), or null.
 * Proration is worked out as the desktop's table does (proration.ts over the employee, the job
 * profile's range and the cycle's rules). A push may carry a performance-plan change together with
 * an amount (a replica merges one employee's edits, losing their order), so an increase is refused
 * only when the employee is fully prorated both before and after the change: either order could have
 * been allowed on the desktop.
 */
export async function rewardChangeRefusal(
  trx: Transaction<ServerDatabase>,
  companyId: number,
  employeeId: number,
  changes: Amounts,
  before: Selectable<RewardTable> | undefined,
): Promise<string | null> {
  const amounts = changedAmounts(changes, before)
  if (Object.values(amounts).every((v) => v === undefined)) return null
  const [cycleRow, row] = await Promise.all([
    trx
      .selectFrom('pay_cycle')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .executeTakeFirst(),
    trx
      .selectFrom('employee as e')
      .leftJoin('job_profile as j', (join) =>
        join.onRef('j.company_id', '=', 'e.company_id').onRef('j.id', '=', 'e.job_profile_id'),
      )
      .leftJoin('pay_range as r', (join) =>
        join.onRef('r.company_id', '=', 'e.company_id').onRef('r.id', '=', 'j.pay_range_id'),
      )
      .select([
        'e.id',
        'e.current_salary',
        'e.salaried',
        'e.fte',
        'e.default_pay_currency',
        'e.hire_date',
        'e.previous_increase_date',
        'r.id as range_id',
        'r.min_pay',
        'r.mid_pay',
        'r.max_pay',
        'r.pay_currency',
        'r.salaried as range_salaried',
      ])
      .where('e.company_id', '=', companyId)
      .where('e.id', '=', employeeId)
      .executeTakeFirst(),
  ])
  // No active cycle or no employee: the route's lock and lookup answer those.
  if (!cycleRow || !row) return null
  const cycle = payCycleDto(cycleRow)
  const payRange =
    row.range_id === null
      ? null
      : {
          minPay: Number(row.min_pay),
          midPay: Number(row.mid_pay),
          maxPay: Number(row.max_pay),
          payCurrency: String(row.pay_currency),
          salaried: Boolean(row.range_salaried),
        }
  const prorationWith = (performancePlan: boolean) =>
    proration({
      employee: {
        id: row.id,
        currentSalary: row.current_salary,
        salaried: row.salaried,
        fte: row.fte,
        defaultPayCurrency: row.default_pay_currency,
        hireDate: row.hire_date,
        previousIncreaseDate: row.previous_increase_date,
      },
      reward: { performancePlan, previousIncrease: before?.previous_increase ?? null },
      payRange,
      settings: cycle.settings,
      currency: { defaultCurrency: cycle.defaultCurrency, rates: cycle.currencyConversions },
    })
  const wasPlanned = before?.performance_plan ?? false
  const willBePlanned = changes.performance_plan ?? wasPlanned
  const then = prorationWith(wasPlanned)
  const after = willBePlanned === wasPlanned ? then : prorationWith(willBePlanned)
  return rewardEditRefusal(amounts, cycle.settings, {
    fullyProrated: then.fullyProrated && after.fullyProrated,
    reasons: after.reasons,
  })
}

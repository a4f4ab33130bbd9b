import type { ProrationEmployee } from '../../src-shared/domain/proration'
import type { ProrationRule } from '../../src-shared/domain/settings'

/** An employee for `proration`: salaried, $100,000, full time, hired 2020-05-01, never raised. */
export const prorationEmployee = (over: Partial<ProrationEmployee> = {}): ProrationEmployee => ({
  id: 1,
  currentSalary: 100_000_00,
  salaried: true,
  fte: 1,
  defaultPayCurrency: 'USD',
  hireDate: '2020-05-01',
  previousIncreaseDate: null,
  ...over,
})

/** A rule prorating by `amount` percent those hired on or after `date`. */
export const hiredFrom = (date: string, amount = 100): ProrationRule => ({
  proration_value: 'hire_date',
  comparison: '>=',
  date,
  prorate_amount: amount,
})

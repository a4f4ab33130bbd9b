import { increaseInputState, isoDay, proration } from '../../../src-shared/domain/proration'
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings'
import { prorationEmployee } from '../../support/proration'

// Edges that the main proration tests do not reach (found by mutation testing, docs/testing.md).
describe('proration dates', () => {
  it('reads a date with spaces around it', () => {
    expect(isoDay(' 2024-03-01 ')).toBe('2024-03-01')
  })

  it('a year before 100 is not taken for 19xx', () => {
    // Date.UTC maps years 0–99 to 1900–1999; such a day would be shown as 1924
    expect(isoDay('0024-03-01')).toBeNull()
  })
})

describe('proration without a reward', () => {
  it('an employee without a reward is not on a performance plan', () => {
    const result = proration({
      employee: prorationEmployee(),
      reward: null,
      payRange: null,
      currency: { defaultCurrency: 'USD', rates: {} },
      settings: { ...DEFAULT_SETTINGS, prorationRules: [] },
    })
    expect(result).toEqual({ percent: 0, fullyProrated: false, reasons: [], skippedForPayMin: false })
    expect(result.reasons).not.toContain('On a Performance Improvement Plan')
  })
})

describe('increase inputs', () => {
  it('an input that is not fully prorated has no tooltip lines', () => {
    const state = increaseInputState({
      editable: true,
      locked: false,
      proration: { fullyProrated: false, reasons: ['Hire date March 1, 2024 is after January 1, 2024'] },
    })
    expect(state).toEqual({ disabled: false, tooltip: null, tooltipLines: [] })
  })
})

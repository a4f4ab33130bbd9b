import { describe, expect, it } from 'vitest'
import {
  positionPercent,
  shownPercent,
  shownRatio,
  violationsText,
} from '../../../src-shared/domain/shown-values'
import { formatPosition, formatRatio } from '../../../src-renderer/features/compensation-table/display-money'

describe('numbers as the table shows them (the grid and the CSV export share these)', () => {
  it('positions in range are whole percents, rounded half away from zero', () => {
    expect(positionPercent(0.4549)).toBe(45)
    expect(positionPercent(0.455)).toBe(46)
    expect(positionPercent(-0.005)).toBe(-1)
    expect(positionPercent(-0.004)).toBe(0)
    expect(formatPosition(-0.005)).toBe('-1%')
    expect(formatPosition(0.004)).toBe('0%')
  })

  it('ratios keep two decimals and percents four, without float drift', () => {
    expect(shownRatio(1.005)).toBe(1.01)
    expect(formatRatio(1.005)).toBe('1.01') // (1.005).toFixed(2) is '1.00'
    expect(shownPercent(4.00005)).toBe(4.0001)
    expect(shownPercent(-15.28374)).toBe(-15.2837)
  })

  it('the Violations column names the worst severity and, beyond one, the count', () => {
    expect(violationsText('none', 0)).toBe('')
    expect(violationsText('warning', 1)).toBe('Warning')
    expect(violationsText('error', 3)).toBe('Error (3)')
  })
})

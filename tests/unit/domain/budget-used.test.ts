import {
  GAUGE_SIZES,
  budgetUsedColor,
  budgetUsedPercent,
  isGaugeSize,
} from '../../../src-shared/domain/budget-used'

describe('"Budget used: over 100% is red; above 90% is orange; otherwise green"', () => {
  it('over 100% is red', () => {
    expect(budgetUsedColor(100.01)).toBe('red')
    expect(budgetUsedColor(250)).toBe('red')
  })

  it('exactly 100% is orange, above 90% is orange', () => {
    expect(budgetUsedColor(100)).toBe('orange')
    expect(budgetUsedColor(90.01)).toBe('orange')
  })

  it('exactly 90% and below is green', () => {
    expect(budgetUsedColor(90)).toBe('green')
    expect(budgetUsedColor(0)).toBe('green')
    expect(budgetUsedColor(-5)).toBe('green')
  })

  it('computes the percent exactly at the boundaries', () => {
    expect(budgetUsedPercent(9_000, 10_000)).toBe(90)
    expect(budgetUsedColor(budgetUsedPercent(63, 70) as number)).toBe('green')
    expect(budgetUsedColor(budgetUsedPercent(10_000, 10_000) as number)).toBe('orange')
    expect(budgetUsedColor(budgetUsedPercent(10_001, 10_000) as number)).toBe('red')
  })

  it('has no percent without a budget above 0', () => {
    expect(budgetUsedPercent(100, null)).toBeNull()
    expect(budgetUsedPercent(100, 0)).toBeNull()
    expect(budgetUsedPercent(100, -1)).toBeNull()
  })
})

describe('"Gauge sizes: sm, md, lg, xl, full"', () => {
  it('lists the sizes in order', () => {
    expect(GAUGE_SIZES).toEqual(['sm', 'md', 'lg', 'xl', 'full'])
    expect(isGaugeSize('xl')).toBe(true)
    expect(isGaugeSize('xxl')).toBe(false)
  })
})

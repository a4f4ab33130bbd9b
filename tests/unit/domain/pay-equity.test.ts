import { formatGap, payEquity, TOO_SMALL_NOTE } from '../../../src-shared/domain/pay-equity'

describe('pay equity: median compa ratio and the gap to the largest known group', () => {
  const view = payEquity([
    { name: 'Female', countBefore: 10, countAfter: 10, medianBefore: 0.95, medianAfter: 0.97 },
    { name: 'Male', countBefore: 12, countAfter: 12, medianBefore: 1, medianAfter: 1.02 },
    { name: 'Non-binary', countBefore: 4, countAfter: 4, medianBefore: 0.9, medianAfter: 0.9 },
    { name: 'Unknown', countBefore: 20, countAfter: 20, medianBefore: 1.1, medianAfter: 1.1 },
  ])

  it("the reference is the largest group other than 'Unknown'", () => {
    expect(view.reference).toBe('Male')
    expect(view.rows.find((r) => r.name === 'Male')).toMatchObject({
      reference: true,
      gapBefore: 0,
      gapAfter: 0,
    })
  })

  it('gaps are percent differences of the medians, before and after', () => {
    const female = view.rows.find((r) => r.name === 'Female')
    expect(female?.gapBefore).toBeCloseTo(-5, 9)
    expect(female?.gapAfter).toBeCloseTo((0.97 / 1.02 - 1) * 100, 9)
  })

  it('a group of fewer than 5 shows no figures, only its size and why', () => {
    expect(view.rows.find((r) => r.name === 'Non-binary')).toEqual({
      name: 'Non-binary',
      count: 4,
      medianBefore: null,
      medianAfter: null,
      gapBefore: null,
      gapAfter: null,
      reference: false,
      note: TOO_SMALL_NOTE,
    })
    expect(TOO_SMALL_NOTE).toBe('Too few to show (fewer than 5)')
  })
})

describe('formatGap', () => {
  it('signs a gap to one decimal; a gap that rounds to zero is 0.0% without a sign', () => {
    expect(formatGap(2.46)).toBe('+2.5%')
    expect(formatGap(-1.14)).toBe('-1.1%')
    expect(formatGap(0)).toBe('0.0%')
    expect(formatGap(1e-14)).toBe('0.0%')
    expect(formatGap(-0.04)).toBe('0.0%')
    expect(formatGap(null)).toBe('—')
  })
})

import { canConvert, conversionList, convertCents } from '../../../src-shared/domain/currency-conversion'
import { submitForFailed, unsubmitForFailed } from '../../../src-shared/domain/submissions'

describe('a rate of 0 counts as missing (spec §9: "returns 0 when a rate is missing")', () => {
  it('converting from or to a currency at rate 0 gives 0, and cannot convert', () => {
    const rates = { USD: 1, EUR: 0 }
    expect(convertCents(100_00, 'EUR', 'USD', rates)).toBe(0)
    expect(convertCents(100_00, 'USD', 'EUR', rates)).toBe(0)
    expect(canConvert('EUR', 'USD', rates)).toBe(false)
  })

  it('codes outside the catalogue come last, as given', () => {
    const rates = { ZZZ: 3, USD: 1, EUR: 0.9 } as unknown as Parameters<typeof conversionList>[1]
    expect(conversionList('USD', rates).map((r) => r.code)).toEqual(['USD', 'EUR', 'ZZZ'])
  })
})

describe("submissions: 'Error: Could not submit for {name}', 'Error: Could not unsubmit for {name}'", () => {
  it('names the planner', () => {
    expect(submitForFailed('Mia Lead')).toBe('Error: Could not submit for Mia Lead')
    expect(unsubmitForFailed('Mia Lead')).toBe('Error: Could not unsubmit for Mia Lead')
  })
})

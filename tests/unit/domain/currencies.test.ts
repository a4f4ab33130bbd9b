import {
  CURRENCIES,
  CURRENCY_CODES,
  DEFAULT_CURRENCY,
  isCurrencyCode,
  shownDecimals,
} from '../../../src-shared/domain/currencies'

describe('"Currencies supported: USD, CAD, EUR, GBP, JPY, CRC, DOP, AUD, PLN, DKK, each with code, name and symbol"', () => {
  it('lists the ten currencies in the spec order', () => {
    expect(CURRENCY_CODES).toEqual(['USD', 'CAD', 'EUR', 'GBP', 'JPY', 'CRC', 'DOP', 'AUD', 'PLN', 'DKK'])
  })

  it('gives each a code, a name and a symbol', () => {
    for (const code of CURRENCY_CODES) {
      expect(CURRENCIES[code].code).toBe(code)
      expect(CURRENCIES[code].name.length).toBeGreaterThan(0)
      expect(CURRENCIES[code].symbol.length).toBeGreaterThan(0)
    }
  })

  it('"Default currency USD"', () => {
    expect(DEFAULT_CURRENCY).toBe('USD')
    expect(isCurrencyCode('USD')).toBe(true)
    expect(isCurrencyCode('usd')).toBe(false)
  })
})

describe('decimals shown per currency', () => {
  it('shows no decimals for a currency without minor units and 2 for the others', () => {
    expect(shownDecimals('JPY')).toBe(0)
    for (const code of CURRENCY_CODES.filter((c) => c !== 'JPY')) expect(shownDecimals(code)).toBe(2)
    expect(shownDecimals('XYZ')).toBe(2)
  })
})

import {
  CURRENCIES,
  CURRENCY_CODES,
  DEFAULT_CURRENCY,
  isCurrencyCode,
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

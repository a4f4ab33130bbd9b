import fc from 'fast-check'
import {
  addCents,
  centsFromDecimalString,
  formatAmount,
  formatBonusPercent,
  formatMoney,
  formatMoneyInThousands,
  formatPercent,
  fromCents,
  isCents,
  multiplyCents,
  percentOfCents,
  roundCentsToMinorUnit,
  roundMoney,
  roundTo,
  scaleDecimalString,
  subtractCents,
  sumCents,
  toCents,
} from '../../../src-shared/domain/money'

const safeCents = fc.integer({ min: -1e13, max: 1e13 })

describe('money rounding: "Money is rounded to 2 decimals"', () => {
  it('rounds half away from zero without float drift', () => {
    expect(roundMoney(1.005)).toBe(1.01)
    expect(roundMoney(-1.005)).toBe(-1.01)
    expect(roundMoney(2.675)).toBe(2.68)
    expect(roundMoney(1.004999)).toBe(1)
    expect(roundMoney(0.1 + 0.2)).toBe(0.3)
    expect(roundTo(-0.4)).toBe(0)
    expect(Object.is(roundTo(-0.4), -0)).toBe(false)
    expect(roundTo(12.34565, 4)).toBe(12.3457)
  })

  it('converts between units and cents', () => {
    expect(toCents(1.005)).toBe(101)
    expect(toCents(0.29)).toBe(29)
    expect(toCents(72726.5)).toBe(7272650)
    expect(fromCents(7272650)).toBe(72726.5)
    expect(Object.is(fromCents(-0), 0)).toBe(true)
  })

  it('helpers on cents are integer arithmetic', () => {
    expect(addCents(10, 5)).toBe(15)
    expect(subtractCents(10, 15)).toBe(-5)
    expect(sumCents([100, null, 250, undefined, -50])).toBe(300)
    expect(multiplyCents(333, 0.5)).toBe(167)
    expect(multiplyCents(-333, 0.5)).toBe(-167)
    expect(percentOfCents(5_000_000, 3.5)).toBe(175_000)
    expect(percentOfCents(1, 50)).toBe(1)
    expect(isCents(12)).toBe(true)
    expect(isCents(1.5)).toBe(false)
  })

  it('parses decimal strings to exact cents', () => {
    expect(centsFromDecimalString('72726.50')).toBe(7272650)
    expect(centsFromDecimalString('0.005')).toBe(1)
    expect(centsFromDecimalString('-0.005')).toBe(-1)
    expect(centsFromDecimalString('0.0049')).toBe(0)
    expect(centsFromDecimalString('1.2e3')).toBe(120000)
    expect(centsFromDecimalString('.5')).toBe(50)
    expect(centsFromDecimalString('5.')).toBe(500)
    expect(centsFromDecimalString('000')).toBe(0)
    expect(centsFromDecimalString('1e99')).toBeNull()
    expect(centsFromDecimalString('1e-99')).toBe(0)
    expect(centsFromDecimalString('.')).toBeNull()
    expect(centsFromDecimalString('1,000')).toBeNull()
    expect(scaleDecimalString('1.2345', 3)).toBe(1235)
  })

  it('scales a whole number without a point: the absent fraction counts as no digits', () => {
    expect(scaleDecimalString('12', 2)).toBe(1200)
    expect(scaleDecimalString('-12', 0)).toBe(-12)
    expect(scaleDecimalString('12e1', 1)).toBe(1200)
  })
})

describe('money formatting: "Locale en-US ... at most 2 decimals"', () => {
  it('formats en-US with at most 2 decimals', () => {
    expect(formatMoney(123450, 'USD')).toBe('$1,234.50')
    expect(formatMoney(-8500, 'EUR')).toBe('-€85.00')
    expect(formatMoney(123400, 'JPY')).toBe('¥1,234')
    expect(formatMoney(-0, 'USD')).toBe('$0.00')
    expect(formatMoney(1050, 'U$')).toBe('10.5 U$')
    expect(formatAmount(7272650)).toBe('72,726.50')
  })

  it('shows a currency without minor units (JPY) in whole units, rounded half away from zero', () => {
    expect(formatMoney(123450, 'JPY')).toBe('¥1,235')
    expect(formatMoney(123449, 'JPY')).toBe('¥1,234')
    expect(formatMoney(-123450, 'JPY')).toBe('-¥1,235')
    expect(formatMoney(49, 'JPY')).toBe('¥0')
    expect(formatMoney(-49, 'JPY')).toBe('¥0')
    expect(roundCentsToMinorUnit(123450, 'JPY')).toBe(123500)
    expect(roundCentsToMinorUnit(-123450, 'JPY')).toBe(-123500)
    expect(roundCentsToMinorUnit(123456, 'USD')).toBe(123456)
    expect(roundCentsToMinorUnit(123456, 'U$')).toBe(123456)
  })

  it('"Salary is shown in thousands as $NK in cards"', () => {
    expect(formatMoneyInThousands(8_500_000)).toBe('$85K')
    expect(formatMoneyInThousands(8_550_000)).toBe('$86K')
    expect(formatMoneyInThousands(125_000_000)).toBe('$1,250K')
    expect(formatMoneyInThousands(40_000)).toBe('$0K')
    expect(formatMoneyInThousands(-500_000)).toBe('-$5K')
    expect(formatMoneyInThousands(8_500_000, 'EUR')).toBe('€85K')
  })

  it('"bonus percent shown with 4 decimals, dollars 2"', () => {
    expect(formatBonusPercent(10)).toBe('10.0000%')
    expect(formatBonusPercent(12.34565)).toBe('12.3457%')
    expect(formatPercent(12.5)).toBe('12.50%')
    expect(formatPercent(-1.5)).toBe('-1.50%')
    expect(formatPercent(-0.001)).toBe('0.00%')
    expect(formatPercent(1234.5, 1)).toBe('1,234.5%')
  })
})

describe('money arithmetic is exact (properties)', () => {
  it('sums of cents equal the exact BigInt sum', () => {
    fc.assert(
      fc.property(fc.array(safeCents, { maxLength: 200 }), (values) => {
        const exact = values.reduce((sum, v) => sum + BigInt(v), 0n)
        expect(BigInt(sumCents(values))).toBe(exact)
      }),
    )
  })

  it('adding then subtracting gives back the amount', () => {
    fc.assert(fc.property(safeCents, safeCents, (a, b) => subtractCents(addCents(a, b), b) === a))
  })

  it('cents survive a trip through units and through their decimal text', () => {
    fc.assert(
      fc.property(safeCents, (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents)
        expect(roundMoney(fromCents(cents))).toBe(fromCents(cents))
        expect(centsFromDecimalString(formatAmount(cents).replace(/,/g, ''))).toBe(cents)
      }),
    )
  })

  it('100% of an amount is the amount, and a factor of 1 changes nothing', () => {
    fc.assert(fc.property(safeCents, (c) => percentOfCents(c, 100) === c && multiplyCents(c, 1) === c))
  })

  it('rounding results are whole cents', () => {
    fc.assert(
      fc.property(safeCents, fc.double({ min: -1000, max: 1000, noNaN: true }), (c, percent) =>
        Number.isInteger(percentOfCents(c, percent)),
      ),
    )
  })
})

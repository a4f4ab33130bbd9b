import { matrixErrorMessage } from '../../../src-shared/domain/merit-matrix/errors'
import { inMatrixPayCycle } from '../../../src-shared/domain/merit-matrix/inputs'
import { performanceMultiplier, priorityFraction } from '../../../src-shared/domain/merit-matrix/multipliers'
import { recommendedIncreaseInSalaryUnits } from '../../../src-shared/domain/merit-matrix/rewards'

// The engine's own test (merit-matrix.test.ts) runs whole matrices; these are its parts, one by one.

describe("\"Matrix calculation fails: the server's response message, else 'An error occurred while fetching the matrix data.', else 'An unexpected error occurred.'\"", () => {
  it('no answer at all, or an answer that is no object, is unexpected', () => {
    expect(matrixErrorMessage(null)).toBe('An unexpected error occurred.')
    expect(matrixErrorMessage(undefined)).toBe('An unexpected error occurred.')
    expect(matrixErrorMessage('boom')).toBe('An unexpected error occurred.')
  })

  it("an answer without a message, or with a blank one, is 'An error occurred while fetching the matrix data.'", () => {
    expect(matrixErrorMessage({})).toBe('An error occurred while fetching the matrix data.')
    expect(matrixErrorMessage({ message: '   ' })).toBe('An error occurred while fetching the matrix data.')
    expect(matrixErrorMessage({ message: 'Budget too small' })).toBe('Budget too small')
  })
})

describe('the merit matrix, its parts', () => {
  it('counts employees of the current pay cycle and of none, not of another', () => {
    expect(inMatrixPayCycle({ payCycleId: null }, 3)).toBe(true)
    expect(inMatrixPayCycle({ payCycleId: 3 }, 3)).toBe(true)
    expect(inMatrixPayCycle({ payCycleId: 4 }, 3)).toBe(false)
  })

  it('a priority is a fraction of 100, clamped to 0–1', () => {
    expect(priorityFraction(-5)).toBe(0)
    expect(priorityFraction(40)).toBe(0.4)
    expect(priorityFraction(150)).toBe(1)
    expect(priorityFraction(Number.NaN)).toBe(0)
  })

  it('the performance multiplier runs 1 − p (lowest rating) to 1 + p (highest), 1 with a single row', () => {
    expect([0, 1, 2].map((row) => performanceMultiplier(row, 3, 100))).toEqual([0, 1, 2])
    expect([0, 1, 2, 3, 4].map((row) => performanceMultiplier(row, 5, 50))).toEqual([0.5, 0.75, 1, 1.25, 1.5])
    expect(performanceMultiplier(0, 1, 100)).toBe(1)
  })

  it("the recommended increase is in the employee's pay currency and, for hourly pay, per hour of their fte", () => {
    const currency = { defaultCurrency: 'USD', rates: { USD: 1, EUR: 0.5 } }
    expect(
      recommendedIncreaseInSalaryUnits(300_000, { defaultPayCurrency: 'EUR', salaried: true }, currency),
    ).toBe(150_000)
    const hourly = (fte: number | null) =>
      recommendedIncreaseInSalaryUnits(208_000, { defaultPayCurrency: 'USD', salaried: false, fte }, currency)
    expect(hourly(null)).toBe(100)
    expect(hourly(1)).toBe(100)
    expect(hourly(0.5)).toBe(200)
    expect(hourly(0)).toBe(0)
  })
})

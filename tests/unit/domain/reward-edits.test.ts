import { rewardEditRefusal } from '../../../src-shared/domain/reward-edits'
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings'

const open = { fullyProrated: false, reasons: [] }
const prorated = { fullyProrated: true, reasons: ['On a Performance Improvement Plan'] }

describe('rewardEditRefusal (the desktop’s and the server’s rule)', () => {
  it('refuses any amount set for a fully prorated employee with the spec’s tooltip; clearing passes', () => {
    for (const change of [{ newSalary: 1 }, { newPercentBonus: 1 }, { newDollarBonus: 1 }, { lumpSum: 1 }])
      expect(rewardEditRefusal(change, DEFAULT_SETTINGS, prorated)).toBe(
        'Employee not eligible for an increase. On a Performance Improvement Plan',
      )
    expect(rewardEditRefusal({ newSalary: null, lumpSum: null }, DEFAULT_SETTINGS, prorated)).toBeNull()
    expect(rewardEditRefusal({ newSalary: 1 }, DEFAULT_SETTINGS, open)).toBeNull()
  })

  it('refuses bonuses and lump sums the pay cycle leaves out, clearing included', () => {
    const noBonus = { ...DEFAULT_SETTINGS, includeBonus: false }
    expect(rewardEditRefusal({ newDollarBonus: null }, noBonus, open)).toBe(
      'Bonuses are not part of this pay cycle.',
    )
    expect(rewardEditRefusal({ newSalary: 5 }, noBonus, open)).toBeNull()
    expect(
      rewardEditRefusal({ newPercentBonus: 2 }, { ...DEFAULT_SETTINGS, bonusAmountEditable: false }, open),
    ).toBe('Bonus amounts are not editable in this pay cycle.')
    expect(rewardEditRefusal({ newPercentBonus: 2, newDollarBonus: 300 }, DEFAULT_SETTINGS, open)).toBeNull()
    const noLump = { ...DEFAULT_SETTINGS, includeLumpSum: false }
    expect(rewardEditRefusal({ lumpSum: 3 }, noLump, open)).toBe('Lump sums are not part of this pay cycle.')
    expect(rewardEditRefusal({}, noLump, prorated)).toBeNull()
  })
})

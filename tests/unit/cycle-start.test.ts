import { startsClean } from '../../src-shared/domain/cycle-start'

describe('what a new cycle starts with (issue 36)', () => {
  it('starts clean when the current cycle changes to another, unless the plans are copied', () => {
    expect(startsClean({ from: 1, to: 2, copyPlans: false })).toBe(true)
    expect(startsClean({ from: 1, to: 2, copyPlans: true })).toBe(false)
  })
  it('keeps the plans when the current cycle stays, and for the first cycle (after an import)', () => {
    expect(startsClean({ from: 2, to: 2, copyPlans: false })).toBe(false)
    expect(startsClean({ from: null, to: 1, copyPlans: false })).toBe(false)
    expect(startsClean({ from: 1, to: null, copyPlans: false })).toBe(false)
  })
})

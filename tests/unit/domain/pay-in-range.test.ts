import { fitInRange, positionBand } from '../../../src-shared/domain/pay-in-range'

describe('pay-in-range bands and fit in range', () => {
  it('bands start at their lower edge; the maximum itself is in the top band', () => {
    expect([-0.01, 0, 0.2499, 0.25, 0.5, 0.75, 1, 1.01].map(positionBand)).toEqual([
      'Below minimum',
      '0–25%',
      '0–25%',
      '25–50%',
      '50–75%',
      '75–100%',
      '75–100%',
      'Above maximum',
    ])
  })

  it('the minimum and maximum are in range', () => {
    expect([-0.001, 0, 1, 1.001].map(fitInRange)).toEqual([
      'Below range',
      'In range',
      'In range',
      'Above range',
    ])
  })
})

import { COMPA_BANDS, compaBand } from '../../../src-shared/domain/pay-in-range'

describe('compa-ratio bands of the dashboard scatter', () => {
  it('a band starts at its lower edge', () => {
    expect([0.79, 0.8, 0.89, 0.9, 0.99, 1, 1.09, 1.1, 1.19, 1.2, 3].map(compaBand)).toEqual([
      'Below 0.80',
      '0.80–0.90',
      '0.80–0.90',
      '0.90–1.00',
      '0.90–1.00',
      '1.00–1.10',
      '1.00–1.10',
      '1.10–1.20',
      '1.10–1.20',
      '1.20 and above',
      '1.20 and above',
    ])
  })

  it('every band can be reached, in display order', () => {
    expect([0.5, 0.85, 0.95, 1.05, 1.15, 1.25].map(compaBand)).toEqual([...COMPA_BANDS])
  })
})

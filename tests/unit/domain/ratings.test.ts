import { performanceRatingLabel } from '../../../src-shared/domain/ratings'

const bands = [
  { label: 'Needs Improvement', max_rating: 2 },
  { label: 'Meets', max_rating: 3.5 },
  { label: 'Exceeds', max_rating: 3.5 },
]

describe('"Performance rating label: the first band whose max_rating exceeds the rating, else the last band"', () => {
  it('takes the first band whose max_rating exceeds the rating', () => {
    expect(performanceRatingLabel(1, bands)).toBe('Needs Improvement')
    expect(performanceRatingLabel(1.99, bands)).toBe('Needs Improvement')
    expect(performanceRatingLabel(3, bands)).toBe('Meets')
  })

  it('a rating equal to max_rating does not fall in that band', () => {
    expect(performanceRatingLabel(2, bands)).toBe('Meets')
  })

  it('falls back to the last band ("Greater than or Equals")', () => {
    expect(performanceRatingLabel(3.5, bands)).toBe('Exceeds')
    expect(performanceRatingLabel(9, bands)).toBe('Exceeds')
  })

  it('is null with no bands or no rating', () => {
    expect(performanceRatingLabel(3, [])).toBeNull()
    expect(performanceRatingLabel(null, bands)).toBeNull()
    expect(performanceRatingLabel(Number.NaN, bands)).toBeNull()
  })

  it('keeps the settings order of the bands', () => {
    const unordered = [
      { label: 'High', max_rating: 5 },
      { label: 'Low', max_rating: 2 },
    ]
    expect(performanceRatingLabel(1, unordered)).toBe('High')
  })
})

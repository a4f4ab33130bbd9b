import { countOf } from '../../../src-shared/domain/words'

describe('countOf: counted words (issue 39)', () => {
  it('says "1 employee", never "1 employees"', () => {
    expect(countOf(1, 'employee')).toBe('1 employee')
  })

  it('says the plural for 0 and many, with en-US separators', () => {
    expect(countOf(0, 'employee')).toBe('0 employees')
    expect(countOf(12_500, 'employee')).toBe('12,500 employees')
    expect(countOf(2, 'person', 'people')).toBe('2 people')
  })
})

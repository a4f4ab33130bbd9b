import { matchesSearch, searchKey, searchNeedle } from '../../../src-shared/domain/search-key'

describe('searchKey: one key for every search box (issue 39)', () => {
  it('folds case and accents', () => {
    expect(searchKey('MÜLLER')).toBe('muller')
    expect(searchKey('José Álvarez')).toBe('jose alvarez')
    expect(searchKey('Zoë Brontë')).toBe('zoe bronte')
  })

  it('spells out letters that are not a letter plus an accent: ø→o, æ→ae, ß→ss, đ→d, ł→l', () => {
    expect(searchKey('Søren Ørsted')).toBe('soren orsted')
    expect(searchKey('Ægir Dæhlie')).toBe('aegir daehlie')
    expect(searchKey('Strauß')).toBe('strauss')
    expect(searchKey('Đorđević')).toBe('dordevic')
    expect(searchKey('Łukasz Wałęsa')).toBe('lukasz walesa')
  })

  it('leaves plain ASCII and scripts without accents as they are (lower case)', () => {
    expect(searchKey('Plain ASCII 123')).toBe('plain ascii 123')
    expect(searchKey('東京')).toBe('東京')
  })
})

describe('matchesSearch', () => {
  it('finds "muller", "soren" and "jose" in Müller, Søren and José, and accented needles in plain names', () => {
    expect(matchesSearch(searchNeedle('muller'), 'Anna Müller')).toBe(true)
    expect(matchesSearch(searchNeedle(' soren '), 'Søren Kierkegaard')).toBe(true)
    expect(matchesSearch(searchNeedle('JOSE'), 'José Álvarez')).toBe(true)
    expect(matchesSearch(searchNeedle('Müller'), 'Anna Muller')).toBe(true)
  })

  it('matches any of the values, never null ones, and everything for an empty search', () => {
    expect(matchesSearch(searchNeedle('e-104'), 'Anna', 'E-1042')).toBe(true)
    expect(matchesSearch(searchNeedle('bob'), null, undefined, 'Anna')).toBe(false)
    expect(matchesSearch(searchNeedle('  '), null)).toBe(true)
  })
})

import { textKey } from '../../src-main/services/table/columns'

// textKey is what the table sorts and searches text columns by: "Text compared without case or
// accents" (columns.ts). Each case below names the part of that promise it holds.
describe('textKey (text compared without case or accents)', () => {
  it('ignores case: upper-case ASCII names give their lower-case key', () => {
    expect(textKey('ALVAREZ')).toBe('alvarez')
    expect(textKey('McDonald')).toBe('mcdonald')
  })

  it('ignores accents: a name with accents gives the key of the same name without them', () => {
    expect(textKey('Álvarez')).toBe('alvarez')
    expect(textKey('Zoë Brontë')).toBe('zoe bronte')
    expect(textKey('ÉLODIE')).toBe('elodie')
  })

  it('keeps every letter that is not an accent, in text with and without accents', () => {
    expect(textKey('José María')).toBe('jose maria')
    expect(textKey('plain ascii 123')).toBe('plain ascii 123')
    // Letters that are no letter plus an accent are spelled out (ł→l); other scripts are kept.
    expect(textKey('Łukasz 東京')).toBe('lukasz 東京')
  })

  it('sorts accented and plain spellings of a name together', () => {
    const names = ['Zoe', 'álvarez', 'Alvarez', 'Émile', 'bob']
    const sorted = [...names].sort((a, b) => textKey(a).localeCompare(textKey(b)))
    expect(sorted).toEqual(['álvarez', 'Alvarez', 'bob', 'Émile', 'Zoe'])
  })
})

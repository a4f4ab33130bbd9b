import fc from 'fast-check'
import { isTrimmed, isTrimmedSpace } from '../../../src-shared/domain/white-space'

describe('white space as String#trim removes it (import, paste and CLI trim by it)', () => {
  it('names exactly the UTF-16 code units that String#trim removes', () => {
    const named: number[] = []
    const trimmedByJs: number[] = []
    for (let code = 0; code <= 0xffff; code++) {
      if (isTrimmedSpace(code)) named.push(code)
      if (String.fromCharCode(code).trim() === '') trimmedByJs.push(code)
    }
    expect(named).toEqual(trimmedByJs)
    expect(named).toContain(0xa0)
  })

  it('a text is trimmed when trim() would leave it as it is (property, Unicode spaces generated)', () => {
    const unit = fc.constantFrom('a', ' ', '\t', '\n', '\u00a0', '\u2003', '\u3000', '\ufeff', 'é', '-')
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 5 }), (units) => {
        const text = units.join('')
        expect(isTrimmed(text)).toBe(text.trim() === text)
      }),
    )
  })
})

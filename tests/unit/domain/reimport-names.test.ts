import { probableDifferentPerson } from '../../../src-shared/domain/reimport'
import { importRow } from '../../support/import-row'

/** Re-import: an Employee Id whose name changed beyond case and spacing probably names another person. */
describe("re-import's name check", () => {
  const named = (employeeName: string) => importRow({ employeeName })

  it('a name written in capitals, ß as SS, is the same person', () => {
    expect(probableDifferentPerson(named('Greta Strauß'), named('GRETA STRAUSS'))).toBe(false)
    expect(probableDifferentPerson(named('GRETA STRAUSS'), named('Greta Strauß'))).toBe(false)
    expect(probableDifferentPerson(named('Greta Strauss'), named('Greta Strauß'))).toBe(false)
  })

  it('a Kelvin sign (U+212A) is the letter K in any case', () => {
    expect(probableDifferentPerson(named('\u212Aarl Berg'), named('karl berg'))).toBe(false)
  })

  it('other letters still tell people apart', () => {
    expect(probableDifferentPerson(named('Greta Strauß'), named('Greta Straub'))).toBe(true)
    expect(probableDifferentPerson(named('Karl Berg'), named('Carl Berg'))).toBe(true)
  })
})

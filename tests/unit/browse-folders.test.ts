import fs from 'node:fs'
import path from 'node:path'
import { readFolder } from '../../src-main/services/browse-folders'
import { tempDir } from '../support/temp'

describe('readFolder (browser mode Open… and New…)', () => {
  const dir = tempDir('meritbook-browse-')
  beforeAll(() => {
    for (const folder of ['b team', 'A team', '.hidden', 'c10', 'c9']) fs.mkdirSync(path.join(dir, folder))
    for (const file of ['Zeta.paycycle', 'alpha.PAYCYCLE', 'notes.txt', 'plan.csv'])
      fs.writeFileSync(path.join(dir, file), '')
    fs.symlinkSync(path.join(dir, 'A team'), path.join(dir, 'linked'))
  })

  it('lists folders first, then workbooks, each by name; hidden folders and other files left out', () => {
    const content = readFolder(dir)
    expect(content.path).toBe(dir)
    expect(content.parent).toBe(path.dirname(dir))
    expect(content.entries.map(({ name, kind }) => `${kind} ${name}`)).toEqual([
      'folder A team',
      'folder b team',
      'folder c9',
      'folder c10',
      'folder linked',
      'workbook alpha.PAYCYCLE',
      'workbook Zeta.paycycle',
    ])
    expect(content.entries[0].path).toBe(path.join(dir, 'A team'))
    expect(content.more).toBe(0)
  })

  it('has no parent at the top', () => {
    expect(readFolder(path.parse(dir).root).parent).toBeNull()
  })

  it('says which folder does not exist', () => {
    const missing = path.join(dir, 'gone')
    expect(() => readFolder(missing)).toThrow(`The folder ${missing} does not exist.`)
  })
})

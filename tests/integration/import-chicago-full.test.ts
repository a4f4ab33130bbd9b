import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import type { ImportResult } from '../../src-shared/contract'
import { chicagoImportCsv, readChicago } from '../support/chicago'
import { cli } from '../support/cli'
import { tempDir } from '../support/temp'

// Issue 36: the whole City of Chicago payroll, job codes shared across departments, each employee's
// Job Family their department. Only the spec's grouping hints are errors.
const SOURCE = path.join(__dirname, '../../../shared/data/chicago-employees.csv')
const dir = tempDir()
const JOB_HEADERS = ['Job Profile', 'Job Title', 'Job Family', 'Job Family group']

describe.runIf(fs.existsSync(SOURCE))('importing the whole City of Chicago payroll (issue 36)', () => {
  const csv = path.join(dir, 'chicago-full.csv')
  const workbook = path.join(dir, 'chicago-full.paycycle')

  it('imports all 31,133 employees, keeping Job Profile, Job Title, Job Family and Job Family group as they came', async () => {
    const people = readChicago(SOURCE)
    fs.writeFileSync(csv, chicagoImportCsv(people, { familyPerEmployee: true }))
    const { code, json } = await cli('import', workbook, csv, '--json')
    const result = json[0] as ImportResult
    expect(result.errors.slice(0, 3)).toEqual([])
    expect(result).toMatchObject({ status: 'imported', rows: 31_133, imported: 31_133, created: 31_133 })
    expect(code).toBe(0)

    const out = path.join(dir, 'chicago-full-out.csv')
    expect((await cli('export', workbook, out)).code).toBe(0)
    const source = parse(fs.readFileSync(csv), { columns: true }) as Record<string, string>[]
    const exported = new Map(
      (parse(fs.readFileSync(out), { columns: true }) as Record<string, string>[]).map((r) => [
        r['Employee Id'],
        r,
      ]),
    )
    expect(exported.size).toBe(31_133)
    const changed: string[] = []
    for (const row of source) {
      const back = exported.get(row['Employee Id']) ?? {}
      for (const header of JOB_HEADERS)
        if (row[header] !== back[header])
          changed.push(`${row['Employee Id']} ${header}: ${row[header]} → ${back[header]}`)
    }
    expect(changed.slice(0, 5)).toEqual([])
    // A job code shared by departments: its employees keep their own Job Family.
    const families = new Map<string, Set<string>>()
    for (const row of source)
      families.set(row['Job Code'], (families.get(row['Job Code']) ?? new Set()).add(row['Job Family']))
    expect([...families.values()].some((f) => f.size > 1)).toBe(true)
  }, 180_000)
})

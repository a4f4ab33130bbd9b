import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import type { ImportResult } from '../../src-shared/contract'
import { openWorkbook } from '../../src-main/workbook/open'
import { chicagoImportCsv, readChicago } from '../support/chicago'
import { cli } from '../support/cli'
import { tempDir } from '../support/temp'

// Every 100th row of the City of Chicago list (../shared/data), mapped by tests/support/chicago.ts.
const SAMPLE = path.join(__dirname, '../fixtures/chicago-employees-sample.csv')
const dir = tempDir()

describe('importing real payroll data (City of Chicago sample)', () => {
  const people = readChicago(SAMPLE)
  const csv = path.join(dir, 'chicago.csv')
  const workbook = path.join(dir, 'chicago.paycycle')

  beforeAll(() => fs.writeFileSync(csv, chicagoImportCsv(people)))

  it('imports every person with their real name, pay basis and exact pay', async () => {
    const { code, json } = await cli('import', workbook, csv, '--json')
    expect(json[0]).toEqual({
      status: 'imported',
      rows: people.length,
      imported: people.length,
      created: people.length,
      updated: 0,
      unchanged: 0,
      plansAffected: 0,
      planMode: 'keep-percent',
      errors: [],
      warnings: [],
    })
    expect(code).toBe(0)
    const db = await openWorkbook(workbook, { readonly: true })
    const stored = db.sqlite
      .prepare(
        'SELECT company_employee_id AS id, name, salaried, current_salary AS cents FROM employee ORDER BY id',
      )
      .all() as { id: string; name: string; salaried: number; cents: number }[]
    const departments = db.sqlite.prepare('SELECT COUNT(*) FROM team').pluck().get()
    await db.close()
    expect(stored).toEqual(
      people.map((p) => ({
        id: p.employeeId,
        name: p.name,
        salaried: p.salaried ? 1 : 0,
        cents: Math.round(Number(p.pay) * 100),
      })),
    )
    // Names such as "CABALLERO, SAMUEL A" hold a comma and reach the workbook whole.
    expect(stored.filter((p) => p.name.includes(',')).length).toBe(people.length)
    expect(stored.some((p) => p.salaried === 0)).toBe(true)
    // One team per department head who manages someone.
    const heads = new Set(people.map((p) => p.department))
    const managed = [...heads].filter((d) => people.filter((p) => p.department === d).length > 1)
    expect(departments).toBe(managed.length)
  })

  it('exports the people back in the import format, quoting the names, and re-imports them unchanged', async () => {
    const out = path.join(dir, 'chicago-out.csv')
    expect((await cli('export', workbook, out)).code).toBe(0)
    const exported = fs.readFileSync(out, 'utf8')
    expect(exported).toContain(`"${people[0].name}"`)
    const again = path.join(dir, 'again.paycycle')
    const result = (await cli('import', again, out, '--json')).json[0] as ImportResult
    expect(result.status).toBe('imported')
    const back = path.join(dir, 'back.csv')
    await cli('export', again, back)
    expect(fs.readFileSync(back, 'utf8')).toBe(exported)
  })

  it('exports every value of the source file as it came in (after the documented normalisation)', async () => {
    const out = path.join(dir, 'chicago-out.csv')
    expect((await cli('export', workbook, out)).code).toBe(0)
    const source = parse(fs.readFileSync(csv), { columns: true }) as Record<string, string>[]
    const exported = new Map(
      (parse(fs.readFileSync(out), { columns: true }) as Record<string, string>[]).map((r) => [
        r['Employee Id'],
        r,
      ]),
    )
    expect(exported.size).toBe(source.length)
    const changed: string[] = []
    for (const row of source) {
      const back = exported.get(row['Employee Id']) ?? {}
      for (const [header, value] of Object.entries(row)) {
        if (normalised(header, value) !== back[header])
          changed.push(`${row['Employee Id']} ${header}: ${value} → ${back[header]}`)
      }
    }
    expect(changed).toEqual([])
  })
})

/**
 * docs/decisions.md (import): the export writes amounts without trailing zeros ('52.80' → '52.8') and
 * the spec's defaults for blank optional columns (Employment Status 'Active', Performance Rating 1,
 * Promotion and Exemption Status false); every other value comes back exactly as written.
 */
function normalised(header: string, value: string): string {
  if (header === 'Current Base Pay (Country Currency)' || header.endsWith(' Pay'))
    return String(Number(value))
  if (value !== '') return value
  const defaults: Record<string, string> = {
    'Employment Status': 'Active',
    'Performance Rating': '1',
    Promotion: 'false',
    'Exemption Status': 'false',
  }
  return defaults[header] ?? value
}

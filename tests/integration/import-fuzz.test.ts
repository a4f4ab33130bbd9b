import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import type { ImportSummary } from '../../src-shared/contract'
import { IMPORT_COLUMNS } from '../../src-shared/domain/import-format'
import { contentFingerprint } from '../support/fingerprint'
import { testBackend } from '../support/session'
import { tempDir } from '../support/temp'

const dir = tempDir()
const file = path.join(dir, 'fuzz.paycycle')
const { dispatcher, session } = testBackend(dir)

/** Cells that are valid for some column, invalid for others, or hostile to a CSV reader. */
const cell = fc.oneof(
  fc.constantFrom(
    '',
    'n/a',
    'NULL',
    '-',
    'yes',
    'no',
    'maybe',
    'USD',
    'eur',
    'XYZ',
    '2020-01-31',
    '2/30/2024',
    '13/1/2020',
  ),
  fc.constantFrom('1', '0', '-5', '1,234.56', '1e3', 'abc', 'a@b.co', 'not mail', '=SUM(A1)', "'=x"),
  fc.constantFrom('E1', 'E2', 'E3', 'E4', 'J1', 'J2', 'R1', 'R2'),
  fc.string({ maxLength: 12 }),
  fc.string({ maxLength: 6 }).map((s) => `"${s}`),
  fc.string({ maxLength: 6 }).map((s) => `${s},\n"${s}`),
)

function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

const csvFile = fc
  .record({
    headers: fc.subarray(
      IMPORT_COLUMNS.map((c) => c.header),
      { minLength: 1 },
    ),
    rows: fc.array(fc.array(cell, { minLength: 0, maxLength: 31 }), { maxLength: 12 }),
    bom: fc.boolean(),
    eol: fc.constantFrom('\n', '\r\n'),
    quoteAll: fc.boolean(),
    raw: fc.boolean(),
  })
  .map(({ headers, rows, bom, eol, quoteAll, raw }) => {
    const render = (values: string[]) =>
      values.map((v) => (raw ? v : quoteAll ? `"${v.replace(/"/g, '""')}"` : field(v))).join(',')
    return (bom ? '\uFEFF' : '') + [render(headers), ...rows.map(render)].join(eol) + eol
  })

/** A plausible value for each column type, so that many generated files import cleanly. */
const VALID: Record<string, fc.Arbitrary<string>> = {
  string: fc.constantFrom('Ada', 'Ng, Bo', 'O\'Neil "Jr"', 'J1', 'R1'),
  number: fc.constantFrom('0', '12', '1,500.25'),
  boolean: fc.constantFrom('true', 'no', 'Y'),
  date: fc.constantFrom('2020-02-29', '1/31/2019'),
  currency: fc.constantFrom('USD', 'usd'),
  email: fc.constantFrom('a@b.co', ''),
}

/** Keys per row (unique id, own job code and pay range) so that consistency rules rarely fire. */
const OWN_KEY: Partial<Record<string, (id: number) => string>> = {
  employeeId: (id) => `F${id}`,
  jobCode: (id) => `J${id}`,
  payRangeName: (id) => `R${id}`,
  managerEmployeeId: () => '',
  planner: () => '',
  newJobCode: () => '',
}

const plausibleFile = fc
  .uniqueArray(
    fc.tuple(
      fc.integer({ min: 1, max: 99_999 }),
      fc.tuple(
        ...IMPORT_COLUMNS.map((c) =>
          fc.oneof({ weight: 30, arbitrary: VALID[c.type] }, { weight: 1, arbitrary: cell }),
        ),
      ),
    ),
    { minLength: 1, maxLength: 8, selector: ([id]) => id },
  )
  .map((rows) => {
    const lines = rows.map(([id, values]) =>
      values.map((v, i) => OWN_KEY[IMPORT_COLUMNS[i].field]?.(id) ?? field(v)).join(','),
    )
    return [IMPORT_COLUMNS.map((c) => c.header).join(','), ...lines].join('\r\n')
  })

/**
 * A generated file with some bytes overwritten: stray UTF-8 lead and continuation bytes, Windows-1252
 * letters and NULs (what a file saved in another encoding, or a damaged one, holds).
 */
const damagedFile = fc
  .tuple(
    fc.oneof(csvFile, plausibleFile),
    fc.array(fc.tuple(fc.nat(), fc.constantFrom(0x00, 0x80, 0x92, 0xbf, 0xc3, 0xe9, 0xf0, 0xfc, 0xff)), {
      minLength: 1,
      maxLength: 4,
    }),
  )
  .map(([text, hits]) => {
    const bytes = Buffer.from(text, 'utf8')
    for (const [at, byte] of hits) bytes[at % bytes.length] = byte
    return bytes
  })

/**
 * The workbook's whole content (every row of every table, the schema), as the kill tests hash it;
 * integrity and references are checked after each commit.
 */
function state(checked = false): string {
  const workbook = session.workbook
  if (!workbook) throw new Error('no workbook')
  return contentFingerprint(workbook.sqlite, checked).hash
}

const RUNS = Number(process.env.FUZZ_RUNS ?? 500)
const SEED = Number(process.env.FUZZ_SEED ?? 20261122)

describe('generated CSVs never crash the importer and never write a partial import (judged by content)', () => {
  beforeAll(async () => {
    const created = await dispatcher.dispatch('workbook.create', {
      path: file,
      companyName: 'Fuzz',
      ownerName: 'Owner',
      ownerEmail: 'owner@fuzz.test',
    })
    expect(created.ok).toBe(true)
  })

  it(
    `${RUNS} files`,
    async () => {
      console.log(`FUZZ_SEED=${SEED}`)
      let runs = 0
      let commits = 0
      let refusedForBytes = 0
      await fc.assert(
        fc.asyncProperty(fc.oneof(csvFile, plausibleFile, damagedFile), async (text) => {
          const csv = path.join(dir, `fuzz-${runs++}.csv`)
          fs.writeFileSync(csv, text)
          const before = state()
          const started = await dispatcher.dispatch('import.start', { path: csv })
          if (!started.ok) throw new Error(started.error.message)
          const read: ImportSummary = await session.imports.whenSettled(started.value.importId)
          expect(['review', 'aborted']).toContain(read.phase)
          if (read.abortReason && ['NotCsv', 'MixedEncoding'].includes(read.abortReason.code))
            refusedForBytes++
          if (read.phase === 'review' && read.errorCount === 0 && read.rows > 0) {
            const committed = await dispatcher.dispatch('import.commit', { importId: read.importId })
            if (!committed.ok) {
              // A refused commit (a reference the write checks) must leave nothing behind.
              expect(committed.error.code).not.toBe('INTERNAL')
              expect(state()).toBe(before)
            } else {
              expect(committed.value.imported).toBe(read.rows)
              // At least its import batch is recorded; integrity and references still hold.
              expect(state(true)).not.toBe(before)
              commits++
            }
          } else {
            const refused = await dispatcher.dispatch('import.commit', { importId: read.importId })
            expect(refused.ok).toBe(false)
            expect(state()).toBe(before)
          }
          const settled = state()
          await dispatcher.dispatch('import.discard', { importId: read.importId })
          expect(state()).toBe(settled)
          fs.rmSync(csv)
        }),
        { numRuns: RUNS, seed: SEED },
      )
      console.log(`${runs} files: ${commits} committed, ${refusedForBytes} refused for their bytes`)
      // The property must have met committed imports too, not only refusals.
      expect(commits).toBeGreaterThan(RUNS / 25)
      // …and files refused for their bytes.
      expect(refusedForBytes).toBeGreaterThan(RUNS / 100)
    },
    Math.max(120_000, RUNS * 400),
  )
})

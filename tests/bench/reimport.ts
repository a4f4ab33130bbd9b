import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openCliSession, type CliSession } from '../../src-main/cli/workbook-session'
import { createWorkbook } from '../../src-main/services/workbooks'
import { generateDemoCompany, writeImportCsv } from '../../src-main/workbook/demo'
import { row, timed } from './measure'

/**
 * The re-import target (issue 41): the demo CSV imported into a new workbook, then the same file
 * with 10 % of its rows changed (their pay) imported again. Each import is timed in two parts:
 * staging (read, validate, classify, the review screen's first preview ready) and commit. At
 * 100,000 and 1,000 rows, once each (the machine is shared: ratios matter, not absolute times).
 * vsImport = 100k re-import total ÷ 100k first import (target ≤ 2);
 * scale = per-row 100k re-import ÷ per-row 1k re-import (target ≤ 1.5).
 */
const SIZES = [100_000, 1_000] as const
const CHANGED_EVERY = 10
const PAY_COLUMN = 'Current Base Pay (Country Currency)'

interface Timing {
  staging: number
  commit: number
}

export async function reimportBench(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-reimport-bench-'))
  try {
    const results = new Map<number, { first: Timing; again: Timing }>()
    for (const rows of SIZES) {
      const csv = path.join(dir, `employees-${rows}.csv`)
      await writeImportCsv(generateDemoCompany({ employees: rows, seed: 1 }), csv)
      const changed = path.join(dir, `employees-${rows}-changed.csv`)
      const count = writeChanged(csv, changed)
      const workbook = path.join(dir, `wb-${rows}.paycycle`)
      const created = await createWorkbook(workbook, {
        companyName: 'Bench',
        ownerName: 'bench',
        ownerEmail: 'bench@localhost',
      })
      await created.close()
      const session = await openCliSession(workbook, undefined)
      try {
        const first = await importOnce(session, csv, rows, 0)
        const again = await importOnce(session, changed, rows, count)
        results.set(rows, { first, again })
        row(`${rows} rows, first import`, describe(first))
        row(`${rows} rows, re-import (${count} changed)`, describe(again))
      } finally {
        await session.close()
      }
    }
    const big = results.get(SIZES[0])
    const small = results.get(SIZES[1])
    if (!big || !small) throw new Error('a size did not run')
    const total = (t: Timing) => t.staging + t.commit
    const vsImport = total(big.again) / total(big.first)
    const scale = total(big.again) / SIZES[0] / (total(small.again) / SIZES[1])
    console.log(`reimport ratios: vsImport=${vsImport.toFixed(2)} scale=${scale.toFixed(2)}`)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

function describe(t: Timing): string {
  return `staging ${t.staging.toFixed(0)} ms, commit ${t.commit.toFixed(0)} ms, total ${(t.staging + t.commit).toFixed(0)} ms`
}

/** One import as the review screen drives it: start, settled, first preview page, commit. */
async function importOnce(session: CliSession, csv: string, rows: number, changed: number): Promise<Timing> {
  const staged = await timed(async () => {
    const { importId } = await session.call('import.start', { path: csv })
    const settled = await session.importSettled(importId)
    const preview = await session.call('import.preview', { importId, list: 'updated', offset: 0, limit: 50 })
    return { settled, preview }
  })
  const { settled, preview } = staged.value
  if (settled.phase !== 'review' || settled.errorCount > 0 || settled.rows !== rows)
    throw new Error(
      `staging ended in phase ${settled.phase}, ${settled.rows} rows, ${settled.errorCount} errors`,
    )
  if (preview.total !== changed) throw new Error(`the preview lists ${preview.total} updated, not ${changed}`)
  const committed = await timed(() => session.call('import.commit', { importId: settled.importId }))
  if (committed.value.imported !== rows) throw new Error(`imported ${committed.value.imported}, not ${rows}`)
  return { staging: staged.ms, commit: committed.ms }
}

/** The file with every tenth row's pay raised by 1,000; returns how many rows changed. */
function writeChanged(source: string, target: string): number {
  const lines = fs.readFileSync(source, 'utf8').split('\n')
  const header = lines[0].replace(/^\uFEFF/, '').split(',')
  const column = header.findIndex((h) => h.replace(/"/g, '').trim() === PAY_COLUMN)
  if (column < 0) throw new Error(`the demo CSV has no "${PAY_COLUMN}" column: ${lines[0]}`)
  let changed = 0
  for (let i = 1; i < lines.length; i++) {
    if (lines[i] === '' || i % CHANGED_EVERY !== 0) continue
    const cells = splitCsvLine(lines[i])
    if (cells.length !== header.length) throw new Error(`row ${i} has ${cells.length} cells: ${lines[i]}`)
    cells[column] = String(Number(cells[column]) + 1000)
    lines[i] = cells.join(',')
    changed++
  }
  fs.writeFileSync(target, lines.join('\n'))
  return changed
}

/** A CSV line's cells, each kept as written (quotes included), split on the commas outside quotes. */
function splitCsvLine(line: string): string[] {
  const cells: string[] = []
  let start = 0
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted
    else if (line[i] === ',' && !quoted) {
      cells.push(line.slice(start, i))
      start = i + 1
    }
  }
  cells.push(line.slice(start))
  return cells
}

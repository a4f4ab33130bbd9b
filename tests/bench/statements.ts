import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createDemoWorkbook } from '../../src-main/services/workbooks'
import { row } from './measure'

interface Figures {
  written: number
  ms: number
  /** CPU time of the child (every thread), which other sessions on a shared machine disturb far less. */
  cpuMs: number
  peakRssMiB: number
  rssBeforeMiB: number
  peakHeapMiB: number
  bytes: number
  combinedBytes: number
}

/**
 * Reward statements at 1,000 and 10,000 employees: every statement as its own PDF plus the combined
 * PDF, each size in a fresh process. Ends with `statements ratios: scale=<x> memory=<y>`: time per
 * statement at 10k ÷ at 1k (CPU time; target ≤ 1.2) and peak memory (RSS) at 10k ÷ at 1k (target ≤ 1.3).
 */
export async function statementsBench(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-bench-statements-'))
  const child = path.join(__dirname, 'statements-child.ts')
  const results = new Map<number, Figures>()
  try {
    for (const employees of [1_000, 10_000]) {
      const file = path.join(dir, `demo-${employees}.paycycle`)
      const workbook = await createDemoWorkbook(file, { employees, seed: 1 })
      await workbook.close()
      const out = path.join(dir, `out-${employees}`)
      const run = spawnSync(process.execPath, ['--import', 'tsx', child, file, out], {
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      })
      if (run.status !== 0) throw new Error(`statements bench at ${employees} failed:\n${run.stderr}`)
      const figures = JSON.parse(run.stdout.trim().split('\n').at(-1) as string) as Figures
      results.set(employees, figures)
      row(
        `${employees.toLocaleString('en-US')} statements (+ combined PDF)`,
        `${(figures.ms / 1000).toFixed(1)} s`,
      )
      row('  per statement (wall clock)', `${(figures.ms / figures.written).toFixed(2)} ms`)
      row('  per statement (CPU time)', `${(figures.cpuMs / figures.written).toFixed(2)} ms`)
      row(
        '  PDFs written',
        `${(figures.bytes / 1024 / 1024).toFixed(1)} MiB (combined ${(figures.combinedBytes / 1024 / 1024).toFixed(1)} MiB)`,
      )
      row(
        '  peak RSS (process)',
        `${figures.peakRssMiB.toFixed(0)} MiB (before the batch ${figures.rssBeforeMiB.toFixed(0)} MiB)`,
      )
      row('  peak JS heap during the batch', `${figures.peakHeapMiB.toFixed(0)} MiB`)
      fs.rmSync(out, { recursive: true, force: true })
    }
    const small = results.get(1_000) as Figures
    const large = results.get(10_000) as Figures
    const perStatement = (f: Figures, time: number) => time / f.written
    const wall = perStatement(large, large.ms) / perStatement(small, small.ms)
    // The ratio is read from CPU time: the machine is shared, and another session's burst during
    // the short 1,000 run moves the wall-clock ratio by ±0.2 from run to run.
    const scale = perStatement(large, large.cpuMs) / perStatement(small, small.cpuMs)
    const memory = large.peakRssMiB / small.peakRssMiB
    row('wall-clock ratio (10,000 ÷ 1,000)', wall.toFixed(2))
    console.log(`statements ratios: scale=${scale.toFixed(2)} memory=${memory.toFixed(2)}`)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

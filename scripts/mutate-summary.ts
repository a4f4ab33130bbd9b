/**
 * The summary `npm run mutate` prints (scripts/mutate.mjs): each batch's last Stryker JSON report,
 * whether it is still current, and per target folder the mutants killed, survived, not covered,
 * timed out and not compiling, the score and whether the target is met.
 *
 * The counting is mutation-testing-metrics' (the package Stryker's own reporters use): the score is
 * (killed + timeout) ÷ (killed + timeout + survived + no coverage); mutants that do not compile, that
 * crash the runner and ignored (static) ones are not counted. That is the raw score. The score the
 * targets are judged by also leaves out the survivors the ledger of equivalent mutants lists
 * (tests/mutation/equivalent.json, scripts/mutate-ledger.ts), each with its proof; an entry whose
 * mutant was killed or no longer exists is reported for removal.
 */
import { calculateMetrics } from 'mutation-testing-metrics'
import type { Metrics } from 'mutation-testing-metrics'
import type { FileResultDictionary, MutationTestResult } from 'mutation-testing-report-schema'
import type { MutateBatch, MutateTarget } from './mutate-batches'
import {
  applyLedger,
  formatLedgerProblem,
  ledgerKey,
  ledgerProblems,
  type LedgerEntry,
  type LedgerProblem,
} from './mutate-ledger'

export interface BatchRun {
  /** When the driver last finished a Stryker run of the batch. */
  finishedAt: string
  seconds: number
  /** `uptime`'s load averages (1, 5, 15 min) when the run started and when it ended. */
  loadBefore: readonly number[]
  loadAfter: readonly number[]
  concurrency: number
  exitCode: number
  /** The batch's `tests` when it ran (null: the target's whole vitest config). */
  tests?: readonly string[] | null
}

export interface BatchInput {
  /** The batch's last JSON report, or null when there is none. */
  report: MutationTestResult | null
  /** When that report was written (its file's modification time). */
  reportTime: Date | null
  run: BatchRun | null
}

/** What the summary reads from disk, given so that it can be tested with made-up files. */
export interface SourceReader {
  /** The file's text, or null when it does not exist. */
  read(path: string): string | null
  /** The file's modification time, or null when it does not exist. */
  modifiedAt(path: string): Date | null
}

export type BatchState = 'current' | 'stale' | 'no result'

export interface BatchRow {
  batch: MutateBatch
  state: BatchState
  /** Why a result is stale: the files or tests changed since it was measured. */
  reasons: string[]
  /** The score the target is judged by: the ledger's survivors left out. */
  metrics: Metrics | null
  /** Every survivor counted. */
  rawMetrics: Metrics | null
  /** Survivors the ledger takes out as equivalent (null: no result). */
  equivalent: number | null
  run: BatchRun | null
}

export type FolderStatus = 'met' | 'NOT met' | 'incomplete'

export interface FolderRow {
  target: MutateTarget
  /** Counted over every batch of the folder that has a result (current or stale), the ledger applied. */
  metrics: Metrics
  rawMetrics: Metrics
  equivalent: number
  status: FolderStatus
  batches: number
  withoutResult: string[]
  stale: string[]
  /** Files of the folder that no batch mutates. */
  unbatched: string[]
}

export interface MutateSummary {
  batches: BatchRow[]
  folders: FolderRow[]
  /** Ledger entries to remove: their mutant was killed, no longer exists, or is listed twice. */
  ledgerProblems: LedgerProblem[]
  /** Every target measured in full and met, and the ledger clean. */
  allMet: boolean
}

/** Whether a batch's report still describes its files and the tests that ran. */
export function batchState(
  batch: MutateBatch,
  input: BatchInput,
  sources: SourceReader,
): { state: BatchState; reasons: string[] } {
  const { report, reportTime } = input
  if (!report) return { state: 'no result', reasons: [] }
  const reasons: string[] = []
  for (const file of batch.files) {
    const measured = report.files[file]
    const now = sources.read(file)
    if (now === null) {
      reasons.push(`${file} is gone`)
    } else if (measured) {
      if (measured.source !== now) reasons.push(`${file} changed`)
    } else {
      // Stryker leaves out a file in which it finds no mutant; only its time can tell.
      const modified = sources.modifiedAt(file)
      if (!reportTime || (modified && modified > reportTime)) reasons.push(`${file} changed`)
    }
  }
  for (const file of Object.keys(report.files)) {
    if (!batch.files.includes(file)) reasons.push(`${file} is no longer in the batch`)
  }
  const ran = input.run?.tests ?? null
  const wanted = batch.tests ?? null
  if (JSON.stringify(ran) !== JSON.stringify(wanted)) reasons.push('its list of test files changed')
  for (const [file, tests] of Object.entries(report.testFiles ?? {})) {
    if (tests.source === undefined) continue
    const now = sources.read(file)
    if (now === null) reasons.push(`test ${file} is gone`)
    else if (now !== tests.source) reasons.push(`test ${file} changed`)
  }
  return { state: reasons.length > 0 ? 'stale' : 'current', reasons }
}

function batchFiles(batch: MutateBatch, report: MutationTestResult): FileResultDictionary {
  const files: FileResultDictionary = {}
  for (const file of batch.files) {
    const result = report.files[file]
    if (result) files[file] = result
  }
  return files
}

/**
 * Puts the batches' reports together per target folder.
 * @param inputs each batch's last report, by batch name (absent: never run)
 * @param folderFiles every source file of each target folder, to find those no batch mutates
 */
export function summarize(
  targets: readonly MutateTarget[],
  batches: readonly MutateBatch[],
  inputs: ReadonlyMap<string, BatchInput>,
  folderFiles: ReadonlyMap<string, readonly string[]>,
  sources: SourceReader,
  ledger: readonly LedgerEntry[] = [],
): MutateSummary {
  const none: BatchInput = { report: null, reportTime: null, run: null }
  const listed = new Set(ledger.map(ledgerKey))
  const measured = new Map<string, FileResultDictionary[string] | null>()
  const rows: BatchRow[] = batches.map((batch) => {
    const input = inputs.get(batch.name) ?? none
    const { state, reasons } = batchState(batch, input, sources)
    const files = input.report ? batchFiles(batch, input.report) : null
    if (input.report) for (const file of batch.files) measured.set(file, input.report.files[file] ?? null)
    const judged = files ? applyLedger(files, listed) : null
    return {
      batch,
      state,
      reasons,
      metrics: judged ? calculateMetrics(judged.files).metrics : null,
      rawMetrics: files ? calculateMetrics(files).metrics : null,
      equivalent: judged ? judged.equivalent : null,
      run: input.run,
    }
  })
  const folders: FolderRow[] = targets.map((target) => {
    const own = rows.filter((row) => row.batch.folder === target.folder)
    const files: FileResultDictionary = {}
    for (const row of own) {
      const report = inputs.get(row.batch.name)?.report
      if (report) Object.assign(files, batchFiles(row.batch, report))
    }
    const judged = applyLedger(files, listed)
    const metrics = calculateMetrics(judged.files).metrics
    const batched = new Set(own.flatMap((row) => row.batch.files))
    const unbatched = (folderFiles.get(target.folder) ?? []).filter((file) => !batched.has(file))
    const withoutResult = own.filter((row) => row.state === 'no result').map((row) => row.batch.name)
    const stale = own.filter((row) => row.state === 'stale').map((row) => row.batch.name)
    const complete = withoutResult.length === 0 && stale.length === 0 && unbatched.length === 0
    const met = metrics.mutationScore >= target.minScore
    const status: FolderStatus = !complete ? 'incomplete' : met ? 'met' : 'NOT met'
    return {
      target,
      metrics,
      rawMetrics: calculateMetrics(files).metrics,
      equivalent: judged.equivalent,
      status,
      batches: own.length,
      withoutResult,
      stale,
      unbatched,
    }
  })
  const problems = ledgerProblems(ledger, measured)
  return {
    batches: rows,
    folders,
    ledgerProblems: problems,
    allMet: problems.length === 0 && folders.every((folder) => folder.status === 'met'),
  }
}

export function formatScore(score: number): string {
  return Number.isNaN(score) ? '–' : `${(Math.floor(score * 10) / 10).toFixed(1)} %`
}

function formatSeconds(seconds: number): string {
  const minutes = Math.floor(seconds / 60)
  return minutes > 0 ? `${minutes} min ${Math.round(seconds % 60)} s` : `${Math.round(seconds)} s`
}

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = head.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i].length)))
  const line = (row: readonly string[]) =>
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join('  ')
      .trimEnd()
  return [line(head), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n')
}

const COUNTS = [
  'killed',
  'survived',
  'no cov.',
  'timeout',
  'not compiling',
  'equivalent',
  'raw score',
] as const

/** `metrics` with the ledger applied: its survivors are the ones no ledger entry covers. */
function counts(metrics: Metrics, raw: Metrics, equivalent: number): string[] {
  return [
    metrics.killed,
    metrics.survived,
    metrics.noCoverage,
    metrics.timeout,
    metrics.compileErrors,
    equivalent,
  ]
    .map(String)
    .concat(formatScore(raw.mutationScore))
}

/** The text `npm run mutate` prints: one row per batch, then one per target folder. */
export function formatSummary(summary: MutateSummary): string {
  const batchRows = summary.batches.map((row) => [
    row.batch.name,
    ...(row.metrics && row.rawMetrics
      ? counts(row.metrics, row.rawMetrics, row.equivalent ?? 0)
      : COUNTS.map(() => '')),
    row.metrics ? formatScore(row.metrics.mutationScore) : '',
    row.state,
    row.run
      ? `${formatSeconds(row.run.seconds)} (load ${row.run.loadBefore[0]}–${row.run.loadAfter[0]})`
      : '',
  ])
  const folderRows = summary.folders.map((folder) => [
    folder.target.folder,
    ...counts(folder.metrics, folder.rawMetrics, folder.equivalent),
    formatScore(folder.metrics.mutationScore),
    `≥ ${folder.target.minScore} %`,
    folder.status,
  ])
  const notes: string[] = []
  for (const folder of summary.folders) {
    const name = folder.target.folder
    if (folder.withoutResult.length > 0) {
      notes.push(`${name}: no result yet for ${folder.withoutResult.join(', ')}`)
    }
    if (folder.stale.length > 0)
      notes.push(`${name}: stale, older than their files or tests (see below): ${folder.stale.join(', ')}`)
    if (folder.unbatched.length > 0) notes.push(`${name}: in no batch: ${folder.unbatched.join(', ')}`)
  }
  for (const row of summary.batches) {
    if (row.reasons.length > 0) notes.push(`${row.batch.name}: ${row.reasons.join('; ')}`)
  }
  if (summary.ledgerProblems.length > 0) {
    notes.push(`tests/mutation/equivalent.json: remove these ${summary.ledgerProblems.length} entries:`)
    notes.push(...summary.ledgerProblems.map(formatLedgerProblem))
  }
  return [
    table(['batch', ...COUNTS, 'score', 'result', 'last run'], batchRows),
    '',
    table(['folder', ...COUNTS, 'score', 'target', ''], folderRows),
    ...(notes.length > 0 ? ['', ...notes] : []),
    '',
    '"equivalent": survivors tests/mutation/equivalent.json lists with a proof, left out of "score";',
    '"raw score" counts them as survivors. Static mutants are left out of both and not shown.',
    '',
    summary.allMet
      ? 'All targets met.'
      : 'Targets not all met (or not all measured), or ledger entries to remove.',
  ].join('\n')
}

import type { ImportProgressStep } from '../../src-shared/contract'

/** Where the CLI's progress goes: stderr, and whether it is a terminal. */
export interface ProgressStream {
  isTTY: boolean
  write(chunk: string): void
}

export type ProgressMode = 'json' | 'bar' | 'none'

/** `--progress` prints JSON lines; otherwise a terminal gets a bar and a pipe or file nothing. */
export function progressMode(asked: boolean, stream: ProgressStream | undefined): ProgressMode {
  if (!stream) return 'none'
  if (asked) return 'json'
  return stream.isTTY ? 'bar' : 'none'
}

/** One `--progress` line: `{"phase":"write","done":1200,"total":3000}` (total null while reading). */
export function progressLine(step: ImportProgressStep): string {
  return `${JSON.stringify({ phase: step.phase, done: step.rows, total: step.rowsTotal })}\n`
}

const BAR_WIDTH = 30
const PHASE_LABELS: Record<ImportProgressStep['phase'], string> = {
  read: 'Reading',
  validate: 'Checking',
  write: 'Writing',
  commit: 'Saving',
}

/** The terminal's bar, redrawn in place: `Writing  [#########.....]  1,200 / 3,000 rows`. */
export function progressBar(step: ImportProgressStep): string {
  const count = step.rows.toLocaleString('en-US')
  if (step.rowsTotal === null) return `\r${PHASE_LABELS[step.phase].padEnd(9)}${count} rows\x1b[K`
  // Saving is the last step: the rows are all written by then.
  const share = step.phase === 'commit' || step.rowsTotal === 0 ? 1 : Math.min(1, step.rows / step.rowsTotal)
  const filled = Math.round(share * BAR_WIDTH)
  const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}]`
  return `\r${PHASE_LABELS[step.phase].padEnd(9)}${bar}  ${count} / ${step.rowsTotal.toLocaleString('en-US')} rows\x1b[K`
}

/** Reports an import's steps to `stream` as `mode` says; `end` finishes the bar's line. */
export function importProgress(mode: ProgressMode, stream: ProgressStream | undefined) {
  let drawn = false
  let last = ''
  return {
    step(step: ImportProgressStep): void {
      if (!stream || mode === 'none') return
      // A small file is read in one chunk: its last chunk and the end of the read are the same step.
      const line = progressLine(step)
      if (line === last) return
      last = line
      if (mode === 'json') stream.write(line)
      else {
        stream.write(progressBar(step))
        drawn = true
      }
    },
    end(): void {
      if (drawn) stream?.write('\n')
      drawn = false
    },
  }
}

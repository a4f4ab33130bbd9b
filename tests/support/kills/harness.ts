import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { workbookFingerprint, type Fingerprint } from '../fingerprint'
import { below } from '../seeded'

/** One progress line of a child: the CLI import's `--progress` or the SQL tracer's. */
export interface Step {
  phase: string
  done: number
  total: number | null
}

export interface ChildRun {
  steps: Step[]
  /** Ended by our SIGKILL (not before it). */
  killed: boolean
  code: number | null
  /** What the child printed on stderr besides its steps. */
  stderr: string
  /** Milliseconds from the start until the `-wal` file first held bytes (null: never seen). */
  walGrewMs: number | null
  /** …and until it was empty or gone again, checkpointed (null: not seen). */
  walGoneMs: number | null
  /** The `-wal` file's size once the child ended: bytes not yet checkpointed into the workbook. */
  walLeft: number
  ms: number
}

/** When to kill: once the child printed line `atLine` (0-based), or `afterWalMs` after the WAL grew. */
export interface KillPlan {
  atLine?: number
  afterWalMs?: number
}

function parseStep(line: string): Step | null {
  if (!line.startsWith('{"phase"')) return null
  try {
    return JSON.parse(line) as Step
  } catch {
    return null
  }
}

function walSize(wal: string): number {
  try {
    return fs.statSync(wal).size
  } catch {
    return 0
  }
}

/** Runs `node <args>` on `file`, reading its stderr line by line and killing it as `plan` says. */
export function runChild(args: string[], env: NodeJS.ProcessEnv, file: string, plan: KillPlan = {}) {
  const wal = `${file}-wal`
  const started = performance.now()
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] })
  const steps: Step[] = []
  let stderr = ''
  let pending = ''
  let walGrewMs: number | null = null
  let walGoneMs: number | null = null
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (chunk: string) => {
    pending += chunk
    for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
      const line = pending.slice(0, end)
      pending = pending.slice(end + 1)
      const step = parseStep(line)
      if (!step) stderr += `${line}\n`
      else if (steps.push(step) - 1 === plan.atLine) kill()
    }
  })
  const poll = setInterval(() => {
    const size = walSize(wal)
    if (walGrewMs === null && size > 0) {
      walGrewMs = performance.now() - started
      if (plan.afterWalMs !== undefined) setTimeout(kill, plan.afterWalMs)
    } else if (walGrewMs !== null && walGoneMs === null && size === 0) walGoneMs = performance.now() - started
  }, 1)
  return new Promise<ChildRun>((resolve) => {
    child.once('close', (code, signal) => {
      clearInterval(poll)
      resolve({
        steps,
        killed: signal === 'SIGKILL',
        code,
        stderr: stderr + pending,
        walGrewMs,
        walGoneMs,
        walLeft: walSize(wal),
        ms: performance.now() - started,
      })
    })
  })
}

/**
 * Where a kill landed: the last step the child printed before it died; once the commit returned,
 * 'checkpoint' while the WAL still held the commit (not yet copied into the workbook file) and
 * 'closed' after; 'start' before any step, 'finished' when the child ended before the kill.
 */
export function landedPhase(run: ChildRun): string {
  if (!run.killed) return 'finished'
  const last = run.steps.at(-1)
  if (!last) return 'start'
  if ((last.phase === 'commit' && last.done > 0) || last.phase === 'close')
    return run.walLeft > 0 ? 'checkpoint' : 'closed'
  return last.phase
}

/** The phases where the data is written: the transaction's writes, its commit, its checkpoint. */
export const WRITING_PHASES: readonly string[] = ['write', 'commit', 'checkpoint']

export type Trigger = 'line' | 'wal'
export interface Kill {
  trigger: Trigger
  /** The line killed on, or the delay after the WAL grew (ms). */
  at: number
  landed: string
  outcome: 'before' | 'after' | 'neither'
  rows: Record<string, number>
  /** Why the workbook could not be opened or checked afterwards, if so. */
  error?: string
}

export interface Writer {
  name: string
  /** The workbook every kill starts from (copied). */
  base: string
  /** The node arguments that run the writer on `target`. */
  args(target: string): string[]
  env: NodeJS.ProcessEnv
}

export interface Series {
  before: Fingerprint
  after: Fingerprint
  reference: ChildRun
  kills: Kill[]
}

function copyBase(base: string, target: string): void {
  for (const suffix of ['', '-wal', '-shm', '.lock']) fs.rmSync(target + suffix, { force: true })
  fs.copyFileSync(base, target)
}

/**
 * One full run (the 'after' state, its line count and how long the WAL holds data),
 * then `count` kills alternating between a seeded line and a seeded delay after the WAL grew.
 */
export async function killSeries(writer: Writer, dir: string, count: number, random: () => number) {
  const before = await workbookFingerprint(writer.base)
  const complete = path.join(dir, `${writer.name}-complete.paycycle`)
  copyBase(writer.base, complete)
  const reference = await runChild(writer.args(complete), writer.env, complete)
  if (reference.code !== 0) throw new Error(`${writer.name} failed: ${reference.stderr}`)
  const after = await workbookFingerprint(complete)
  // The WAL kills fall between the WAL's growth and its checkpoint (or the end of the run).
  const grew = reference.walGrewMs ?? 0
  const writing = Math.max(1, (reference.walGoneMs ?? reference.ms) - grew)
  const kills: Kill[] = []
  for (let index = 0; index < count; index++) {
    const trigger: Trigger = index % 2 === 0 ? 'line' : 'wal'
    const at = trigger === 'line' ? below(random, reference.steps.length) : Math.round(random() * writing)
    const target = path.join(dir, `${writer.name}-kill.paycycle`)
    copyBase(writer.base, target)
    const run = await runChild(
      writer.args(target),
      writer.env,
      target,
      trigger === 'line' ? { atLine: at } : { afterWalMs: at },
    )
    const landed = landedPhase(run)
    try {
      const state = await workbookFingerprint(target)
      const outcome = state.hash === before.hash ? 'before' : state.hash === after.hash ? 'after' : 'neither'
      kills.push({ trigger, at, landed, outcome, rows: state.rows })
    } catch (error) {
      kills.push({ trigger, at, landed, outcome: 'neither', rows: {}, error: String(error) })
    }
  }
  return { before, after, reference, kills } satisfies Series
}

/** The figures: kills per trigger and landing phase, and the outcomes. */
export function killFigures(name: string, kills: readonly Kill[]): string {
  const count = (keep: (k: Kill) => boolean) => kills.filter(keep).length
  const phases = [...new Set(kills.map((k) => k.landed))]
  const lines = [`${name}: ${kills.length} kills`]
  for (const trigger of ['line', 'wal'] as const)
    lines.push(
      `  on ${trigger === 'line' ? 'a progress line ' : 'WAL growth      '}` +
        phases.map((p) => `${p} ${count((k) => k.trigger === trigger && k.landed === p)}`).join(', '),
    )
  lines.push(
    `  outcomes: before ${count((k) => k.outcome === 'before')}, after ${count((k) => k.outcome === 'after')}, neither ${count((k) => k.outcome === 'neither')}`,
  )
  return lines.join('\n')
}

/** Phases before the commit: a kill there must leave the workbook as before. */
const BEFORE_COMMIT = new Set(['start', 'read', 'validate', 'write'])
/** Phases after the commit returned: a kill there must leave it as after. */
const AFTER_COMMIT = new Set(['checkpoint', 'closed', 'finished'])

/**
 * What every writer's series must show: each kill left the before or the after content; a kill's
 * reported phase agrees with what it left (before the commit: as before; after: as after), so a
 * writer whose progress lines ran ahead of or behind its work is caught; at least a third of the
 * kills landed where the data is written, some inside the write itself; and some left it as before.
 */
export function expectSeriesHeld(series: Series, kills: number): void {
  expect(series.after.hash).not.toBe(series.before.hash)
  expect(series.kills.filter((k) => k.outcome === 'neither')).toEqual([])
  const disagreeing = series.kills.filter(
    (k) =>
      (BEFORE_COMMIT.has(k.landed) && k.outcome !== 'before') ||
      (AFTER_COMMIT.has(k.landed) && k.outcome !== 'after'),
  )
  expect(disagreeing).toEqual([])
  expect(series.kills.some((k) => k.outcome === 'before')).toBe(true)
  const writing = series.kills.filter((k) => WRITING_PHASES.includes(k.landed))
  expect(writing.length).toBeGreaterThanOrEqual(kills / 3)
  expect(series.kills.filter((k) => k.landed === 'write').length).toBeGreaterThan(0)
}

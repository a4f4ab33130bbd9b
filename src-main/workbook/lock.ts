import fs from 'node:fs'
import os from 'node:os'
import { WorkbookError } from './errors'

export interface LockOwner {
  pid: number
  host: string
  /** Who, as the operating system names them; absent in locks older than issue 35. */
  user?: string
  /** When the lock was taken (ISO time); absent in older locks. */
  since?: string
}

/** What taking the writer's lock did: the release, and a stale lock it took over (null: none). */
export interface WriterLock {
  release(): void
  tookOver: LockOwner | null
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * When a process started (ms since the epoch), where the system tells: Linux's /proc, whose start
 * time counts USER_HZ (100) ticks since boot. Null elsewhere, or when the answer makes no sense.
 */
function processStartedAt(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces and parentheses); starttime is field 22.
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19])
    const boot = /^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'))
    if (!boot || !Number.isFinite(ticks)) return null
    const started = Number(boot[1]) * 1000 + ticks * 10
    return started <= Date.now() + 1000 ? started : null
  } catch {
    return null
  }
}

function readOwner(lockPath: string): LockOwner | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as Partial<LockOwner>
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return null
    return {
      pid: parsed.pid,
      host: parsed.host,
      ...(typeof parsed.user === 'string' ? { user: parsed.user } : {}),
      ...(typeof parsed.since === 'string' ? { since: parsed.since } : {}),
    }
  } catch {
    return null
  }
}

/**
 * A lock still held: by another host (we cannot tell), or by a live process of this host that is at
 * least as old as the lock. A process id reused by a process started after the lock is not its owner.
 */
function holds(owner: LockOwner): boolean {
  if (owner.host !== os.hostname()) return true
  if (!isAlive(owner.pid)) return false
  const since = owner.since ? Date.parse(owner.since) : NaN
  const started = processStartedAt(owner.pid)
  // A second of slack: the lock is written just after the process starts.
  return Number.isNaN(since) || started === null || started <= since + 1000
}

/** Who holds a workbook's writer lock, when a live Meritbook (or one on another host) does. */
export function liveLockOwner(workbookPath: string): LockOwner | null {
  const owner = readOwner(`${workbookPath}.lock`)
  return owner && holds(owner) ? owner : null
}

/** "by ana on host desk-7 since 7 Dec 2026, 17:20 (process 4242)", as much as the lock tells. */
export function describeOwner(owner: LockOwner): string {
  const since = owner.since ? new Date(owner.since) : null
  const when =
    since && !Number.isNaN(since.getTime())
      ? ` since ${since.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}`
      : ''
  return `${owner.user ? `by ${owner.user} ` : ''}on ${owner.host}${when} (process ${owner.pid})`
}

/**
 * A writer's lock beside the workbook (`<file>.lock`), so two Meritbook instances never write the
 * same file. A lock its process no longer holds (dead, or its id reused) is taken over and reported.
 */
export function acquireWriterLock(workbookPath: string): WriterLock {
  const lockPath = `${workbookPath}.lock`
  const me: LockOwner = {
    pid: process.pid,
    host: os.hostname(),
    user: os.userInfo().username,
    since: new Date().toISOString(),
  }
  let tookOver: LockOwner | null = null
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(me), { flag: 'wx' })
      return {
        tookOver,
        release: () => {
          const owner = readOwner(lockPath)
          if (owner?.pid === me.pid && owner.since === me.since) fs.rmSync(lockPath, { force: true })
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = readOwner(lockPath)
      if (owner && owner.host === me.host && owner.pid === me.pid) {
        throw new WorkbookError('WORKBOOK_LOCKED', `${workbookPath} is already open in this Meritbook.`)
      }
      if (owner && holds(owner)) {
        throw new WorkbookError(
          'WORKBOOK_LOCKED',
          `${workbookPath} is open in another Meritbook ${describeOwner(owner)}. Close it there first, or open a copy (npm run cli -- copy).`,
        )
      }
      tookOver = owner
      fs.rmSync(lockPath, { force: true })
    }
  }
  throw new WorkbookError('WORKBOOK_LOCKED', `Could not lock ${workbookPath}.`)
}

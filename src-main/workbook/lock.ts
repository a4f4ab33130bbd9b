import fs from 'node:fs'
import os from 'node:os'
import { WorkbookError } from './errors'

export interface LockOwner {
  pid: number
  host: string
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readOwner(lockPath: string): LockOwner | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as Partial<LockOwner>
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string'
      ? { pid: parsed.pid, host: parsed.host }
      : null
  } catch {
    return null
  }
}

/** Who holds a workbook's writer lock, when a live Meritbook (or one on another host) does. */
export function liveLockOwner(workbookPath: string): LockOwner | null {
  const owner = readOwner(`${workbookPath}.lock`)
  if (!owner) return null
  return owner.host !== os.hostname() || isAlive(owner.pid) ? owner : null
}

/**
 * A writer's lock beside the workbook (`<file>.lock`), so two Meritbook instances never write the
 * same file. A lock left by a process that no longer runs on this host is taken over.
 */
export function acquireWriterLock(workbookPath: string): () => void {
  const lockPath = `${workbookPath}.lock`
  const me: LockOwner = { pid: process.pid, host: os.hostname() }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(me), { flag: 'wx' })
      return () => {
        if (readOwner(lockPath)?.pid === me.pid) fs.rmSync(lockPath, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = readOwner(lockPath)
      if (owner && owner.host === me.host && owner.pid === me.pid) {
        throw new WorkbookError('WORKBOOK_LOCKED', `${workbookPath} is already open in this Meritbook.`)
      }
      if (owner && (owner.host !== me.host || isAlive(owner.pid))) {
        throw new WorkbookError(
          'WORKBOOK_LOCKED',
          `${workbookPath} is open in another Meritbook (process ${owner.pid} on ${owner.host}). Close it there first.`,
        )
      }
      fs.rmSync(lockPath, { force: true })
    }
  }
  throw new WorkbookError('WORKBOOK_LOCKED', `Could not lock ${workbookPath}.`)
}

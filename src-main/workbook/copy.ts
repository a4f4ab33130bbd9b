import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { inspectWorkbookFile, openReadConnection } from './open'

function fsyncPath(filePath: string, flags: string): void {
  const fd = fs.openSync(filePath, flags)
  try {
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * Writes a consistent copy of the workbook at `source` (open or not: it reads on a connection of its
 * own, as committed) to `target`: `VACUUM INTO` a temporary file in the target's folder, fsync, check
 * it as a workbook, then rename it over the target, so the target is never half written. The caller
 * decides whether `target` may be replaced. Returns the copy's size in bytes.
 */
export async function writeWorkbookCopy(source: string, target: string): Promise<number> {
  const temporary = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${crypto.randomBytes(6).toString('hex')}.tmp`,
  )
  const reader = openReadConnection(source)
  try {
    reader.sqlite.prepare('VACUUM INTO ?').run(temporary)
  } catch (error) {
    fs.rmSync(temporary, { force: true })
    throw error
  } finally {
    await reader.close()
  }
  try {
    fsyncPath(temporary, 'r+')
    inspectWorkbookFile(temporary)
    // A WAL left beside an older file of that name would be replayed into the copy.
    for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(`${target}${suffix}`, { force: true })
    fs.renameSync(temporary, target)
  } catch (error) {
    fs.rmSync(temporary, { force: true })
    throw error
  }
  try {
    fsyncPath(path.dirname(target), 'r')
  } catch {
    // Folders cannot be opened for fsync on every system (Windows); the rename is already made.
  }
  return fs.statSync(target).size
}

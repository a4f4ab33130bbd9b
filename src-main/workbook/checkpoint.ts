import fs from 'node:fs'
import type Database from 'better-sqlite3'

/** How long the workbook must go without a write before its WAL is folded into the file. */
export const IDLE_CHECKPOINT_MS = 2000

/**
 * Folds the WAL into the `.paycycle` file and empties it, so the file alone holds every commit.
 * False when a reader still reads from the WAL (the next try finishes the job).
 */
export function checkpoint(sqlite: Database.Database): boolean {
  if (!sqlite.open || sqlite.inTransaction) return false
  const [row] = sqlite.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[]
  return row?.busy === 0
}

/**
 * Checkpoints a writing connection once its WAL has stopped changing for `quietMs`. It watches the
 * `-wal` file rather than the writes, so every writer counts: handlers, imports, jobs, sync.
 * Returns the function that stops the watch.
 */
export function checkpointWhenIdle(
  filePath: string,
  sqlite: Database.Database,
  quietMs = IDLE_CHECKPOINT_MS,
): () => void {
  const walPath = `${filePath}-wal`
  let seen = ''
  let since = Date.now()
  const look = () => {
    let stat: fs.Stats
    try {
      stat = fs.statSync(walPath)
    } catch {
      return
    }
    if (stat.size === 0) return
    const now = Date.now()
    const signature = `${stat.size}:${stat.mtimeMs}`
    if (signature !== seen) {
      seen = signature
      since = now
      return
    }
    if (now - since < quietMs) return
    try {
      checkpoint(sqlite)
    } catch {
      // A busy or closing connection: the next look tries again; the WAL keeps every commit meanwhile.
    }
  }
  const timer = setInterval(look, Math.max(50, Math.floor(quietMs / 4)))
  timer.unref()
  return () => clearInterval(timer)
}

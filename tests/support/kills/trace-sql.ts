// Preloaded (`node -r`) into a writer that prints no progress of its own, so a kill test sees where
// its write is: one stderr line per write statement inside a transaction ({"phase":"write"}), one
// before the COMMIT runs and one after it returned ({"phase":"commit","done":0|1}), one as a
// connection that committed closes ({"phase":"close"}: the checkpoint). Test support only; the
// app never loads it.
import fs from 'node:fs'
import Database from 'better-sqlite3'

function line(phase: string, done: number): void {
  const bytes = Buffer.from(`${JSON.stringify({ phase, done, total: null })}\n`)
  for (let at = 0; at < bytes.length;) {
    try {
      at += fs.writeSync(2, bytes, at)
    } catch (error) {
      // A full non-blocking pipe: the reader drains it soon.
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error
    }
  }
}

type Statement = Database.Statement & { source: string; reader: boolean; database: Database.Database }
const probe = new Database(':memory:')
const statement = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Statement
probe.close()

let writes = 0
/** Connections that committed: closing one checkpoints what it wrote (others print nothing). */
const committed = new WeakSet<Database.Database>()
const run = statement.run
statement.run = function (this: Statement, ...args: unknown[]) {
  if (this.reader) return run.apply(this, args)
  const verb = this.source.trimStart().slice(0, 6).toUpperCase()
  if (verb.startsWith('BEGIN')) {
    writes = 0
    const result = run.apply(this, args)
    line('write', 0)
    return result
  }
  if (verb === 'COMMIT') {
    line('commit', 0)
    const result = run.apply(this, args)
    committed.add(this.database)
    line('commit', 1)
    return result
  }
  if (this.database.inTransaction) line('write', ++writes)
  return run.apply(this, args)
} as Statement['run']

const close = Database.prototype.close
Database.prototype.close = function (this: Database.Database) {
  if (committed.has(this)) line('close', 0)
  return close.call(this)
}

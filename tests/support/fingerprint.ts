import crypto from 'node:crypto'
import type Database from 'better-sqlite3'
import { openWorkbook } from '../../src-main/workbook/open'

/** A workbook's whole content in one hash, with its row counts (for messages). */
export interface Fingerprint {
  hash: string
  rows: Record<string, number>
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/** Throws unless integrity_check says ok and foreign_key_check finds nothing. */
export function checkWorkbookIntegrity(sqlite: Database.Database): void {
  const integrity = sqlite.pragma('integrity_check', { simple: true })
  if (integrity !== 'ok') throw new Error(`integrity_check: ${String(integrity)}`)
  const broken = sqlite.pragma('foreign_key_check') as unknown[]
  if (broken.length > 0) throw new Error(`foreign_key_check: ${JSON.stringify(broken.slice(0, 5))}`)
}

/**
 * Hashes every row of every table (each table's rows sorted by all their columns), the schema
 * (sqlite_master without page numbers, which a rebuilt index changes), user_version and
 * application_id; first checks integrity (`checkWorkbookIntegrity`) unless `checked` is false (a
 * caller hashing the same workbook many times checks it where it changed).
 */
export function contentFingerprint(sqlite: Database.Database, checked = true): Fingerprint {
  if (checked) checkWorkbookIntegrity(sqlite)
  const hash = crypto.createHash('sha256')
  const schema = sqlite
    .prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name')
    .raw()
    .all()
  hash.update(JSON.stringify(schema))
  hash.update(JSON.stringify([sqlite.pragma('user_version'), sqlite.pragma('application_id')]))
  const tables = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .pluck()
    .all() as string[]
  const rows: Record<string, number> = {}
  for (const table of tables) {
    const columns = (sqlite.pragma(`table_info(${quote(table)})`) as unknown[]).length
    const order = Array.from({ length: columns }, (_, i) => i + 1).join(', ')
    hash.update(`\u0000${table}\u0000`)
    let count = 0
    for (const row of sqlite
      .prepare(`SELECT * FROM ${quote(table)} ORDER BY ${order}`)
      .raw()
      .iterate()) {
      hash.update(JSON.stringify(row))
      hash.update('\n')
      count++
    }
    rows[table] = count
  }
  return { hash: hash.digest('hex'), rows }
}

/** Opens the file as the app does (checks, lock, a killed writer's WAL recovered) and fingerprints it. */
export async function workbookFingerprint(file: string): Promise<Fingerprint> {
  const workbook = await openWorkbook(file)
  try {
    return contentFingerprint(workbook.sqlite)
  } finally {
    await workbook.close()
  }
}

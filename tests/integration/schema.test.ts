import fs from 'node:fs'
import path from 'node:path'
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../src-main/workbook/migrations'
import { openWorkbook } from '../../src-main/workbook/open'
import { tempDir } from '../support/temp'

const SNAPSHOT = path.join(__dirname, '../fixtures/schema.sql')
const dir = tempDir()

async function schemaOf(file: string): Promise<string> {
  const workbook = await openWorkbook(file, { create: true })
  try {
    const rows = workbook.sqlite
      .prepare(
        "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'kysely_%' ORDER BY type, name",
      )
      .all() as { sql: string }[]
    return `-- schema version ${workbook.schemaVersion}\n${rows.map((r) => `${r.sql};`).join('\n\n')}\n`
  } finally {
    await workbook.close()
  }
}

describe('the workbook schema', () => {
  it('matches the reviewed snapshot in tests/fixtures/schema.sql', async () => {
    const actual = await schemaOf(path.join(dir, 'snapshot.paycycle'))
    // A deliberate schema change: add a migration, then regenerate with UPDATE_SCHEMA_SNAPSHOT=1 and review the diff.
    if (process.env.UPDATE_SCHEMA_SNAPSHOT === '1') fs.writeFileSync(SNAPSHOT, actual)
    expect(actual).toBe(fs.readFileSync(SNAPSHOT, 'utf8'))
  })

  it('records one version per migration, in order', () => {
    expect(Object.keys(MIGRATIONS)).toEqual([...Object.keys(MIGRATIONS)].sort())
    expect(LATEST_SCHEMA_VERSION).toBe(Object.keys(MIGRATIONS).length)
  })

  it('reopening an up-to-date workbook changes nothing and keeps its rows', async () => {
    const file = path.join(dir, 'reopen.paycycle')
    const first = await openWorkbook(file, { create: true })
    await first.db.insertInto('role').values({ name: 'OWNER', name_display: 'Owner' }).execute()
    await first.close()
    const second = await openWorkbook(file)
    try {
      const applied = second.sqlite.prepare('SELECT name FROM kysely_migration ORDER BY name').all()
      expect(applied).toEqual(Object.keys(MIGRATIONS).map((name) => ({ name })))
      expect(await second.db.selectFrom('role').select('name').execute()).toEqual([{ name: 'OWNER' }])
    } finally {
      await second.close()
    }
  })
})

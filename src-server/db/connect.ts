import { Kysely, PostgresDialect } from 'kysely'
import { Migrator, type MigrationProvider } from 'kysely/migration'
import pg from 'pg'
import { SERVER_MIGRATIONS } from './migrations'
import type { ServerDatabase } from './schema'

// BIGINT (int8) as numbers: ids and cents stay far below 2^53. DATE as its ISO text, not a local Date.
pg.types.setTypeParser(20, (value) => Number(value))
pg.types.setTypeParser(1082, (value) => value)

export type ServerDb = Kysely<ServerDatabase>

const addresses = new WeakMap<ServerDb, string>()

export function connect(databaseUrl: string, max = 10): ServerDb {
  const db = new Kysely<ServerDatabase>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max }) }),
  })
  addresses.set(db, databaseUrl)
  return db
}

/**
 * A connection of its own to the database, outside the pool, for what kysely cannot say (COPY), closed
 * after `use`. Not from the pool: its user already holds a pooled connection (a transaction), and
 * waiting on the same pool for a second could deadlock when every pooled connection waits alike.
 */
export async function withOwnConnection<T>(db: ServerDb, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const address = addresses.get(db)
  if (!address) throw new Error('This database was not opened by connect().')
  const client = new pg.Client({ connectionString: address })
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end().catch(() => undefined)
  }
}

const provider: MigrationProvider = { getMigrations: async () => SERVER_MIGRATIONS }

/** Brings the database to the latest schema; throws with the failing migration's name. */
export async function migrateToLatest(db: ServerDb): Promise<string[]> {
  // Unordered: a migration numbered below one already run (009 merged after 010) still runs.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'a migration'
    throw new Error(
      `The server database could not be migrated (${failed}): ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

import { Kysely, PostgresDialect } from 'kysely'
import { Migrator, type MigrationProvider } from 'kysely/migration'
import pg from 'pg'
import { SERVER_MIGRATIONS } from './migrations'
import type { ServerDatabase } from './schema'

// BIGINT (int8) as numbers: ids and cents stay far below 2^53. DATE as its ISO text, not a local Date.
pg.types.setTypeParser(20, (value) => Number(value))
pg.types.setTypeParser(1082, (value) => value)

export type ServerDb = Kysely<ServerDatabase>

const pools = new WeakMap<ServerDb, pg.Pool>()

export function connect(databaseUrl: string, max = 10): ServerDb {
  const pool = new pg.Pool({ connectionString: databaseUrl, max })
  const db = new Kysely<ServerDatabase>({ dialect: new PostgresDialect({ pool }) })
  pools.set(db, pool)
  return db
}

/**
 * One of the database's own connections, for what kysely cannot say (COPY). After a failure the
 * connection is closed, not returned: it may be halfway through a COPY or a transaction.
 */
export async function withPoolClient<T>(
  db: ServerDb,
  use: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const pool = pools.get(db)
  if (!pool) throw new Error('This database was not opened by connect().')
  const client = await pool.connect()
  try {
    const result = await use(client)
    client.release()
    return result
  } catch (error) {
    client.release(true)
    throw error
  }
}

const provider: MigrationProvider = { getMigrations: async () => SERVER_MIGRATIONS }

/** Brings the database to the latest schema; throws with the failing migration's name. */
export async function migrateToLatest(db: ServerDb): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'a migration'
    throw new Error(
      `The server database could not be migrated (${failed}): ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

import type { Migration } from 'kysely/migration'
import * as m001 from './001_initial'

/** Every server schema version, in order. Append only: a released migration never changes. */
export const SERVER_MIGRATIONS: Record<string, Migration> = {
  '001_initial': m001,
}

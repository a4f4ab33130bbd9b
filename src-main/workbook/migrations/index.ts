import type { Migration } from 'kysely/migration'
import * as m001 from './001_initial'
import * as m002 from './002_pay_cycle_lifecycle'
import * as m003 from './003_sync'
import * as m004 from './004_sync_rejoin'
import * as m005 from './005_sync_kept_server_values'
import * as m006 from './006_employee_job_fields'

/** Every schema version, in order. Append only: a released migration never changes. */
export const MIGRATIONS: Record<string, Migration> = {
  '001_initial': m001,
  '002_pay_cycle_lifecycle': m002,
  '003_sync': m003,
  '004_sync_rejoin': m004,
  '005_sync_kept_server_values': m005,
  '006_employee_job_fields': m006,
}

export const LATEST_SCHEMA_VERSION = Object.keys(MIGRATIONS).length

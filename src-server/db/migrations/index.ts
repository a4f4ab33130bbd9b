import type { Migration } from 'kysely/migration'
import * as m001 from './001_initial'
import * as m002 from './002_sync'
import * as m003 from './003_planning'
import * as m004 from './004_import'
import * as m005 from './005_statements'
import * as m006 from './006_statement_templates'
import * as m007 from './007_push_keys'
import * as m008 from './008_company_file'
import * as m009 from './009_sessions'
import * as m010 from './010_idempotency_scope'
import * as m011 from './011_operators'
import * as m012 from './012_reward_job_profile'
import * as m013 from './013_merge_integrations'

/** Every server schema version, in order. Append only: a released migration never changes. */
export const SERVER_MIGRATIONS: Record<string, Migration> = {
  '001_initial': m001,
  '002_sync': m002,
  '003_planning': m003,
  '004_import': m004,
  '005_statements': m005,
  '006_statement_templates': m006,
  '007_push_keys': m007,
  '008_company_file': m008,
  '009_sessions': m009,
  '010_idempotency_scope': m010,
  '011_operators': m011,
  '012_reward_job_profile': m012,
  '013_merge_integrations': m013,
}

import type { Database } from 'better-sqlite3'
import { snapshotColumns } from '../../../src-shared/contract/company-snapshot-stream'
import { writeRoles } from './write-snapshot'

/**
 * What a company file carries (docs/sync.md, "Company file"): the columns join writes, table by
 * table in the order their links ask, and nothing a replica keeps for itself (history, outbox,
 * settings, the company's own row). The same copy makes a file from a replica and a replica from a
 * file, so a replica joined from a file holds what one joined by rows holds. Ids of submissions and
 * users are each workbook's own and are not copied; a user's role is matched by its name.
 */
const COPIED: readonly { table: string; columns: readonly string[]; order: string; stamp?: string }[] = [
  {
    table: 'pay_cycle',
    columns: [
      'id',
      'name',
      'active',
      'effective_date',
      'company_merit_budget',
      'default_currency',
      'currency_conversions',
      'settings',
    ],
    order: 'id',
    stamp: 'updated_at',
  },
  { table: 'pay_range', columns: snapshotColumns('payRanges'), order: 'id' },
  { table: 'job_profile', columns: snapshotColumns('jobProfiles'), order: 'id' },
  { table: 'team', columns: snapshotColumns('teams'), order: 'id' },
  { table: 'employee', columns: snapshotColumns('employees'), order: 'id' },
  { table: 'reward', columns: snapshotColumns('rewards'), order: 'employee_id' },
  {
    table: 'planner_submission',
    columns: ['planner_employee_id', 'pay_cycle_id', 'submission_type', 'comments'],
    order: 'id',
    stamp: 'updated_at',
  },
]

/**
 * Copies the company's tables from the attached database `from` into this connection's empty,
 * migrated workbook, in SQLite alone. The caller holds the transaction and has turned foreign keys
 * off (teams point at employees copied after them); the content check that follows compares every
 * copied value with the server's.
 */
export function copyCompanyTables(db: Database, from: string, at: string): void {
  writeRoles(db)
  for (const { table, columns, order, stamp } of COPIED) {
    const list = columns.join(', ')
    db.prepare(
      stamp
        ? `INSERT INTO main.${table} (${list}, ${stamp}) SELECT ${list}, ? FROM ${from}.${table} ORDER BY ${order}`
        : `INSERT INTO main.${table} (${list}) SELECT ${list} FROM ${from}.${table} ORDER BY ${order}`,
    ).run(...(stamp ? [at] : []))
  }
  db.prepare(
    `INSERT INTO main.app_user (email, name, role_id, employee_id, invite_accepted, created_at)
     SELECT u.email, u.name, r.id, u.employee_id, 1, ?
     FROM ${from}.app_user u JOIN ${from}.role f ON f.id = u.role_id JOIN main.role r ON r.name = f.name
     ORDER BY u.id`,
  ).run(at)
}

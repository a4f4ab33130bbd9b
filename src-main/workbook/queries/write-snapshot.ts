import type { CompanySnapshot } from '../../../src-shared/contract/company-snapshot'
import { ROLE_DISPLAY_NAMES, ROLES } from '../../../src-shared/domain/roles'
import type { Workbook } from '../open'

type Value = string | number | null
const flag = (value: boolean) => (value ? 1 : 0)

/** Inserts rows of one table with one prepared statement. */
function insertAll(workbook: Workbook, table: string, rows: readonly Record<string, Value>[]): void {
  if (rows.length === 0) return
  const columns = Object.keys(rows[0])
  const statement = workbook.sqlite.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  )
  for (const row of rows) statement.run(...columns.map((c) => row[c] ?? null))
}

/**
 * Fills an empty, migrated workbook with a company downloaded from the server (join): one
 * transaction, the server's ids kept, the signed-in user as the workbook's owner of record.
 */
/** The company a replica joins: its name, server, the signed-in user, and the feed position of the download. */
export interface JoinedCompany {
  name: string
  serverUrl: string
  userEmail: string
  feedSeq: number
}

export function writeCompanySnapshot(
  workbook: Workbook,
  company: JoinedCompany,
  snapshot: CompanySnapshot,
  now = new Date(),
): void {
  const at = now.toISOString()
  const db = workbook.sqlite
  db.transaction(() => {
    insertAll(
      workbook,
      'role',
      ROLES.map((name, index) => ({ id: index + 1, name, name_display: ROLE_DISPLAY_NAMES[name] })),
    )
    insertAll(
      workbook,
      'pay_cycle',
      snapshot.payCycles.map((c) => ({
        id: c.id,
        name: c.name,
        active: flag(c.active),
        effective_date: c.effective_date,
        company_merit_budget: c.company_merit_budget,
        default_currency: c.default_currency,
        currency_conversions: JSON.stringify(c.currency_conversions),
        settings: JSON.stringify(c.settings),
        updated_at: at,
      })),
    )
    insertAll(
      workbook,
      'pay_range',
      snapshot.payRanges.map((r) => ({ ...r, salaried: flag(r.salaried) })),
    )
    insertAll(
      workbook,
      'job_profile',
      snapshot.jobProfiles.map((j) => ({ ...j, exemption_status: flag(j.exemption_status) })),
    )
    // Teams first without their parents and managers (they point at rows written after them).
    insertAll(
      workbook,
      'team',
      snapshot.teams.map((t) => ({ ...t, parent_team_id: null, manager_id: null, planner_id: null })),
    )
    insertAll(
      workbook,
      'employee',
      snapshot.employees.map((e) => ({ ...e, salaried: flag(e.salaried) })),
    )
    const link = db.prepare('UPDATE team SET parent_team_id = ?, manager_id = ?, planner_id = ? WHERE id = ?')
    for (const t of snapshot.teams) link.run(t.parent_team_id, t.manager_id, t.planner_id, t.id)
    insertAll(
      workbook,
      'reward',
      snapshot.rewards.map((r) => ({
        ...r,
        performance_plan: flag(r.performance_plan),
        promotion: flag(r.promotion),
      })),
    )
    insertAll(
      workbook,
      'planner_submission',
      snapshot.submissions.map((s) => ({ ...s, updated_at: at })),
    )
    insertAll(
      workbook,
      'app_user',
      snapshot.users.map((u) => ({
        email: u.email.toLowerCase(),
        name: u.name,
        role_id: ROLES.indexOf(u.role) + 1,
        employee_id: u.employee_id,
        invite_accepted: 1,
        created_at: at,
      })),
    )
    const me = db.prepare('SELECT id FROM app_user WHERE email = ?').get(company.userEmail.toLowerCase()) as
      { id: number } | undefined
    insertAll(workbook, 'company', [
      {
        id: 1,
        name: company.name,
        server_url: company.serverUrl,
        owner_user_id: me?.id ?? null,
        created_at: at,
      },
    ])
    // The replica follows the feed from where its download stands, not from the feed's start.
    insertAll(workbook, 'sync_state', [{ id: 1, last_seq: company.feedSeq }])
  })()
}

import type { ImportRow } from '../../../src-shared/domain/import-format'
import {
  placeImportedPeople,
  type PlacedEmployee,
  type PlacedTeam,
} from '../../../src-shared/domain/import-placement'
import type { Workbook } from '../open'
import type { ImportPlanWrite } from './import-stored'

export interface ImportWriteContext {
  userId: number | null
  fileName: string
  startedAt: string
  at: string
  payCycleId: number | null
  /** Plans the import changes (re-import over planned work), each with its reward-history entry. */
  plans?: readonly ImportPlanWrite[]
  /**
   * Hears the write's steps: 'write' with the employees written so far (0 first, then every
   * `progressEvery` rows, then all), 'commit' with 0 just before the commit and all once committed.
   */
  onProgress?: (phase: 'write' | 'commit', rows: number) => void
}

/** Employees between two write steps: a hundredth of the import, at least 100 rows. */
export const progressEvery = (rows: number): number => Math.max(100, Math.ceil(rows / 100))

const flag = (value: boolean | null): 0 | 1 => (value ? 1 : 0)

/** From this many rows on, the employee indexes are built once after the rows rather than row by row. */
const BULK_ROWS = 5_000

/**
 * Drops the employee table's secondary indexes (those a migration created, not the constraints')
 * and returns the statements that recreate them exactly. Inside the import's transaction, so a
 * crash or kill restores them with everything else.
 */
function dropEmployeeIndexes(db: Workbook['sqlite']): string[] {
  const indexes = db
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'employee' AND sql IS NOT NULL",
    )
    .all() as { name: string; sql: string }[]
  for (const index of indexes) db.exec(`DROP INDEX "${index.name.replace(/"/g, '""')}"`)
  return indexes.map((index) => index.sql)
}

/**
 * Writes a validated import in ONE transaction (a crash or kill at any moment leaves the workbook as
 * it was): pay ranges by name, job profiles by job code, employees by Employee Id (a re-import
 * updates them), managers and planners, a team per manager named "{name}'s Team" under the
 * manager's own team, rewards (rating, promotion, new job profile), and the import batch.
 */
export function writeImport(
  workbook: Workbook,
  rows: readonly ImportRow[],
  context: ImportWriteContext,
): number {
  const db = workbook.sqlite
  const every = progressEvery(rows.length)
  const write = db.transaction(() => {
    context.onProgress?.('write', 0)
    const upsertRange = db.prepare(
      `INSERT INTO pay_range (name, min_pay, mid_pay, max_pay, pay_currency, salaried) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET min_pay = excluded.min_pay, mid_pay = excluded.mid_pay,
         max_pay = excluded.max_pay, pay_currency = excluded.pay_currency, salaried = excluded.salaried`,
    )
    const seenRanges = new Set<string>()
    for (const r of rows) {
      if (!r.payRangeName || seenRanges.has(r.payRangeName)) continue
      seenRanges.add(r.payRangeName)
      upsertRange.run(
        r.payRangeName,
        r.minPay ?? 0,
        r.midPay ?? 0,
        r.maxPay ?? 0,
        r.payCurrency ?? 'USD',
        flag(r.salaried),
      )
    }
    const rangeIds = new Map(
      (db.prepare('SELECT name, id FROM pay_range').all() as { name: string; id: number }[]).map((r) => [
        r.name,
        r.id,
      ]),
    )

    const upsertProfile = db.prepare(
      `INSERT INTO job_profile (job_code, job_profile, job_family, job_family_group, exemption_status, pay_range_id)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (job_code) DO UPDATE SET job_profile = excluded.job_profile, job_family = excluded.job_family,
         job_family_group = excluded.job_family_group, exemption_status = excluded.exemption_status,
         pay_range_id = excluded.pay_range_id`,
    )
    const seenCodes = new Set<string>()
    for (const r of rows) {
      if (!r.jobCode || seenCodes.has(r.jobCode)) continue
      seenCodes.add(r.jobCode)
      upsertProfile.run(
        r.jobCode,
        r.jobProfile,
        r.jobFamily,
        r.jobFamilyGroup,
        flag(r.exemptionStatus),
        rangeIds.get(r.payRangeName ?? '') ?? null,
      )
    }
    const profileIds = new Map(
      (db.prepare('SELECT job_code, id FROM job_profile').all() as { job_code: string; id: number }[]).map(
        (p) => [p.job_code, p.id],
      ),
    )

    const people = placePeople(db, rows)
    const rebuildIndexes = rows.length >= BULK_ROWS ? dropEmployeeIndexes(db) : []
    const employeeColumns = `company_employee_id = ?, name = ?, preferred_name = ?, email = ?, job_title = ?,
      job_profile_id = ?, salaried = ?, hire_date = ?, current_salary = ?, default_pay_currency = ?, gender = ?,
      race = ?, age = ?, employment_status = ?, previous_increase_date = ?, reason_for_last_increase = ?,
      pay_cycle_id = ?, manager_id = ?, planner_id = ?, team_id = ?, imported_job_profile = ?,
      imported_job_family = ?, imported_job_family_group = ?`
    const updateEmployee = db.prepare(`UPDATE employee SET ${employeeColumns} WHERE id = ?`)
    const insertEmployee = db.prepare(
      `INSERT INTO employee (company_employee_id, name, preferred_name, email, job_title, job_profile_id, salaried,
         hire_date, current_salary, default_pay_currency, gender, race, age, employment_status,
         previous_increase_date, reason_for_last_increase, pay_cycle_id, manager_id, planner_id, team_id,
         imported_job_profile, imported_job_family, imported_job_family_group, id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    const upsertReward = db.prepare(
      `INSERT INTO reward (employee_id, performance_rating, promotion, new_job_profile_id) VALUES (?, ?, ?, ?)
       ON CONFLICT (employee_id) DO UPDATE SET performance_rating = excluded.performance_rating,
         promotion = excluded.promotion, new_job_profile_id = excluded.new_job_profile_id`,
    )
    for (let index = 0; index < rows.length; index++) {
      const r = rows[index]
      const id = people.ids[index]
      const managerId = people.managerIds[index]
      ;(people.existed(index) ? updateEmployee : insertEmployee).run(
        r.employeeId,
        r.employeeName,
        r.preferredName,
        r.email,
        r.jobTitle,
        profileIds.get(r.jobCode ?? '') ?? null,
        flag(r.salaried),
        r.hireDate,
        r.currentBasePay ?? 0,
        r.payCurrency ?? 'USD',
        r.gender,
        r.race,
        r.age,
        r.employmentStatus ?? 'Active',
        r.dateOfLastIncrease,
        r.reasonForLastIncrease ?? '',
        context.payCycleId,
        managerId,
        people.idOf(r.planner),
        people.teamOfManager(managerId),
        // Kept per employee as imported ('' for blank; see migration 006).
        r.jobProfile ?? '',
        r.jobFamily ?? '',
        r.jobFamilyGroup ?? '',
        id,
      )
      upsertReward.run(
        id,
        r.performanceRating,
        flag(r.promotion),
        r.newJobCode ? (profileIds.get(r.newJobCode) ?? null) : null,
      )
      if ((index + 1) % every === 0 && index + 1 < rows.length) context.onProgress?.('write', index + 1)
    }
    context.onProgress?.('write', rows.length)
    people.writeTeams()
    writePlans(db, context)
    for (const sql of rebuildIndexes) db.exec(sql)
    db.prepare(
      `INSERT INTO import_batch (file_name, started_at, finished_at, status, row_count, imported_count, user_id)
       VALUES (?, ?, ?, 'imported', ?, ?, ?)`,
    ).run(context.fileName, context.startedAt, context.at, rows.length, rows.length, context.userId)
    const broken = db.pragma('foreign_key_check') as unknown[]
    if (broken.length > 0)
      throw new Error(`The import would break ${broken.length} references; nothing was written.`)
    context.onProgress?.('commit', 0)
    return rows.length
  })
  // Checking references row by row costs 4× the writes; they are checked once, before the commit.
  db.pragma('foreign_keys = OFF')
  try {
    const written = write()
    context.onProgress?.('commit', written)
    return written
  } finally {
    db.pragma('foreign_keys = ON')
  }
}

/** The plans a re-import changes, with one reward-history row each (source 'import'). */
function writePlans(db: Workbook['sqlite'], context: ImportWriteContext): void {
  if (!context.plans?.length) return
  const update = db.prepare(
    `UPDATE reward SET new_salary = ?, lump_sum = ?, new_dollar_bonus = ?, new_percent_bonus = ?, updated_at = ?
     WHERE employee_id = ?`,
  )
  const history = db.prepare(
    `INSERT INTO reward_history (employee_id, changed_at, changed_by_user_id, source, changes)
     VALUES (?, ?, ?, 'import', ?)`,
  )
  for (const plan of context.plans) {
    const { newSalary, lumpSum, newDollarBonus, newPercentBonus } = plan.amounts
    update.run(newSalary, lumpSum, newDollarBonus, newPercentBonus, context.at, plan.id)
    history.run(plan.id, context.at, context.userId, JSON.stringify(plan.changes))
  }
}

/** Who is who after the import (import-placement.ts), from the workbook's employees and teams. */
function placePeople(db: Workbook['sqlite'], rows: readonly ImportRow[]) {
  const stored = db
    .prepare(
      'SELECT id, company_employee_id AS code, name, manager_id AS managerId, team_id AS teamId FROM employee',
    )
    .all() as PlacedEmployee[]
  const teams = db
    .prepare('SELECT id, manager_id AS managerId, parent_team_id AS parentTeamId FROM team ORDER BY id')
    .all() as PlacedTeam[]
  const placement = placeImportedPeople(stored, teams, rows)

  function writeTeams(): void {
    const moveEmployee = db.prepare('UPDATE employee SET team_id = ? WHERE id = ?')
    for (const move of placement.keptMoves) moveEmployee.run(move.teamId, move.id)
    const insertTeam = db.prepare(
      'INSERT INTO team (id, name, manager_id, planner_id, parent_team_id) VALUES (?, ?, ?, ?, ?)',
    )
    for (const t of placement.newTeams) insertTeam.run(t.id, t.name, t.managerId, t.managerId, t.parentTeamId)
    const moveTeam = db.prepare('UPDATE team SET parent_team_id = ? WHERE id = ?')
    for (const move of placement.teamMoves) moveTeam.run(move.parentTeamId, move.id)
  }

  return { ...placement, writeTeams }
}

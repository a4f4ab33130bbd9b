import type { ImportRow } from '../../../src-shared/domain/import-format'
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
  onProgress?: (written: number) => void
}

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
  const write = db.transaction(() => {
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
      pay_cycle_id = ?, manager_id = ?, planner_id = ?, team_id = ?`
    const updateEmployee = db.prepare(`UPDATE employee SET ${employeeColumns} WHERE id = ?`)
    const insertEmployee = db.prepare(
      `INSERT INTO employee (company_employee_id, name, preferred_name, email, job_title, job_profile_id, salaried,
         hire_date, current_salary, default_pay_currency, gender, race, age, employment_status,
         previous_increase_date, reason_for_last_increase, pay_cycle_id, manager_id, planner_id, team_id, id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
        id,
      )
      upsertReward.run(
        id,
        r.performanceRating,
        flag(r.promotion),
        r.newJobCode ? (profileIds.get(r.newJobCode) ?? null) : null,
      )
      if ((index + 1) % 10_000 === 0) context.onProgress?.(index + 1)
    }
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
    return rows.length
  })
  // Checking references row by row costs 4× the writes; they are checked once, before the commit.
  db.pragma('foreign_keys = OFF')
  try {
    return write()
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

interface StoredEmployee {
  id: number
  code: string
  name: string
  manager_id: number | null
  team_id: number | null
}

interface StoredTeam {
  id: number
  manager_id: number | null
  parent_team_id: number | null
}

/**
 * Who is who after the import, worked out before anything is written so that each employee is
 * written once: ids (an imported Employee Id keeps its row; a new one takes the next id), and the
 * teams, which follow the manager column: every manager holds one team ("{name}'s Team", kept with
 * its budget on a re-import), whose parent is the manager's own team; each employee belongs to
 * their manager's team. Teams of people who no longer manage anyone are kept, empty, with their
 * budgets. Employees the import does not name keep their manager.
 */
function placePeople(db: Workbook['sqlite'], rows: readonly ImportRow[]) {
  const stored = db
    .prepare('SELECT id, company_employee_id AS code, name, manager_id, team_id FROM employee')
    .all() as StoredEmployee[]
  const idByCode = new Map(stored.map((e) => [e.code, e.id]))
  const firstNewId = stored.reduce((max, e) => Math.max(max, e.id), 0) + 1
  let nextId = firstNewId
  const ids = rows.map((r) => {
    const code = r.employeeId ?? ''
    const known = idByCode.get(code)
    if (known !== undefined) return known
    idByCode.set(code, nextId)
    return nextId++
  })
  const idOf = (code: string | null) => (code ? (idByCode.get(code) ?? null) : null)

  const teams = db
    .prepare('SELECT id, manager_id, parent_team_id FROM team ORDER BY id')
    .all() as StoredTeam[]
  let nextTeamId = teams.reduce((max, t) => Math.max(max, t.id), 0) + 1

  // Per employee id (every one is below nextId), after the import: the manager's id (0: none),
  // the name a new team takes, whether the import names the employee, the team they manage.
  const managerOf = new Int32Array(nextId)
  const nameOf = new Array<string>(nextId)
  const imported = new Uint8Array(nextId)
  const teamByManager = new Int32Array(nextId)
  for (const t of teams)
    if (t.manager_id !== null && teamByManager[t.manager_id] === 0) teamByManager[t.manager_id] = t.id
  for (const id of ids) imported[id] = 1
  const managerIds = rows.map((r) => idOf(r.managerEmployeeId))
  const kept = stored.filter((e) => imported[e.id] === 0)
  for (const e of kept) {
    managerOf[e.id] = e.manager_id ?? 0
    nameOf[e.id] = e.name
  }
  rows.forEach((r, index) => {
    managerOf[ids[index]] = managerIds[index] ?? 0
    nameOf[ids[index]] = r.employeeName ?? ''
  })
  const newTeams: { id: number; managerId: number }[] = []
  for (const employeeId of [...kept.map((e) => e.id), ...ids]) {
    const managerId = managerOf[employeeId]
    if (managerId === 0 || teamByManager[managerId] !== 0) continue
    teamByManager[managerId] = nextTeamId
    newTeams.push({ id: nextTeamId++, managerId })
  }
  const teamOfManager = (managerId: number | null) =>
    managerId === null ? null : teamByManager[managerId] || null
  const teamOfEmployee = (id: number) => teamOfManager(managerOf[id] || null)

  function writeTeams(): void {
    const moveEmployee = db.prepare('UPDATE employee SET team_id = ? WHERE id = ?')
    for (const e of kept) {
      const team = teamOfEmployee(e.id)
      if (team !== e.team_id) moveEmployee.run(team, e.id)
    }
    const insertTeam = db.prepare(
      'INSERT INTO team (id, name, manager_id, planner_id, parent_team_id) VALUES (?, ?, ?, ?, ?)',
    )
    for (const t of newTeams)
      insertTeam.run(
        t.id,
        `${nameOf[t.managerId] ?? ''}'s Team`,
        t.managerId,
        t.managerId,
        teamOfEmployee(t.managerId),
      )
    const moveTeam = db.prepare('UPDATE team SET parent_team_id = ? WHERE id = ?')
    for (const t of teams) {
      if (t.manager_id === null) continue
      const parent = teamOfEmployee(t.manager_id)
      if (parent !== t.parent_team_id) moveTeam.run(parent, t.id)
    }
  }

  /** Whether row `index` updates an employee already in the workbook. */
  const existed = (index: number) => ids[index] < firstNewId
  return { ids, managerIds, existed, idOf, teamOfManager, writeTeams }
}

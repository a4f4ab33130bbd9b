import type { ImportRow } from '../../../src-shared/domain/import-format'
import type { Workbook } from '../open'

export interface ImportWriteContext {
  userId: number | null
  fileName: string
  startedAt: string
  at: string
  payCycleId: number | null
  onProgress?: (written: number) => void
}

const flag = (value: boolean | null): 0 | 1 => (value ? 1 : 0)

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

    const upsertEmployee = db.prepare(
      `INSERT INTO employee (company_employee_id, name, preferred_name, email, job_title, job_profile_id, salaried,
         hire_date, current_salary, default_pay_currency, gender, race, age, employment_status,
         previous_increase_date, reason_for_last_increase, pay_cycle_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (company_employee_id) DO UPDATE SET name = excluded.name, preferred_name = excluded.preferred_name,
         email = excluded.email, job_title = excluded.job_title, job_profile_id = excluded.job_profile_id,
         salaried = excluded.salaried, hire_date = excluded.hire_date, current_salary = excluded.current_salary,
         default_pay_currency = excluded.default_pay_currency, gender = excluded.gender, race = excluded.race,
         age = excluded.age, employment_status = excluded.employment_status,
         previous_increase_date = excluded.previous_increase_date,
         reason_for_last_increase = excluded.reason_for_last_increase, pay_cycle_id = excluded.pay_cycle_id`,
    )
    rows.forEach((r, index) => {
      upsertEmployee.run(
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
      )
      if ((index + 1) % 10_000 === 0) context.onProgress?.(index + 1)
    })
    const employeeIds = new Map(
      (
        db.prepare('SELECT company_employee_id AS code, id FROM employee').all() as {
          code: string
          id: number
        }[]
      ).map((e) => [e.code, e.id]),
    )
    const idOf = (code: string | null) => (code ? (employeeIds.get(code) ?? null) : null)
    const setPeople = db.prepare('UPDATE employee SET manager_id = ?, planner_id = ? WHERE id = ?')
    const upsertReward = db.prepare(
      `INSERT INTO reward (employee_id, performance_rating, promotion, new_job_profile_id) VALUES (?, ?, ?, ?)
       ON CONFLICT (employee_id) DO UPDATE SET performance_rating = excluded.performance_rating,
         promotion = excluded.promotion, new_job_profile_id = excluded.new_job_profile_id`,
    )
    for (const r of rows) {
      const id = idOf(r.employeeId) as number
      setPeople.run(idOf(r.managerEmployeeId), idOf(r.planner), id)
      upsertReward.run(
        id,
        r.performanceRating,
        flag(r.promotion),
        r.newJobCode ? (profileIds.get(r.newJobCode) ?? null) : null,
      )
    }
    rebuildTeams(workbook)
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

/**
 * Teams follow the manager column: every manager holds one team ("{name}'s Team", kept with its
 * budget on a re-import), whose parent is the manager's own team; each employee belongs to their
 * manager's team. Teams of people who no longer manage anyone are kept, empty, with their budgets.
 */
function rebuildTeams(workbook: Workbook): void {
  const db = workbook.sqlite
  db.exec(`
    INSERT INTO team (name, manager_id, planner_id)
      SELECT m.name || '''s Team', m.id, m.id FROM employee m
      WHERE m.id IN (SELECT DISTINCT manager_id FROM employee WHERE manager_id IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM team t WHERE t.manager_id = m.id);
    CREATE TEMP TABLE IF NOT EXISTS manager_team (manager_id INTEGER PRIMARY KEY, team_id INTEGER);
    DELETE FROM manager_team;
    INSERT INTO manager_team SELECT manager_id, MIN(id) FROM team WHERE manager_id IS NOT NULL GROUP BY manager_id;
    UPDATE employee SET team_id = (SELECT team_id FROM manager_team WHERE manager_team.manager_id = employee.manager_id);
    UPDATE team SET parent_team_id = (SELECT e.team_id FROM employee e WHERE e.id = team.manager_id)
      WHERE manager_id IS NOT NULL;
    DROP TABLE manager_team;
  `)
}

import { ROLE_DISPLAY_NAMES, ROLES } from '../../../src-shared/domain/roles'
import type { Workbook } from '../open'
import type { DemoCompanyModel, DemoEmployee, DemoTeam } from './model'

/** Rows written per table. */
export type DemoWriteCounts = Record<
  | 'role'
  | 'pay_cycle'
  | 'pay_range'
  | 'job_profile'
  | 'team'
  | 'employee'
  | 'reward'
  | 'app_user'
  | 'company'
  | 'user_setting'
  | 'planner_submission'
  | 'reward_history',
  number
>

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0)

/**
 * Writes the model into an empty workbook in one transaction, with raw prepared statements (100,000
 * employees take a few seconds). Teams and employees go in level by level, each team right after
 * its manager, so no deferred foreign key is ever outstanding: SQLite then has no child tables to
 * re-scan on every insert.
 */
export function writeDemoCompany(
  workbook: Pick<Workbook, 'sqlite'>,
  model: DemoCompanyModel,
): DemoWriteCounts {
  const db = workbook.sqlite
  const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n

  const write = db.transaction((): DemoWriteCounts => {
    for (const table of ['company', 'employee', 'team', 'pay_cycle', 'app_user']) {
      if (count(table) > 0)
        throw new Error(`The demo company needs an empty workbook; this one has ${table} rows.`)
    }
    const insertRole = db.prepare('INSERT OR IGNORE INTO role (name, name_display) VALUES (?, ?)')
    for (const role of ROLES) insertRole.run(role, ROLE_DISPLAY_NAMES[role])
    const roleIds = new Map(
      (db.prepare('SELECT id, name FROM role').all() as { id: number; name: string }[]).map((r) => [
        r.name,
        r.id,
      ]),
    )

    const cycle = model.payCycle
    db.prepare(
      `INSERT INTO pay_cycle (id, name, active, effective_date, company_merit_budget, default_currency,
         currency_conversions, assets, settings, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
    ).run(
      cycle.id,
      cycle.name,
      flag(cycle.active),
      cycle.effectiveDate,
      cycle.companyMeritBudget,
      cycle.defaultCurrency,
      JSON.stringify(cycle.currencyConversions),
      JSON.stringify(cycle.settings),
      cycle.updatedAt,
    )

    const insertRange = db.prepare(
      'INSERT INTO pay_range (id, name, min_pay, mid_pay, max_pay, pay_currency, salaried) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    for (const r of model.payRanges) {
      insertRange.run(r.id, r.name, r.minPay, r.midPay, r.maxPay, r.payCurrency, flag(r.salaried))
    }
    const insertProfile = db.prepare(
      `INSERT INTO job_profile (id, job_code, job_profile, job_family, job_family_group, exemption_status, pay_range_id)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    for (const p of model.jobProfiles) {
      insertProfile.run(
        p.id,
        p.jobCode,
        p.jobProfile,
        p.jobFamily,
        p.jobFamilyGroup,
        flag(p.exemptionStatus),
        p.payRangeId,
      )
    }

    const insertTeam = db.prepare(
      `INSERT INTO team (id, name, parent_team_id, manager_id, planner_id, budget, budget_currency,
         calculated_budget, recommended_budget) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL)`,
    )
    const team = (t: DemoTeam) =>
      insertTeam.run(t.id, t.name, t.parentTeamId, t.managerId, t.plannerId, t.budget, t.budgetCurrency)
    const insertEmployee = db.prepare(
      `INSERT INTO employee (id, company_employee_id, name, preferred_name, email, avatar, job_title, job_profile_id,
         fte, salaried, hire_date, current_salary, default_pay_currency, current_dollar_bonus, current_percent_bonus,
         gender, race, age, department, location, employment_status, previous_increase_date, reason_for_last_increase,
         team_id, manager_id, planner_id, pay_cycle_id)
       VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    const employee = (e: DemoEmployee) =>
      insertEmployee.run(
        e.id,
        e.companyEmployeeId,
        e.name,
        e.preferredName,
        e.email,
        e.jobTitle,
        e.jobProfileId,
        e.fte,
        flag(e.salaried),
        e.hireDate,
        e.currentSalary,
        e.payCurrency,
        e.currentDollarBonus,
        e.currentPercentBonus,
        e.gender,
        e.race,
        e.age,
        e.department,
        e.location,
        e.employmentStatus,
        e.previousIncreaseDate,
        e.reasonForLastIncrease,
        e.teamId,
        e.managerId,
        e.plannerId,
        cycle.id,
      )
    // A team goes in once its manager is in and before its first member.
    let nextTeam = 0
    for (const e of model.employees) {
      while (nextTeam < model.teams.length && e.teamId !== null && model.teams[nextTeam].id <= e.teamId) {
        team(model.teams[nextTeam++])
      }
      employee(e)
    }
    while (nextTeam < model.teams.length) team(model.teams[nextTeam++])

    const insertReward = db.prepare(
      `INSERT INTO reward (employee_id, new_salary, new_dollar_bonus, new_percent_bonus, new_job_profile_id,
         recommended_increase, recommended_increase_per, performance_rating, performance_rating_label,
         performance_plan, lump_sum, bonus, promotion, comments, eligible_for_increase, previous_increase,
         hyperbalance_annual_allocated_budget, delta_from_mid_point, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, NULL, ?, ?)`,
    )
    for (const e of model.employees) {
      const r = e.reward
      insertReward.run(
        e.id,
        r.newSalary,
        r.newDollarBonus,
        r.newPercentBonus,
        r.newJobProfileId,
        r.recommendedIncrease,
        r.recommendedIncreasePer,
        r.performanceRating,
        r.performanceRatingLabel,
        flag(r.performancePlan),
        r.lumpSum,
        flag(r.promotion),
        r.comments,
        flag(r.eligibleForIncrease),
        r.previousIncrease,
        r.deltaFromMidPoint,
        r.updatedAt,
      )
    }

    const insertUser = db.prepare(
      `INSERT INTO app_user (id, email, name, preferred_name, role_id, employee_id, invited, invite_accepted, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    for (const u of model.users) {
      insertUser.run(
        u.id,
        u.email,
        u.name,
        u.preferredName,
        roleIds.get(u.role),
        u.employeeId,
        flag(u.invited),
        flag(u.inviteAccepted),
        model.company.createdAt,
      )
    }
    const owner = model.users.find((u) => u.email === model.ownerEmail)
    db.prepare(
      `INSERT INTO company (id, name, logo_url, has_custom_assets, server_url, owner_user_id, created_at)
       VALUES (1, ?, NULL, 0, NULL, ?, ?)`,
    ).run(model.company.name, owner?.id ?? null, model.company.createdAt)

    const insertSetting = db.prepare(
      'INSERT INTO user_setting (user_id, preferred_currency, compensation_table_config) VALUES (?, ?, ?)',
    )
    for (const s of model.userSettings) {
      const columns = s.compensationTableConfig === null ? null : JSON.stringify(s.compensationTableConfig)
      insertSetting.run(s.userId, s.preferredCurrency, columns)
    }
    const insertSubmission = db.prepare(
      `INSERT INTO planner_submission (id, planner_employee_id, pay_cycle_id, submission_type, comments,
         submitted_by_user_id, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    for (const s of model.plannerSubmissions) {
      insertSubmission.run(
        s.id,
        s.plannerEmployeeId,
        s.payCycleId,
        s.submissionType,
        s.comments,
        s.submittedByUserId,
        s.updatedAt,
      )
    }
    const insertHistory = db.prepare(
      `INSERT INTO reward_history (id, employee_id, changed_at, changed_by_user_id, source, changes)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    for (const h of model.rewardHistory) {
      insertHistory.run(
        h.id,
        h.employeeId,
        h.changedAt,
        h.changedByUserId,
        h.source,
        JSON.stringify(h.changes),
      )
    }

    return {
      role: ROLES.length,
      pay_cycle: 1,
      pay_range: model.payRanges.length,
      job_profile: model.jobProfiles.length,
      team: model.teams.length,
      employee: model.employees.length,
      reward: model.employees.length,
      app_user: model.users.length,
      company: 1,
      user_setting: model.userSettings.length,
      planner_submission: model.plannerSubmissions.length,
      reward_history: model.rewardHistory.length,
    }
  })
  return write()
}

import { sql, type Kysely } from 'kysely'

/**
 * The first workbook schema. Money columns end in a unit-free name but hold integer cents
 * (see src-shared/domain/money.ts); percents are REAL percent values (12.5 = 12.5%).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `CREATE TABLE company (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      name TEXT NOT NULL,
      logo_url TEXT,
      has_custom_assets INTEGER NOT NULL DEFAULT 0,
      server_url TEXT,
      owner_user_id INTEGER,
      created_at TEXT NOT NULL
    )`,
    `CREATE TABLE pay_cycle (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL DEFAULT 'Default Configuration',
      active INTEGER NOT NULL DEFAULT 0 CHECK (active IN (0, 1)),
      effective_date TEXT,
      company_merit_budget INTEGER,
      default_currency TEXT NOT NULL DEFAULT 'USD',
      currency_conversions TEXT NOT NULL DEFAULT '{"USD":1}',
      assets TEXT,
      settings TEXT NOT NULL DEFAULT '{}',
      updated_at TEXT NOT NULL
    )`,
    `CREATE UNIQUE INDEX pay_cycle_one_active ON pay_cycle (active) WHERE active = 1`,
    `CREATE TABLE pay_range (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL UNIQUE,
      min_pay INTEGER NOT NULL DEFAULT 0,
      mid_pay INTEGER NOT NULL DEFAULT 0,
      max_pay INTEGER NOT NULL DEFAULT 0,
      pay_currency TEXT NOT NULL DEFAULT 'USD',
      salaried INTEGER NOT NULL DEFAULT 1
    )`,
    `CREATE TABLE job_profile (
      id INTEGER PRIMARY KEY,
      job_code TEXT NOT NULL UNIQUE,
      job_profile TEXT,
      job_family TEXT,
      job_family_group TEXT,
      exemption_status INTEGER NOT NULL DEFAULT 0,
      pay_range_id INTEGER REFERENCES pay_range (id) ON DELETE SET NULL
    )`,
    `CREATE TABLE team (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL DEFAULT 'Unnamed Team',
      parent_team_id INTEGER REFERENCES team (id) ON DELETE SET NULL,
      manager_id INTEGER REFERENCES employee (id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED,
      planner_id INTEGER REFERENCES employee (id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED,
      budget INTEGER,
      budget_currency TEXT,
      calculated_budget INTEGER,
      recommended_budget INTEGER
    )`,
    `CREATE INDEX team_parent ON team (parent_team_id)`,
    `CREATE INDEX team_manager ON team (manager_id)`,
    `CREATE TABLE employee (
      id INTEGER PRIMARY KEY,
      company_employee_id TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      preferred_name TEXT,
      email TEXT,
      avatar TEXT,
      job_title TEXT,
      job_profile_id INTEGER REFERENCES job_profile (id) ON DELETE SET NULL,
      fte REAL NOT NULL DEFAULT 1,
      salaried INTEGER NOT NULL DEFAULT 1,
      hire_date TEXT,
      current_salary INTEGER NOT NULL DEFAULT 0,
      default_pay_currency TEXT NOT NULL DEFAULT 'USD',
      current_dollar_bonus INTEGER NOT NULL DEFAULT 0,
      current_percent_bonus REAL NOT NULL DEFAULT 0,
      gender TEXT,
      race TEXT,
      age INTEGER,
      department TEXT,
      location TEXT,
      employment_status TEXT NOT NULL DEFAULT 'Active',
      previous_increase_date TEXT,
      reason_for_last_increase TEXT NOT NULL DEFAULT '',
      team_id INTEGER REFERENCES team (id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED,
      manager_id INTEGER REFERENCES employee (id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED,
      planner_id INTEGER REFERENCES employee (id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED,
      pay_cycle_id INTEGER REFERENCES pay_cycle (id) ON DELETE SET NULL
    )`,
    `CREATE INDEX employee_team ON employee (team_id)`,
    `CREATE INDEX employee_manager ON employee (manager_id)`,
    `CREATE INDEX employee_name ON employee (name)`,
    `CREATE TABLE reward (
      employee_id INTEGER PRIMARY KEY REFERENCES employee (id) ON DELETE CASCADE,
      new_salary INTEGER,
      new_dollar_bonus INTEGER,
      new_percent_bonus REAL,
      new_job_profile_id INTEGER REFERENCES job_profile (id) ON DELETE SET NULL,
      recommended_increase INTEGER,
      recommended_increase_per REAL,
      performance_rating REAL,
      performance_rating_label TEXT,
      performance_plan INTEGER NOT NULL DEFAULT 0,
      lump_sum INTEGER,
      bonus INTEGER,
      promotion INTEGER NOT NULL DEFAULT 0,
      comments TEXT,
      eligible_for_increase INTEGER NOT NULL DEFAULT 1,
      previous_increase TEXT,
      hyperbalance_annual_allocated_budget INTEGER,
      delta_from_mid_point INTEGER,
      updated_at TEXT
    )`,
    `CREATE TABLE reward_history (
      id INTEGER PRIMARY KEY,
      employee_id INTEGER NOT NULL REFERENCES employee (id) ON DELETE CASCADE,
      changed_at TEXT NOT NULL,
      changed_by_user_id INTEGER REFERENCES app_user (id) ON DELETE SET NULL,
      source TEXT NOT NULL,
      changes TEXT NOT NULL
    )`,
    `CREATE INDEX reward_history_employee ON reward_history (employee_id, id)`,
    `CREATE TABLE planner_submission (
      id INTEGER PRIMARY KEY,
      planner_employee_id INTEGER NOT NULL REFERENCES employee (id) ON DELETE CASCADE,
      pay_cycle_id INTEGER NOT NULL REFERENCES pay_cycle (id) ON DELETE CASCADE,
      submission_type TEXT NOT NULL CHECK (submission_type IN ('PLANNER', 'FORCE', 'HR')),
      comments TEXT NOT NULL,
      submitted_by_user_id INTEGER REFERENCES app_user (id) ON DELETE SET NULL,
      updated_at TEXT NOT NULL,
      UNIQUE (pay_cycle_id, planner_employee_id)
    )`,
    `CREATE TABLE role (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL UNIQUE,
      name_display TEXT NOT NULL
    )`,
    `CREATE TABLE app_user (
      id INTEGER PRIMARY KEY,
      email TEXT NOT NULL UNIQUE COLLATE NOCASE,
      name TEXT NOT NULL,
      preferred_name TEXT,
      role_id INTEGER NOT NULL REFERENCES role (id),
      employee_id INTEGER UNIQUE REFERENCES employee (id) ON DELETE SET NULL,
      invited INTEGER NOT NULL DEFAULT 0,
      invite_accepted INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL
    )`,
    `CREATE TABLE user_setting (
      user_id INTEGER PRIMARY KEY REFERENCES app_user (id) ON DELETE CASCADE,
      preferred_currency TEXT,
      compensation_table_config TEXT
    )`,
    `CREATE TABLE statement_template (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      logo_url TEXT,
      template_content TEXT NOT NULL,
      data_tags TEXT NOT NULL,
      modified_at TEXT NOT NULL
    )`,
    `CREATE TABLE reward_statement (
      id INTEGER PRIMARY KEY,
      employee_id INTEGER NOT NULL REFERENCES employee (id) ON DELETE CASCADE,
      template_id INTEGER REFERENCES statement_template (id) ON DELETE SET NULL,
      pay_cycle_id INTEGER REFERENCES pay_cycle (id) ON DELETE SET NULL,
      content TEXT NOT NULL,
      created_at TEXT NOT NULL,
      send_status TEXT NOT NULL DEFAULT 'NOT_SENT',
      send_method TEXT,
      sent_at TEXT,
      magic_link_token TEXT UNIQUE,
      magic_link_revoked INTEGER NOT NULL DEFAULT 0
    )`,
    `CREATE TABLE integration (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      kind TEXT NOT NULL,
      created_at TEXT NOT NULL
    )`,
    `CREATE TABLE hyperbalance_config (
      pay_cycle_id INTEGER PRIMARY KEY REFERENCES pay_cycle (id) ON DELETE CASCADE,
      config TEXT NOT NULL
    )`,
    `CREATE TABLE import_batch (
      id INTEGER PRIMARY KEY,
      file_name TEXT NOT NULL,
      started_at TEXT NOT NULL,
      finished_at TEXT,
      status TEXT NOT NULL CHECK (status IN ('imported', 'invalid', 'aborted')),
      row_count INTEGER NOT NULL DEFAULT 0,
      imported_count INTEGER NOT NULL DEFAULT 0,
      errors TEXT NOT NULL DEFAULT '[]',
      user_id INTEGER REFERENCES app_user (id) ON DELETE SET NULL
    )`,
    `CREATE TABLE change_log (
      id INTEGER PRIMARY KEY,
      at TEXT NOT NULL,
      user_id INTEGER REFERENCES app_user (id) ON DELETE SET NULL,
      entity TEXT NOT NULL,
      entity_id TEXT,
      action TEXT NOT NULL,
      old_value TEXT,
      new_value TEXT
    )`,
  ]
  for (const statement of statements) await sql.raw(statement).execute(db)
}

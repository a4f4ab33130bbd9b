import { sql, type Kysely } from 'kysely'

/**
 * The company server's first schema. Every company's rows carry `company_id`, and every key and
 * reference includes it, so a row can only ever point at rows of its own company. Ids inside a
 * company are the company's own (a published workbook keeps its ids; a joined replica takes them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `CREATE TABLE company (
      id BIGSERIAL PRIMARY KEY,
      name TEXT NOT NULL,
      server_owner_email TEXT,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )`,
    `CREATE TABLE app_user (
      id BIGSERIAL PRIMARY KEY,
      company_id BIGINT NOT NULL REFERENCES company (id) ON DELETE CASCADE,
      email TEXT NOT NULL,
      name TEXT NOT NULL,
      role TEXT NOT NULL CHECK (role IN ('SUPER_USER','OWNER','ADMIN','PLANNER','COMM_MANAGER','MANAGER','EMPLOYEE')),
      employee_id BIGINT,
      password_hash TEXT,
      invited BOOLEAN NOT NULL DEFAULT false,
      invite_accepted BOOLEAN NOT NULL DEFAULT false,
      invited_at TIMESTAMPTZ,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )`,
    `CREATE UNIQUE INDEX app_user_email ON app_user (lower(email))`,
    `CREATE INDEX app_user_company ON app_user (company_id)`,
    `CREATE TABLE refresh_token (
      id BIGSERIAL PRIMARY KEY,
      user_id BIGINT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      family UUID NOT NULL,
      token_hash TEXT NOT NULL UNIQUE,
      expires_at TIMESTAMPTZ NOT NULL,
      rotated_at TIMESTAMPTZ,
      revoked_at TIMESTAMPTZ,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX refresh_token_family ON refresh_token (family)`,
    `CREATE TABLE one_time_link (
      id BIGSERIAL PRIMARY KEY,
      user_id BIGINT NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      purpose TEXT NOT NULL CHECK (purpose IN ('invite', 'recover')),
      token_hash TEXT NOT NULL UNIQUE,
      expires_at TIMESTAMPTZ NOT NULL,
      used_at TIMESTAMPTZ,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )`,
    `CREATE TABLE pay_cycle (
      company_id BIGINT NOT NULL REFERENCES company (id) ON DELETE CASCADE,
      id BIGINT NOT NULL,
      name TEXT NOT NULL DEFAULT 'Default Configuration',
      active BOOLEAN NOT NULL DEFAULT true,
      effective_date DATE,
      company_merit_budget BIGINT,
      default_currency TEXT NOT NULL DEFAULT 'USD',
      currency_conversions JSONB NOT NULL DEFAULT '{}',
      settings JSONB NOT NULL,
      updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id)
    )`,
    `CREATE UNIQUE INDEX pay_cycle_one_active ON pay_cycle (company_id) WHERE active`,
    `CREATE TABLE pay_range (
      company_id BIGINT NOT NULL REFERENCES company (id) ON DELETE CASCADE,
      id BIGINT NOT NULL,
      name TEXT NOT NULL,
      min_pay BIGINT NOT NULL DEFAULT 0,
      mid_pay BIGINT NOT NULL DEFAULT 0,
      max_pay BIGINT NOT NULL DEFAULT 0,
      pay_currency TEXT NOT NULL DEFAULT 'USD',
      salaried BOOLEAN NOT NULL DEFAULT true,
      PRIMARY KEY (company_id, id)
    )`,
    `CREATE TABLE job_profile (
      company_id BIGINT NOT NULL REFERENCES company (id) ON DELETE CASCADE,
      id BIGINT NOT NULL,
      job_code TEXT NOT NULL,
      job_profile TEXT,
      job_family TEXT,
      job_family_group TEXT,
      exemption_status BOOLEAN NOT NULL DEFAULT false,
      pay_range_id BIGINT,
      PRIMARY KEY (company_id, id),
      UNIQUE (company_id, job_code),
      FOREIGN KEY (company_id, pay_range_id) REFERENCES pay_range (company_id, id)
    )`,
    `CREATE TABLE team (
      company_id BIGINT NOT NULL REFERENCES company (id) ON DELETE CASCADE,
      id BIGINT NOT NULL,
      name TEXT NOT NULL DEFAULT 'Unnamed Team',
      parent_team_id BIGINT,
      manager_id BIGINT,
      planner_id BIGINT,
      budget BIGINT,
      budget_currency TEXT,
      calculated_budget BIGINT,
      recommended_budget BIGINT,
      PRIMARY KEY (company_id, id)
    )`,
    `CREATE TABLE employee (
      company_id BIGINT NOT NULL REFERENCES company (id) ON DELETE CASCADE,
      id BIGINT NOT NULL,
      company_employee_id TEXT NOT NULL,
      name TEXT NOT NULL,
      preferred_name TEXT,
      email TEXT,
      job_title TEXT,
      job_profile_id BIGINT,
      fte DOUBLE PRECISION NOT NULL DEFAULT 1,
      salaried BOOLEAN NOT NULL DEFAULT true,
      hire_date DATE,
      current_salary BIGINT NOT NULL DEFAULT 0,
      default_pay_currency TEXT NOT NULL DEFAULT 'USD',
      current_dollar_bonus BIGINT NOT NULL DEFAULT 0,
      current_percent_bonus DOUBLE PRECISION NOT NULL DEFAULT 0,
      gender TEXT,
      race TEXT,
      age DOUBLE PRECISION,
      department TEXT,
      location TEXT,
      employment_status TEXT NOT NULL DEFAULT 'Full Time',
      previous_increase_date DATE,
      team_id BIGINT,
      manager_id BIGINT,
      planner_id BIGINT,
      pay_cycle_id BIGINT,
      PRIMARY KEY (company_id, id),
      UNIQUE (company_id, company_employee_id),
      FOREIGN KEY (company_id, team_id) REFERENCES team (company_id, id) DEFERRABLE INITIALLY DEFERRED,
      FOREIGN KEY (company_id, job_profile_id) REFERENCES job_profile (company_id, id)
    )`,
    `ALTER TABLE team ADD FOREIGN KEY (company_id, parent_team_id) REFERENCES team (company_id, id) DEFERRABLE INITIALLY DEFERRED`,
    `ALTER TABLE team ADD FOREIGN KEY (company_id, manager_id) REFERENCES employee (company_id, id) DEFERRABLE INITIALLY DEFERRED`,
    `CREATE TABLE reward (
      company_id BIGINT NOT NULL,
      employee_id BIGINT NOT NULL,
      new_salary BIGINT,
      new_dollar_bonus BIGINT,
      new_percent_bonus DOUBLE PRECISION,
      new_job_profile_id BIGINT,
      recommended_increase BIGINT,
      recommended_increase_per DOUBLE PRECISION,
      lump_sum BIGINT,
      comments TEXT,
      performance_rating DOUBLE PRECISION,
      performance_plan BOOLEAN NOT NULL DEFAULT false,
      promotion BOOLEAN NOT NULL DEFAULT false,
      previous_increase DATE,
      hyperbalance_annual_allocated_budget BIGINT,
      updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, employee_id),
      FOREIGN KEY (company_id, employee_id) REFERENCES employee (company_id, id) ON DELETE CASCADE
    )`,
    `CREATE TABLE reward_history (
      id BIGSERIAL PRIMARY KEY,
      company_id BIGINT NOT NULL,
      employee_id BIGINT NOT NULL,
      at TIMESTAMPTZ NOT NULL DEFAULT now(),
      user_id BIGINT REFERENCES app_user (id) ON DELETE SET NULL,
      source TEXT NOT NULL,
      changes JSONB NOT NULL,
      FOREIGN KEY (company_id, employee_id) REFERENCES employee (company_id, id) ON DELETE CASCADE
    )`,
    `CREATE INDEX reward_history_employee ON reward_history (company_id, employee_id)`,
    `CREATE TABLE planner_submission (
      id BIGSERIAL PRIMARY KEY,
      company_id BIGINT NOT NULL,
      planner_employee_id BIGINT NOT NULL,
      pay_cycle_id BIGINT NOT NULL,
      submission_type TEXT NOT NULL CHECK (submission_type IN ('PLANNER', 'FORCE', 'HR')),
      comments TEXT NOT NULL,
      submitted_by_user_id BIGINT REFERENCES app_user (id) ON DELETE SET NULL,
      updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE (company_id, pay_cycle_id, planner_employee_id),
      FOREIGN KEY (company_id, planner_employee_id) REFERENCES employee (company_id, id) ON DELETE CASCADE,
      FOREIGN KEY (company_id, pay_cycle_id) REFERENCES pay_cycle (company_id, id) ON DELETE CASCADE
    )`,
    `CREATE TABLE user_settings (
      user_id BIGINT PRIMARY KEY REFERENCES app_user (id) ON DELETE CASCADE,
      preferred_currency TEXT,
      compensation_table_config JSONB
    )`,
    `CREATE TABLE change_log (
      id BIGSERIAL PRIMARY KEY,
      company_id BIGINT NOT NULL REFERENCES company (id) ON DELETE CASCADE,
      at TIMESTAMPTZ NOT NULL DEFAULT now(),
      user_id BIGINT REFERENCES app_user (id) ON DELETE SET NULL,
      entity TEXT NOT NULL,
      entity_id TEXT,
      action TEXT NOT NULL,
      old_value JSONB,
      new_value JSONB
    )`,
  ]
  for (const statement of statements) await sql.raw(statement).execute(db)
}

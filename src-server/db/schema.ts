import type { ColumnType, Generated } from 'kysely'

/** PostgreSQL returns BIGINT as text by default; connect.ts parses it to a number (ids and cents fit). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type DateText = ColumnType<string | null, string | null | undefined, string | null>
type Json<T> = ColumnType<T, string, string>

export interface CompanyTable {
  id: Generated<number>
  name: string
  server_owner_email: string | null
  created_at: Generated<Timestamp>
  /** The company of the server's operators (its SUPER_USERs); one at most. */
  operators: Generated<boolean>
}

export interface AppUserTable {
  id: Generated<number>
  company_id: number
  email: string
  name: string
  role: string
  employee_id: number | null
  password_hash: string | null
  invited: Generated<boolean>
  invite_accepted: Generated<boolean>
  invited_at: Timestamp | null
  created_at: Generated<Timestamp>
  /** Access tokens carry it; a password set or reset bumps it (migration 009). */
  token_version: Generated<number>
}

export interface RefreshTokenTable {
  id: Generated<number>
  user_id: number
  family: string
  token_hash: string
  expires_at: Timestamp
  rotated_at: Timestamp | null
  revoked_at: Timestamp | null
  created_at: Generated<Timestamp>
}

export interface OneTimeLinkTable {
  id: Generated<number>
  user_id: number
  purpose: 'invite' | 'recover'
  token_hash: string
  expires_at: Timestamp
  used_at: Timestamp | null
  created_at: Generated<Timestamp>
}

export interface PayCycleTable {
  company_id: number
  id: number
  name: Generated<string>
  active: Generated<boolean>
  effective_date: DateText
  company_merit_budget: number | null
  default_currency: Generated<string>
  currency_conversions: Json<Record<string, number>>
  settings: Json<unknown>
  updated_at: Generated<Timestamp>
  /** When it was closed (or deactivated by another's activation); null while active. */
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  /** The saved HyperBalance configuration (GET /calculate-matrix/); null: none saved. */
  hyperbalance_config: ColumnType<unknown, string | null | undefined, string | null>
}

export interface PayRangeTable {
  company_id: number
  id: number
  name: string
  min_pay: number
  mid_pay: number
  max_pay: number
  pay_currency: string
  salaried: boolean
}

export interface JobProfileTable {
  company_id: number
  id: number
  job_code: string
  job_profile: string | null
  job_family: string | null
  job_family_group: string | null
  exemption_status: boolean
  pay_range_id: number | null
}

export interface TeamTable {
  company_id: number
  id: number
  name: string
  parent_team_id: number | null
  manager_id: number | null
  planner_id: number | null
  budget: number | null
  budget_currency: string | null
  calculated_budget: number | null
  recommended_budget: number | null
}

export interface EmployeeTable {
  company_id: number
  id: number
  company_employee_id: string
  name: string
  preferred_name: string | null
  email: string | null
  job_title: string | null
  job_profile_id: number | null
  fte: number
  salaried: boolean
  hire_date: DateText
  current_salary: number
  default_pay_currency: string
  current_dollar_bonus: number
  current_percent_bonus: number
  gender: string | null
  race: string | null
  age: number | null
  department: string | null
  location: string | null
  employment_status: string
  previous_increase_date: DateText
  reason_for_last_increase: Generated<string>
  team_id: number | null
  manager_id: number | null
  planner_id: number | null
  pay_cycle_id: number | null
}

export interface RewardTable {
  company_id: number
  employee_id: number
  new_salary: number | null
  new_dollar_bonus: number | null
  new_percent_bonus: number | null
  new_job_profile_id: number | null
  recommended_increase: number | null
  recommended_increase_per: number | null
  lump_sum: number | null
  comments: string | null
  performance_rating: number | null
  performance_plan: boolean
  promotion: boolean
  previous_increase: DateText
  hyperbalance_annual_allocated_budget: number | null
  updated_at: Generated<Timestamp>
}

export interface RewardHistoryTable {
  id: Generated<number>
  company_id: number
  employee_id: number
  at: Generated<Timestamp>
  user_id: number | null
  source: string
  changes: Json<unknown>
}

export interface PlannerSubmissionTable {
  id: Generated<number>
  company_id: number
  planner_employee_id: number
  pay_cycle_id: number
  submission_type: 'PLANNER' | 'FORCE' | 'HR'
  comments: string
  submitted_by_user_id: number | null
  updated_at: Generated<Timestamp>
}

export interface UserSettingsTable {
  user_id: number
  preferred_currency: string | null
  compensation_table_config: Json<string[] | null> | null
}

export interface ChangeLogTable {
  id: Generated<number>
  company_id: number
  at: Generated<Timestamp>
  user_id: number | null
  entity: string
  entity_id: string | null
  action: string
  old_value: Json<unknown> | null
  new_value: Json<unknown> | null
}

export interface SyncChangeTable {
  seq: Generated<number>
  company_id: number
  kind: string
  entity_id: number
  user_id: number | null
  user_name: string
  user_email: string | null
  at: Timestamp
  payload: Json<unknown>
  idempotency_key: string | null
  /** The key's request: route, user and body hash (migration 010); null before it or without a key. */
  key_scope: string | null
}

/** A piece of an uploaded company file (migration 008). */
export interface CompanyFilePieceTable {
  company_id: number
  upload_id: string
  n: number
  bytes: Buffer
}

/** The company's file: which upload, the feed position it is as of and the server's content hash of it. */
export interface CompanyFileTable {
  company_id: number
  upload_id: string
  feed_seq: number
  content_hash: string
  size: number
  uploaded_by: number | null
  uploaded_at: Generated<Timestamp>
}

/** A push answered without a change: its idempotency key, so a replay applies nothing. */
export interface SyncPushKeyTable {
  company_id: number
  idempotency_key: string
  at: Generated<Timestamp>
  key_scope: string | null
}

export interface StatementTemplateTable {
  company_id: number
  id: Generated<number>
  desktop_template_id: number | null
  content_hash: string
  name: string
  logo: string | null
  intro: string
  closing: string
  data_tags: Json<Record<string, boolean>>
  created_at: Timestamp
}

export interface RewardStatementTable {
  company_id: number
  id: Generated<number>
  employee_id: number
  template_id: number
  desktop_template_id: number | null
  company_name: string
  facts: Json<unknown>
  created_by: number | null
  created_at: Timestamp
  send_status: ColumnType<string, string | undefined, string>
  send_method: string | null
  sent_at: Timestamp | null
  send_error: string | null
  link_hash: string | null
  link_expires_at: Timestamp | null
  link_revoked_at: Timestamp | null
  /** The company template (reward_template) it was drawn from on the server; null when a desktop sent it. */
  server_template_id: Generated<number | null>
}

export interface RewardTemplateTable {
  company_id: number
  id: Generated<number>
  name: string
  logo: string | null
  intro: string
  closing: string
  data_tags: Json<Record<string, boolean>>
  created_by: number | null
  modified_at: Timestamp
}

/** A company's HRIS connection through Merge; the account token only sealed (migration 013). */
export interface MergeIntegrationTable {
  id: Generated<number>
  company_id: number
  integration_name: string
  integration_slug: string
  account_token_sealed: Buffer
  created_by: number | null
  /** DEFAULT now(): the insert leaves it out. */
  created_at: Timestamp
  last_import_at: Timestamp | null
}

export interface ServerDatabase {
  company: CompanyTable
  app_user: AppUserTable
  refresh_token: RefreshTokenTable
  one_time_link: OneTimeLinkTable
  pay_cycle: PayCycleTable
  pay_range: PayRangeTable
  job_profile: JobProfileTable
  team: TeamTable
  employee: EmployeeTable
  reward: RewardTable
  reward_history: RewardHistoryTable
  planner_submission: PlannerSubmissionTable
  user_settings: UserSettingsTable
  change_log: ChangeLogTable
  sync_change: SyncChangeTable
  sync_push_key: SyncPushKeyTable
  company_file_piece: CompanyFilePieceTable
  company_file: CompanyFileTable
  statement_template: StatementTemplateTable
  reward_statement: RewardStatementTable
  reward_template: RewardTemplateTable
  merge_integration: MergeIntegrationTable
}

import type { Generated } from 'kysely'

/** Typed tables of a .paycycle workbook (migrations/*.ts create them). Booleans are 0/1 integers. */
type Flag = 0 | 1

export interface CompanyTable {
  id: number
  name: string
  logo_url: string | null
  has_custom_assets: Generated<Flag>
  server_url: string | null
  owner_user_id: number | null
  created_at: string
}

export interface PayCycleTable {
  id: Generated<number>
  name: Generated<string>
  active: Generated<Flag>
  effective_date: string | null
  company_merit_budget: number | null
  default_currency: Generated<string>
  /** JSON: currency code → rate. */
  currency_conversions: Generated<string>
  assets: string | null
  /** JSON: PayCycleSettings. */
  settings: Generated<string>
  updated_at: string
  /** When it was closed (or deactivated by another's activation); null while active. */
  closed_at: string | null
  /** The day its rates came from the live rates service; null when entered by hand. */
  rates_as_of: string | null
}

export interface PayRangeTable {
  id: Generated<number>
  name: string
  min_pay: Generated<number>
  mid_pay: Generated<number>
  max_pay: Generated<number>
  pay_currency: Generated<string>
  salaried: Generated<Flag>
}

export interface JobProfileTable {
  id: Generated<number>
  job_code: string
  job_profile: string | null
  job_family: string | null
  job_family_group: string | null
  exemption_status: Generated<Flag>
  pay_range_id: number | null
}

export interface TeamTable {
  id: Generated<number>
  name: Generated<string>
  parent_team_id: number | null
  manager_id: number | null
  planner_id: number | null
  budget: number | null
  budget_currency: string | null
  calculated_budget: number | null
  recommended_budget: number | null
}

export interface EmployeeTable {
  id: Generated<number>
  company_employee_id: string
  name: string
  preferred_name: string | null
  email: string | null
  avatar: string | null
  job_title: string | null
  job_profile_id: number | null
  /** As imported for this employee; NULL: the job profile's (migration 006). */
  imported_job_profile: string | null
  imported_job_family: string | null
  imported_job_family_group: string | null
  fte: Generated<number>
  salaried: Generated<Flag>
  hire_date: string | null
  current_salary: Generated<number>
  default_pay_currency: Generated<string>
  current_dollar_bonus: Generated<number>
  current_percent_bonus: Generated<number>
  gender: string | null
  race: string | null
  age: number | null
  department: string | null
  location: string | null
  employment_status: Generated<string>
  previous_increase_date: string | null
  reason_for_last_increase: Generated<string>
  team_id: number | null
  manager_id: number | null
  planner_id: number | null
  pay_cycle_id: number | null
}

export interface RewardTable {
  employee_id: number
  new_salary: number | null
  new_dollar_bonus: number | null
  new_percent_bonus: number | null
  new_job_profile_id: number | null
  recommended_increase: number | null
  recommended_increase_per: number | null
  performance_rating: number | null
  performance_rating_label: string | null
  performance_plan: Generated<Flag>
  lump_sum: number | null
  bonus: number | null
  promotion: Generated<Flag>
  comments: string | null
  eligible_for_increase: Generated<Flag>
  previous_increase: string | null
  hyperbalance_annual_allocated_budget: number | null
  delta_from_mid_point: number | null
  updated_at: string | null
}

export interface RewardHistoryTable {
  id: Generated<number>
  employee_id: number
  changed_at: string
  changed_by_user_id: number | null
  /** Where the change came from: 'table', 'import', 'plan', 'demo'. */
  source: string
  /** JSON: field → { old, new }. */
  changes: string
}

export interface PlannerSubmissionTable {
  id: Generated<number>
  planner_employee_id: number
  pay_cycle_id: number
  submission_type: 'PLANNER' | 'FORCE' | 'HR'
  comments: string
  submitted_by_user_id: number | null
  updated_at: string
}

export interface RoleTable {
  id: Generated<number>
  name: string
  name_display: string
}

export interface AppUserTable {
  id: Generated<number>
  email: string
  name: string
  preferred_name: string | null
  role_id: number
  employee_id: number | null
  invited: Generated<Flag>
  invite_accepted: Generated<Flag>
  created_at: string
}

export interface UserSettingTable {
  user_id: number
  preferred_currency: string | null
  /** JSON: ordered column ids. */
  compensation_table_config: string | null
}

export interface StatementTemplateTable {
  id: Generated<number>
  name: string
  logo_url: string | null
  /** JSON: { intro, closing }. */
  template_content: string
  /** JSON: data-tag toggles. */
  data_tags: string
  modified_at: string
}

export interface RewardStatementTable {
  id: Generated<number>
  employee_id: number
  template_id: number | null
  pay_cycle_id: number | null
  content: string
  created_at: string
  send_status: Generated<string>
  send_method: string | null
  sent_at: string | null
  magic_link_token: string | null
  magic_link_revoked: Generated<Flag>
}

export interface IntegrationTable {
  id: Generated<number>
  name: string
  kind: string
  created_at: string
}

export interface HyperbalanceConfigTable {
  pay_cycle_id: number
  config: string
}

export interface ImportBatchTable {
  id: Generated<number>
  file_name: string
  started_at: string
  finished_at: string | null
  status: 'imported' | 'invalid' | 'aborted'
  row_count: Generated<number>
  imported_count: Generated<number>
  errors: Generated<string>
  user_id: number | null
}

export interface ChangeLogTable {
  id: Generated<number>
  at: string
  user_id: number | null
  entity: string
  entity_id: string | null
  action: string
  old_value: string | null
  new_value: string | null
}

/** Edits of a replica waiting for the company server (live sync). JSON in `fields` and `previous`. */
export interface SyncOutboxTable {
  id: Generated<number>
  kind: string
  entity_id: number
  fields: string
  previous: string
  base_seq: number
  created_at: string
  push_key: string | null
  attempts: Generated<number>
  last_error: string | null
  /** Others' values of these fields the feed brought while this edit waited (KeptServerFields, JSON). */
  server_fields: string | null
}

export interface SyncStateTable {
  id: number
  last_seq: Generated<number>
  last_pulled_at: string | null
  last_pushed_at: string | null
  /** The server's reason when it no longer grants this user access to the company (nothing is pushed). */
  access_refused: string | null
  /** Why this replica should be joined again (a server change the feed cannot carry), or null. */
  rejoin_reason: string | null
}

export interface WorkbookDatabase {
  company: CompanyTable
  pay_cycle: PayCycleTable
  pay_range: PayRangeTable
  job_profile: JobProfileTable
  team: TeamTable
  employee: EmployeeTable
  reward: RewardTable
  reward_history: RewardHistoryTable
  planner_submission: PlannerSubmissionTable
  role: RoleTable
  app_user: AppUserTable
  user_setting: UserSettingTable
  statement_template: StatementTemplateTable
  reward_statement: RewardStatementTable
  integration: IntegrationTable
  hyperbalance_config: HyperbalanceConfigTable
  import_batch: ImportBatchTable
  change_log: ChangeLogTable
  sync_outbox: SyncOutboxTable
  sync_state: SyncStateTable
}

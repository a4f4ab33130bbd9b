import { z } from 'zod'
import { CURRENCY_CODES } from '../domain/currencies'
import { ROLES } from '../domain/roles'

/**
 * A whole company as it travels between a desktop workbook and the company server: what publish
 * uploads and join downloads. Rows use the server's column names; ids are the company's own; money
 * is cents. No row carries a company: the server puts every row in the caller's company.
 */
const id = z.number().int().positive()
const cents = z.number().int().min(0).max(1e14)
const maybe = <T extends z.ZodType>(type: T) => type.nullable()
const date = z.iso.date().nullable()
const text = (max = 500) => z.string().max(max)

export const snapshotPayCycleSchema = z
  .object({
    id,
    name: text(200),
    active: z.boolean(),
    effective_date: date,
    company_merit_budget: maybe(cents),
    default_currency: z.enum(CURRENCY_CODES),
    currency_conversions: z.record(z.string(), z.number().positive()),
    settings: z.record(z.string(), z.unknown()),
  })
  .strict()

export const snapshotPayRangeSchema = z
  .object({
    id,
    name: text(200),
    min_pay: cents,
    mid_pay: cents,
    max_pay: cents,
    pay_currency: z.enum(CURRENCY_CODES),
    salaried: z.boolean(),
  })
  .strict()

export const snapshotJobProfileSchema = z
  .object({
    id,
    job_code: text(200),
    job_profile: maybe(text(200)),
    job_family: maybe(text(200)),
    job_family_group: maybe(text(200)),
    exemption_status: z.boolean(),
    pay_range_id: maybe(id),
  })
  .strict()

export const snapshotTeamSchema = z
  .object({
    id,
    name: text(300),
    parent_team_id: maybe(id),
    manager_id: maybe(id),
    planner_id: maybe(id),
    budget: maybe(cents),
    budget_currency: maybe(z.enum(CURRENCY_CODES)),
    calculated_budget: maybe(cents),
    recommended_budget: maybe(cents),
  })
  .strict()

export const snapshotEmployeeSchema = z
  .object({
    id,
    company_employee_id: text(200),
    name: text(300),
    preferred_name: maybe(text(300)),
    email: maybe(text(320)),
    job_title: maybe(text(300)),
    job_profile_id: maybe(id),
    fte: z.number().min(0).max(10),
    salaried: z.boolean(),
    hire_date: date,
    current_salary: cents,
    default_pay_currency: z.enum(CURRENCY_CODES),
    current_dollar_bonus: cents,
    current_percent_bonus: z.number().min(0).max(1000),
    gender: maybe(text(100)),
    race: maybe(text(100)),
    age: maybe(z.number().min(0).max(150)),
    department: maybe(text(300)),
    location: maybe(text(300)),
    employment_status: text(100),
    previous_increase_date: date,
    reason_for_last_increase: text(500),
    team_id: maybe(id),
    manager_id: maybe(id),
    planner_id: maybe(id),
    pay_cycle_id: maybe(id),
  })
  .strict()

export const snapshotRewardSchema = z
  .object({
    employee_id: id,
    new_salary: maybe(cents),
    new_dollar_bonus: maybe(cents),
    new_percent_bonus: maybe(z.number().min(0).max(1000)),
    new_job_profile_id: maybe(id),
    recommended_increase: maybe(z.number().int()),
    recommended_increase_per: maybe(z.number()),
    lump_sum: maybe(cents),
    comments: maybe(text(2000)),
    performance_rating: maybe(z.number()),
    performance_plan: z.boolean(),
    promotion: z.boolean(),
    previous_increase: date,
    hyperbalance_annual_allocated_budget: maybe(z.number().int()),
  })
  .strict()

export const snapshotSubmissionSchema = z
  .object({
    planner_employee_id: id,
    pay_cycle_id: id,
    submission_type: z.enum(['PLANNER', 'FORCE', 'HR']),
    comments: text(5000),
  })
  .strict()

export const snapshotUserSchema = z
  .object({
    email: z.email(),
    name: text(300),
    role: z.enum(ROLES),
    employee_id: maybe(id),
  })
  .strict()

/** The most rows of each part a company may have. */
export const SNAPSHOT_LIMITS = {
  payCycles: 1000,
  payRanges: 100_000,
  jobProfiles: 100_000,
  teams: 200_000,
  employees: 1_000_000,
  rewards: 1_000_000,
  submissions: 200_000,
  users: 1_000_000,
} as const

export const companySnapshotSchema = z
  .object({
    payCycles: z.array(snapshotPayCycleSchema).max(SNAPSHOT_LIMITS.payCycles),
    payRanges: z.array(snapshotPayRangeSchema).max(SNAPSHOT_LIMITS.payRanges),
    jobProfiles: z.array(snapshotJobProfileSchema).max(SNAPSHOT_LIMITS.jobProfiles),
    teams: z.array(snapshotTeamSchema).max(SNAPSHOT_LIMITS.teams),
    employees: z.array(snapshotEmployeeSchema).max(SNAPSHOT_LIMITS.employees),
    rewards: z.array(snapshotRewardSchema).max(SNAPSHOT_LIMITS.rewards),
    submissions: z.array(snapshotSubmissionSchema).max(SNAPSHOT_LIMITS.submissions),
    users: z.array(snapshotUserSchema).max(SNAPSHOT_LIMITS.users),
  })
  .strict()

export type CompanySnapshot = z.infer<typeof companySnapshotSchema>

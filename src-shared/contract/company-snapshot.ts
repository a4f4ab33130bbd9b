import { z } from 'zod'
import { emailText, storableJson, text } from './text'
import { CURRENCY_CODES } from '../domain/currencies'
import { ROLES } from '../domain/roles'
import { CENTS_MAX, EMPLOYEE_LIMITS as E, PROFILE_LIMITS as P } from '../domain/field-limits'
import {
  booleanColumn,
  centsColumn,
  dayColumn,
  enumColumn,
  idColumn,
  integerColumn,
  nullable,
  numberColumn,
  rowSchema,
  textColumn,
} from './snapshot-columns'

/**
 * A whole company as it travels between a desktop workbook and the company server: what publish
 * uploads and join downloads. Rows use the server's column names; ids are the company's own; money
 * is cents. No row carries a company: the server puts every row in the caller's company.
 */
const id = z.number().int().positive()
const cents = z.number().int().min(0).max(CENTS_MAX)
const maybe = <T extends z.ZodType>(type: T) => type.nullable()
const date = z.iso.date().nullable()
const upTo = (max = 500) => text().max(max)

export const snapshotPayCycleSchema = z
  .object({
    id,
    name: upTo(200),
    active: z.boolean(),
    effective_date: date,
    company_merit_budget: maybe(cents),
    default_currency: z.enum(CURRENCY_CODES),
    currency_conversions: z.record(text(), z.number().positive()),
    settings: z.record(text(), storableJson()),
  })
  .strict()

export const snapshotPayRangeSchema = z
  .object({
    id,
    name: upTo(P.payRangeName.max),
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
    job_code: upTo(P.jobCode.max),
    job_profile: maybe(upTo(P.label.max)),
    job_family: maybe(upTo(P.label.max)),
    job_family_group: maybe(upTo(P.label.max)),
    exemption_status: z.boolean(),
    pay_range_id: maybe(id),
  })
  .strict()

export const snapshotTeamSchema = z
  .object({
    id,
    name: upTo(300),
    parent_team_id: maybe(id),
    manager_id: maybe(id),
    planner_id: maybe(id),
    budget: maybe(cents),
    budget_currency: maybe(z.enum(CURRENCY_CODES)),
    calculated_budget: maybe(cents),
    recommended_budget: maybe(cents),
  })
  .strict()

/** An employee's columns, in the order a row sent as its values alone lists them. */
export const SNAPSHOT_EMPLOYEE_COLUMNS = {
  id: idColumn,
  company_employee_id: textColumn(E.employeeId.max),
  name: textColumn(E.name.max),
  preferred_name: nullable(textColumn(E.preferredName.max)),
  email: nullable(textColumn(E.email.max)),
  job_title: nullable(textColumn(E.jobTitle.max)),
  job_profile_id: nullable(idColumn),
  fte: numberColumn(E.fte.min, E.fte.max),
  salaried: booleanColumn,
  hire_date: dayColumn,
  current_salary: centsColumn,
  default_pay_currency: enumColumn(CURRENCY_CODES),
  current_dollar_bonus: centsColumn,
  current_percent_bonus: numberColumn(E.percentBonus.min, E.percentBonus.max),
  gender: nullable(textColumn(E.gender.max)),
  race: nullable(textColumn(E.race.max)),
  age: nullable(numberColumn(E.age.min, E.age.max)),
  department: nullable(textColumn(E.department.max)),
  location: nullable(textColumn(E.location.max)),
  employment_status: textColumn(E.employmentStatus.max),
  previous_increase_date: dayColumn,
  reason_for_last_increase: textColumn(E.reasonForLastIncrease.max),
  team_id: nullable(idColumn),
  manager_id: nullable(idColumn),
  planner_id: nullable(idColumn),
  pay_cycle_id: nullable(idColumn),
}

export const snapshotEmployeeSchema = rowSchema(SNAPSHOT_EMPLOYEE_COLUMNS)

/** A reward's columns, in the order a row sent as its values alone lists them. */
export const SNAPSHOT_REWARD_COLUMNS = {
  employee_id: idColumn,
  new_salary: nullable(centsColumn),
  new_dollar_bonus: nullable(centsColumn),
  new_percent_bonus: nullable(numberColumn(0, 1000)),
  new_job_profile_id: nullable(idColumn),
  recommended_increase: nullable(integerColumn()),
  recommended_increase_per: nullable(numberColumn()),
  lump_sum: nullable(centsColumn),
  comments: nullable(textColumn(2000)),
  performance_rating: nullable(numberColumn()),
  performance_plan: booleanColumn,
  promotion: booleanColumn,
  previous_increase: dayColumn,
  hyperbalance_annual_allocated_budget: nullable(integerColumn()),
}

export const snapshotRewardSchema = rowSchema(SNAPSHOT_REWARD_COLUMNS)

export const snapshotSubmissionSchema = z
  .object({
    planner_employee_id: id,
    pay_cycle_id: id,
    submission_type: z.enum(['PLANNER', 'FORCE', 'HR']),
    comments: upTo(5000),
  })
  .strict()

export const snapshotUserSchema = z
  .object({
    email: emailText(),
    name: upTo(300),
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

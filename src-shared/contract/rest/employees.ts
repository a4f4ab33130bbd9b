import { z } from 'zod'
import {
  EMPLOYEE_FIELD_NAMES,
  EMPLOYEE_FIELDS,
  recordText,
  type EmployeeField,
} from '../../domain/company-records'
import { employeeChangesSchema } from '../channels/records'
import { storableJson, text } from '../text'

/** The columns of GET /employees/ that PUT /employees/{id}/ changes, and the record field each is. */
export const EMPLOYEE_ROW_FIELDS = {
  name: 'name',
  preferred_name: 'preferredName',
  email: 'email',
  job_title: 'jobTitle',
  hire_date: 'hireDate',
  current_salary: 'currentSalary',
  current_percent_bonus: 'currentPercentBonus',
  current_dollar_bonus: 'currentDollarBonus',
  default_pay_currency: 'payCurrency',
  salaried: 'salaried',
  fte: 'fte',
  gender: 'gender',
  race: 'race',
  age: 'age',
} as const satisfies Record<string, Exclude<EmployeeField, 'jobCode'>>
type RowField = keyof typeof EMPLOYEE_ROW_FIELDS

const cents = z.number().int('must be a whole number of cents.').min(0)
const maybeText = text().max(1000).nullable()

/**
 * PUT /employees/{id}/ with the snake_case row GET /employees/ answers (spec §3 "Employee"), money
 * in integer cents as GET gives it. `job_profile_id` moves the employee to another job profile; the
 * row's other columns (id, team_id, manager_id …) are accepted when unchanged and refused by name
 * when not (the server compares them with the stored row).
 */
export const employeeRowSchema = z
  .object({
    name: text().max(1000),
    preferred_name: maybeText,
    email: maybeText,
    job_title: maybeText,
    hire_date: text().max(100),
    current_salary: cents,
    current_percent_bonus: z.number(),
    current_dollar_bonus: cents,
    default_pay_currency: text().max(10),
    salaried: z.boolean(),
    fte: z.number(),
    gender: maybeText,
    race: maybeText,
    age: z.number().nullable(),
    job_profile_id: z.number().int().positive().nullable(),
  })
  .partial()
  .catchall(storableJson())
export type EmployeeRowBody = z.infer<typeof employeeRowSchema>

/** The desktop's (and older clients') camelCase text changes: every key a record field, every value text. */
function isTextChanges(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    Object.entries(body).every(
      ([key, value]) => (EMPLOYEE_FIELD_NAMES as string[]).includes(key) && typeof value === 'string',
    )
  )
}

export type EmployeePut =
  | { kind: 'text'; changes: Partial<Record<EmployeeField, string>> }
  | {
      kind: 'row'
      changes: Partial<Record<EmployeeField, string>>
      jobProfileId: number | null | undefined
      /** The row's other columns, for the server to compare with what it stores. */
      others: Record<string, unknown>
    }

/** Either body of PUT /employees/{id}/, as the record's text changes (company-records.ts parses them). */
export function parseEmployeePut(body: unknown): EmployeePut {
  if (isTextChanges(body)) return { kind: 'text', changes: employeeChangesSchema.parse(body) }
  const row = employeeRowSchema.parse(body ?? {})
  const changes: Partial<Record<EmployeeField, string>> = {}
  const others: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(row)) {
    if (key === 'job_profile_id') continue
    const field = (EMPLOYEE_ROW_FIELDS as Record<string, EmployeeField | undefined>)[key]
    if (field) changes[field] = recordText(EMPLOYEE_FIELDS[field], value as RowValue<RowField>)
    else others[key] = value
  }
  return { kind: 'row', changes, jobProfileId: row.job_profile_id, others }
}

type RowValue<K extends RowField> = Exclude<EmployeeRowBody[K], undefined>

import { z } from 'zod'
import { text } from '../text'
import type {
  EmployeeRecordDto,
  EmployeeUpdateResult,
  JobProfileRowDto,
  JobProfileUpdateResult,
  PayRangeRowDto,
  PayRangeUpdateResult,
} from '../records-dto'
import {
  EMPLOYEE_FIELD_NAMES,
  JOB_PROFILE_FIELD_NAMES,
  PAY_RANGE_FIELD_NAMES,
} from '../../domain/company-records'
import { admin, channel, none, userId } from './shared'

const fieldText = text().max(1000)
export const employeeChangesSchema = z.partialRecord(z.enum(EMPLOYEE_FIELD_NAMES), fieldText)
const payRangeChanges = z.partialRecord(z.enum(PAY_RANGE_FIELD_NAMES), fieldText)
const jobProfileChanges = z.partialRecord(z.enum(JOB_PROFILE_FIELD_NAMES), fieldText)

/** The company's records in place: employees, job profiles and pay ranges. */
export const recordsChannels = {
  /** The company's records, in place: an employee's admin-view fields (the side panel from the table). */
  'employees.record': channel<EmployeeRecordDto>()(
    z
      .object({
        employeeId: userId.optional(),
        /** The company's Employee Id instead (the CLI). */
        companyEmployeeId: text().trim().min(1).max(200).optional(),
      })
      .strict()
      .refine((v) => (v.employeeId === undefined) !== (v.companyEmployeeId === undefined), {
        message: 'Give employeeId or companyEmployeeId, not both.',
      }),
    admin,
  ),
  /** PUT /employees/{id}/: fields as text, validated like the import; one change-log entry. */
  'employees.update': channel<EmployeeUpdateResult>()(
    z.object({ employeeId: userId, changes: employeeChangesSchema }).strict(),
    admin,
  ),
  /** DELETE /employees/{id}/, after the screen asked; the history stays in the change log (its entry's id). */
  'employees.delete': channel<{ changeLogId: number; message: string }>()(
    z.object({ employeeId: userId }).strict(),
    admin,
  ),
  /** Undoes a delete from its change-log entry: the same id, reward, history and links. */
  'employees.restore': channel<EmployeeRecordDto>()(
    z.object({ changeLogId: z.number().int().positive() }).strict(),
    admin,
  ),
  /** The job-profile list: every profile with its pay range's name and how many employees hold it. */
  'jobProfiles.overview': channel<JobProfileRowDto[]>()(none, admin),
  'jobProfiles.update': channel<JobProfileUpdateResult>()(
    z.object({ jobProfileId: userId, changes: jobProfileChanges }).strict(),
    admin,
  ),
  /** The pay-range list: every range with how many job profiles and employees use it. */
  'payRanges.overview': channel<PayRangeRowDto[]>()(none, admin),
  /** PUT /payranges/{id}/. */
  'payRanges.update': channel<PayRangeUpdateResult>()(
    z.object({ payRangeId: userId, changes: payRangeChanges }).strict(),
    admin,
  ),
} as const

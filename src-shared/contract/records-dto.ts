import type { EmployeeField, JobProfileField, PayRangeField } from '../domain/company-records'
import type { PayRangeDto } from './dto'

/** An employee's record for the side panel: every editable field as the text one would type. */
export interface EmployeeRecordDto {
  id: number
  companyEmployeeId: string
  teamName: string | null
  managerName: string | null
  values: Record<EmployeeField, string>
}

export interface EmployeeUpdateResult {
  record: EmployeeRecordDto
  /** The changed fields' text before the change: sending it back undoes the change. */
  before: Partial<Record<EmployeeField, string>>
  message: string
}

export interface PayRangeRowDto extends PayRangeDto {
  jobProfiles: number
  employees: number
}

export interface PayRangeUpdateResult {
  range: PayRangeRowDto
  before: Partial<Record<PayRangeField, string>>
  message: string
}

export interface JobProfileRowDto {
  id: number
  jobCode: string
  values: Record<JobProfileField, string>
  employees: number
}

export interface JobProfileUpdateResult {
  profile: JobProfileRowDto
  before: Partial<Record<JobProfileField, string>>
  message: string
}

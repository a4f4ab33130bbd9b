import type { Workbook } from '../open'

/** What a re-import may refer to without repeating it: Employee Ids and job codes already in the workbook. */
export async function existingImportKeys(
  workbook: Workbook,
): Promise<{ existingEmployeeIds: Set<string>; existingJobCodes: Set<string> }> {
  const employees = workbook.sqlite
    .prepare('SELECT company_employee_id FROM employee')
    .pluck()
    .all() as string[]
  const codes = workbook.sqlite.prepare('SELECT job_code FROM job_profile').pluck().all() as string[]
  return { existingEmployeeIds: new Set(employees), existingJobCodes: new Set(codes) }
}

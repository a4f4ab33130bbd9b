/**
 * An employee's Job Profile, Job Family or Job Family group in SQL (`e` the employee, `j` its job
 * profile): as imported for that employee, else the job profile's (migration 006).
 */
export function employeeJobField(field: 'job_profile' | 'job_family' | 'job_family_group'): string {
  return `CASE WHEN e.imported_${field} IS NULL THEN j.${field} ELSE NULLIF(e.imported_${field}, '') END`
}

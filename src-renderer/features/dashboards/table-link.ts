/** The Compensation Table opened on one employee: it searches for the Employee Id (`?find=`). */
export function tablePathFor(companyEmployeeId: string): string {
  return `/employeetable?find=${encodeURIComponent(companyEmployeeId)}`
}

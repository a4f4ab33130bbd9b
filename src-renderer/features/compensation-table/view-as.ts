import type { EmployeeDto, UserDto } from '../../../src-shared/contract'
import { canViewAs as roleCanViewAs } from '../../../src-shared/domain/admin-rules'
import type { RoleName } from '../../../src-shared/domain/roles'

/** Spec §6: "The 'View as' control is shown to SUPER_USER, ADMIN and OWNER." */
export function canViewAs(role: RoleName | null): boolean {
  return role !== null && roleCanViewAs(role)
}

/**
 * Spec (sidebar): "When viewing as an employee it shows 'Viewing as' followed by the employee's
 * {name}, or 'someone else' when no name applies." Null when viewing as self.
 */
export function viewingAsText(
  employeeId: number | null,
  employees: readonly Pick<EmployeeDto, 'id' | 'name'>[],
): string | null {
  if (employeeId === null) return null
  const name = employees.find((employee) => employee.id === employeeId)?.name.trim()
  return `Viewing as ${name || 'someone else'}`
}

export interface ViewAsChoice {
  employeeId: number
  name: string
  detail: string
}

/** Employees who have a user (who could sign in and see their own table), by name. */
export function viewAsChoices(employees: readonly EmployeeDto[], users: readonly UserDto[]): ViewAsChoice[] {
  const byId = new Map(employees.map((employee) => [employee.id, employee]))
  const seen = new Set<number>()
  const choices: ViewAsChoice[] = []
  for (const user of users) {
    const employee = user.employeeId === null ? undefined : byId.get(user.employeeId)
    if (!employee || seen.has(employee.id)) continue
    seen.add(employee.id)
    choices.push({
      employeeId: employee.id,
      name: employee.name,
      detail: [employee.jobTitle, user.role].filter(Boolean).join(' · '),
    })
  }
  return choices.sort((a, b) => a.name.localeCompare(b.name))
}

/** Choices whose name contains every typed word (case-insensitive), at most `limit`. */
export function matchChoices(choices: readonly ViewAsChoice[], text: string, limit = 30): ViewAsChoice[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean)
  return choices.filter((c) => words.every((word) => c.name.toLowerCase().includes(word))).slice(0, limit)
}

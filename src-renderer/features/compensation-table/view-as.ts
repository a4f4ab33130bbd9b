import type { EmployeeDto, ViewAsChoice } from '../../../src-shared/contract'
import { canViewAs as roleCanViewAs } from '../../../src-shared/domain/admin-rules'
import type { RoleName } from '../../../src-shared/domain/roles'

/** Planning document: SUPER_USER, ADMIN and OWNER; administration document: OWNER, ADMIN and PLANNER. */
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

/** Administration document: "the employee picker page size is 5". */
export const VIEW_AS_PAGE_SIZE = 5

/** Choices whose name contains every typed word (case-insensitive). */
export function matchChoices(choices: readonly ViewAsChoice[], text: string): ViewAsChoice[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean)
  return choices.filter((c) => words.every((word) => c.name.toLowerCase().includes(word)))
}

/** One page of the picker (clamped to the last page) and how many pages there are. */
export function choicePage<T>(
  items: readonly T[],
  page: number,
): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / VIEW_AS_PAGE_SIZE))
  const shown = Math.min(Math.max(0, page), pages - 1)
  return {
    items: items.slice(shown * VIEW_AS_PAGE_SIZE, (shown + 1) * VIEW_AS_PAGE_SIZE),
    page: shown,
    pages,
  }
}

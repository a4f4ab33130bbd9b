import type { ImportRow } from './import-format'
import { hasPlan, type StoredEmployee } from './reimport'
import { countOf } from './words'

/**
 * Issue 39: a re-import names the employees of the workbook that are missing from the file and asks
 * what to do with them: keep them as they are (the default: a file may hold part of the company),
 * or end their rewards (their planned raise, bonus and lump sum are cleared). Employees are never
 * deleted by an import.
 */
export type MissingChoice = 'keep' | 'endRewards'

export const MISSING_CHOICES: Record<MissingChoice, string> = {
  keep: 'Keep them as they are',
  endRewards: 'End their rewards: clear their planned raise, bonus and lump sum',
}

export const DEFAULT_MISSING_CHOICE: MissingChoice = 'keep'

/** How many missing employees a preview lists by name. */
export const MISSING_LISTED = 50

export interface MissingEmployee {
  id: number
  employeeId: string
  name: string
  /** A planned raise, bonus or lump sum that ending their rewards would clear. */
  planned: boolean
}

/** The stored employees whose Employee Id no row of the file holds, by name. */
export function missingFromFile(
  stored: ReadonlyMap<string, StoredEmployee & { id: number }>,
  rows: readonly (Pick<ImportRow, 'employeeId'> | null)[],
): MissingEmployee[] {
  const inFile = new Set(rows.flatMap((row) => (row?.employeeId ? [row.employeeId] : [])))
  const missing: MissingEmployee[] = []
  for (const [employeeId, employee] of stored) {
    if (inFile.has(employeeId)) continue
    missing.push({
      id: employee.id,
      employeeId,
      name: String(employee.values.employeeName ?? employeeId),
      planned: hasPlan(employee.plan),
    })
  }
  return missing.sort((a, b) => a.name.localeCompare(b.name) || a.employeeId.localeCompare(b.employeeId))
}

/** The question the review asks: '3 employees in the workbook are not in this file.' */
export function missingQuestion(count: number): string {
  return `${countOf(count, 'employee')} in the workbook ${count === 1 ? 'is' : 'are'} not in this file. What should happen to ${count === 1 ? 'this employee' : 'them'}?`
}

/** The reward changes that end a missing employee's rewards. */
export const ENDED_REWARD = {
  newSalary: null,
  lumpSum: null,
  newDollarBonus: null,
  newPercentBonus: null,
} as const

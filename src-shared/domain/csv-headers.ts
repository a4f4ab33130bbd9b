/** Header matching shared by the employee import and the bulk planner input (admin spec §5). */

export const MISSING_REQUIRED_HEADER = 'MissingRequiredHeader'

/** Spec: 'Your data is missing the required header: <label>' (type MissingRequiredHeader, row 0). */
export function missingHeaderMessage(label: string): string {
  return `Your data is missing the required header: ${label}`
}

/** Headers match ignoring case and surrounding spaces. */
export function normalizeHeader(header: string): string {
  return header.trim().toLowerCase()
}

export const DUPLICATE_HEADER = 'DuplicateHeader'

/** A spreadsheet's name for a column: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let letters = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters
  return letters
}

/** 'The header "Email" appears twice, in columns C and D. Keep one and choose the file again.' */
export function duplicateHeaderMessage(header: string, columns: readonly number[]): string {
  const letters = columns.map(columnLetter)
  const times = columns.length === 2 ? 'twice' : `${columns.length} times`
  const list = `${letters.slice(0, -1).join(', ')} and ${letters[letters.length - 1]}`
  return `The header "${header}" appears ${times}, in columns ${list}. Keep one and choose the file again.`
}

export interface HeaderMatch<H extends string> {
  /** Spec header → its column in the file (0-based). Unrecognised file headers are dropped. */
  columns: Map<H, number>
  missingRequired: H[]
  /**
   * Spec headers the file has more than once, with their columns (0-based): which of the columns
   * holds the data cannot be guessed, so the file is refused.
   */
  duplicated: { header: H; columns: number[] }[]
}

export function matchHeaders<H extends string>(
  fileHeaders: readonly string[],
  specColumns: readonly { header: H; required: boolean }[],
): HeaderMatch<H> {
  const byNormal = new Map<string, number[]>()
  fileHeaders.forEach((header, index) => {
    const normal = normalizeHeader(header)
    const at = byNormal.get(normal)
    if (at) at.push(index)
    else byNormal.set(normal, [index])
  })
  const columns = new Map<H, number>()
  const missingRequired: H[] = []
  const duplicated: HeaderMatch<H>['duplicated'] = []
  for (const column of specColumns) {
    const at = byNormal.get(normalizeHeader(column.header))
    if (at === undefined) {
      if (column.required) missingRequired.push(column.header)
      continue
    }
    columns.set(column.header, at[0])
    if (at.length > 1) duplicated.push({ header: column.header, columns: at })
  }
  return { columns, missingRequired, duplicated }
}

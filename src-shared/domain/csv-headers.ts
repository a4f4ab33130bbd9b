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

export interface HeaderMatch<H extends string> {
  /** Spec header → the header text as it appears in the file. Unrecognised file headers are dropped. */
  found: Map<H, string>
  missingRequired: H[]
}

export function matchHeaders<H extends string>(
  fileHeaders: readonly string[],
  columns: readonly { header: H; required: boolean }[],
): HeaderMatch<H> {
  const byNormal = new Map<string, string>()
  for (const header of fileHeaders) {
    const normal = normalizeHeader(header)
    if (!byNormal.has(normal)) byNormal.set(normal, header)
  }
  const found = new Map<H, string>()
  const missingRequired: H[] = []
  for (const column of columns) {
    const actual = byNormal.get(normalizeHeader(column.header))
    if (actual !== undefined) found.set(column.header, actual)
    else if (column.required) missingRequired.push(column.header)
  }
  return { found, missingRequired }
}

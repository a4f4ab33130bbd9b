/**
 * A statement's file name: the Employee Id and the name ("CHI-00001 CABALLERO, SAMUEL A.pdf"), with
 * what file systems refuse (/ \ : * ? " < > |, control characters) replaced, at most 150 characters
 * before '.pdf'. Letters of every script stay.
 */
// eslint-disable-next-line no-control-regex -- control characters are what file systems refuse
const FORBIDDEN = /[/\\:*?"<>|\u0000-\u001f\u007f]/g
const NAME_MAX = 150

export function statementFileName(employeeId: string, name: string): string {
  const base = `${employeeId} ${name}`.replace(FORBIDDEN, '_').replace(/\s+/g, ' ').trim()
  const cut = Array.from(base)
    .slice(0, NAME_MAX)
    .join('')
    .replace(/[ .]+$/, '')
  return `${cut.replace(/^\.+/, '_') || 'statement'}.pdf`
}

/** A name not yet used in this batch: "… (2).pdf" after the first. */
export function uniqueFileName(name: string, used: Set<string>): string {
  let candidate = name
  for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = name.replace(/\.pdf$/, ` (${n}).pdf`)
  used.add(candidate.toLowerCase())
  return candidate
}

export const COMBINED_FILE_NAME = 'All statements.pdf'

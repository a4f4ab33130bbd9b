export const USAGE = `Meritbook command line

  new <file.paycycle> [--demo <N>] [--seed <s>] [--company <name>] [--owner-name <name>] [--owner-email <email>] [--json]
      Create a workbook: empty (owned by you) or holding the seeded demo company of N employees.
  info <file.paycycle> [--as <email>] --json
      Print { schemaVersion, employees, teams, payRanges, activePayCycle }.
  demo-csv <out.csv> --employees <N> [--seed <s>]
      Write the demo company as an employee import CSV.

Run with: npm run -s cli -- <command> …`

/** A mistake in how the command was called: exit 2 with the message and the usage on stderr. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

export function positiveInteger(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`${flag} must be a whole number above 0, not "${value}".`)
  return n
}

export function integer(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!Number.isInteger(n)) throw new UsageError(`${flag} must be a whole number, not "${value}".`)
  return n
}

import { parseArgs } from 'node:util'
import { demoCsvCommand, infoCommand, newCommand, type Flags, type Output } from './cli/commands'
import { USAGE, UsageError } from './cli/usage'
import { Failure } from './services/failure'
import { WorkbookError } from './workbook/errors'

/**
 * Headless Meritbook over the same services as the app. JSON goes to stdout only; messages to
 * stderr. Exit codes: 0 done, 1 refused by a rule, 2 usage or file errors.
 */
const COMMANDS: Record<string, (file: string, flags: Flags, out: Output) => Promise<void>> = {
  new: newCommand,
  info: infoCommand,
  'demo-csv': demoCsvCommand,
}

const FILE_ERRORS = new Set([
  'NOT_A_WORKBOOK',
  'WORKBOOK_DAMAGED',
  'WORKBOOK_TOO_NEW',
  'WORKBOOK_LOCKED',
  'FILE_NOT_FOUND',
  'FILE_EXISTS',
])

export async function runCli(argv: string[], out: Output, err: (line: string) => void): Promise<number> {
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        json: { type: 'boolean' },
        demo: { type: 'string' },
        seed: { type: 'string' },
        employees: { type: 'string' },
        company: { type: 'string' },
        'owner-name': { type: 'string' },
        'owner-email': { type: 'string' },
        as: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    })
    if (values.help) {
      out.text(USAGE)
      return 0
    }
    const [command, file, ...extra] = positionals
    if (!command) throw new UsageError('Name a command.')
    const run = COMMANDS[command]
    if (!run) throw new UsageError(`Unknown command "${command}".`)
    if (!file) throw new UsageError(`${command} needs a file.`)
    if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`)
    await run(file, values, out)
    return 0
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      err(`${error.message}\n\n${USAGE}`)
      return 2
    }
    if (error instanceof Failure || error instanceof WorkbookError) {
      err(error.message)
      return FILE_ERRORS.has(error.code) ? 2 : 1
    }
    throw error
  }
}

if (require.main === module) {
  runCli(
    process.argv.slice(2),
    {
      json: (value) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`),
      text: (line) => process.stdout.write(`${line}\n`),
    },
    (line) => process.stderr.write(`${line}\n`),
  ).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}

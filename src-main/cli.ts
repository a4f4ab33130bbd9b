import { syncCommand } from './cli/sync-command'
import { serverJoinCommand, serverPublishCommand } from './cli/server-commands'
import { statusCommand, submitCommand, unsubmitCommand } from './cli/submission-commands'
import { parseArgs } from 'node:util'
import { copyCommand, demoCsvCommand, infoCommand, newCommand, type Flags, type Output } from './cli/commands'
import { budgetCommand, checkCommand, configCommand, moveCommand, planCommand } from './cli/planning-commands'
import { exportCommand, importCommand } from './cli/import-commands'
import { matrixCommand } from './cli/matrix-command'
import { employeeCommand, payRangeCommand, usersCommand } from './cli/records-commands'
import { cycleCommand } from './cli/cycle-commands'
import { statsCommand } from './cli/stats-commands'
import { statementsCommand } from './cli/statements-commands'
import { USAGE, UsageError } from './cli/usage'
import { Failure } from './services/failure'
import { WorkbookError } from './workbook/errors'

/**
 * Headless Meritbook over the same services as the app. JSON goes to stdout only; messages to
 * stderr. Exit codes: 0 done, 1 refused by a rule, 2 usage or file errors.
 */
interface Command {
  /** Positional arguments after the command name, as the usage names them. */
  args: string[]
  /** Takes further arguments after those named (an action and its operands). */
  variadic?: boolean
  run(args: string[], flags: Flags, out: Output): Promise<number | void>
}

const COMMANDS: Record<string, Command> = {
  new: { args: ['file'], run: ([file], flags, out) => newCommand(file, flags, out) },
  info: { args: ['file'], run: ([file], flags, out) => infoCommand(file, flags, out) },
  copy: {
    args: ['file', 'out.paycycle'],
    run: ([file, target], flags, out) => copyCommand(file, target, flags, out),
  },
  'demo-csv': { args: ['out.csv'], run: ([file], flags, out) => demoCsvCommand(file, flags, out) },
  config: { args: ['file'], run: ([file], flags, out) => configCommand(file, flags, out) },
  budget: { args: ['file'], run: ([file], flags, out) => budgetCommand(file, flags, out) },
  check: { args: ['file'], run: ([file], flags, out) => checkCommand(file, flags, out) },
  matrix: { args: ['file'], run: ([file], flags, out) => matrixCommand(file, flags, out) },
  import: {
    args: ['file', 'employees.csv'],
    run: ([file, csv], flags, out) => importCommand(file, flags, out, csv),
  },
  export: {
    args: ['file', 'out.csv'],
    run: ([file, csv], flags, out) => exportCommand(file, flags, out, csv),
  },
  plan: { args: ['file', 'plan.csv'], run: ([file, csv], flags, out) => planCommand(file, flags, out, csv) },
  'server-publish': { args: ['file'], run: ([file], flags, out) => serverPublishCommand(file, flags, out) },
  'server-join': { args: ['out file'], run: ([file], flags, out) => serverJoinCommand(file, flags, out) },
  sync: { args: ['file'], run: ([file], flags, out) => syncCommand(file, flags, out) },
  move: { args: ['file'], run: ([file], flags, out) => moveCommand(file, flags, out) },
  submit: { args: ['file'], run: ([file], flags, out) => submitCommand(file, flags, out) },
  unsubmit: { args: ['file'], run: ([file], flags, out) => unsubmitCommand(file, flags, out) },
  status: { args: ['file'], run: ([file], flags, out) => statusCommand(file, flags, out) },
  stats: { args: ['file'], run: ([file], flags, out) => statsCommand(file, flags, out) },
  users: {
    args: ['file', 'action'],
    variadic: true,
    run: ([file, ...rest], flags, out) => usersCommand(file, flags, out, rest),
  },
  employee: {
    args: ['file', 'set'],
    variadic: true,
    run: ([file, ...rest], flags, out) => employeeCommand(file, flags, out, rest),
  },
  cycle: {
    args: ['file', 'action'],
    variadic: true,
    run: ([file, ...rest], flags, out) => cycleCommand(file, flags, out, rest),
  },
  payrange: {
    args: ['file', 'set'],
    variadic: true,
    run: ([file, ...rest], flags, out) => payRangeCommand(file, flags, out, rest),
  },
  statements: {
    args: ['file', 'template|generate|send|revoke-link|restore-link'],
    variadic: true,
    run: ([file, ...rest], flags, out) => statementsCommand(file, flags, out, rest),
  },
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
        set: { type: 'string', multiple: true },
        team: { type: 'string' },
        amount: { type: 'string' },
        currency: { type: 'string' },
        clear: { type: 'boolean' },
        employee: { type: 'string' },
        onto: { type: 'string' },
        root: { type: 'boolean' },
        comments: { type: 'string' },
        for: { type: 'string' },
        planner: { type: 'string' },
        recommended: { type: 'boolean' },
        budget: { type: 'string' },
        'perf-priority': { type: 'string' },
        'pir-priority': { type: 'string' },
        'max-pir': { type: 'string' },
        cell: { type: 'string' },
        save: { type: 'boolean' },
        'per-employee': { type: 'boolean' },
        email: { type: 'string' },
        role: { type: 'string' },
        server: { type: 'string' },
        'password-stdin': { type: 'boolean' },
        once: { type: 'boolean' },
        share: { type: 'boolean' },
        status: { type: 'boolean' },
        plans: { type: 'string' },
        progress: { type: 'boolean' },
        name: { type: 'string' },
        effective: { type: 'string' },
        'copy-plans': { type: 'boolean' },
        metric: { type: 'string' },
        group: { type: 'string' },
        equity: { type: 'boolean' },
        intro: { type: 'string' },
        closing: { type: 'string' },
        tags: { type: 'string' },
        logo: { type: 'string' },
        template: { type: 'string' },
        out: { type: 'string' },
        combined: { type: 'boolean' },
        'include-unsubmitted': { type: 'boolean' },
        replace: { type: 'boolean' },
        method: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    })
    if (values.help) {
      out.text(USAGE)
      return 0
    }
    const [name, ...args] = positionals
    if (!name) throw new UsageError('Name a command.')
    const command = COMMANDS[name]
    if (!command) throw new UsageError(`Unknown command "${name}".`)
    if (args.length < command.args.length) {
      throw new UsageError(
        `${name} needs ${command.args
          .slice(args.length)
          .map((a) => `<${a}>`)
          .join(' ')}.`,
      )
    }
    if (args.length > command.args.length && !command.variadic)
      throw new UsageError(`Unexpected argument "${args[command.args.length]}".`)
    return (await command.run(args, values, out)) ?? 0
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      err(`${error.message}\n\n${USAGE}`)
      return 2
    }
    if (error instanceof Failure || error instanceof WorkbookError) {
      err(error.message)
      return FILE_ERRORS.has(error.code) || error.code === 'BAD_INPUT' ? 2 : 1
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
      progress: { isTTY: process.stderr.isTTY === true, write: (chunk) => process.stderr.write(chunk) },
    },
    (line) => process.stderr.write(`${line}\n`),
  ).then(
    (code) => exitWhenWritten(code),
    (error: unknown) => {
      console.error(error)
      exitWhenWritten(1)
    },
  )
}

/**
 * Exits once what was printed has reached stdout and stderr: writes to a pipe are asynchronous, and
 * exiting at once would cut a long `--json` answer at 64 KiB for the program reading it.
 */
function exitWhenWritten(code: number): void {
  let pending = 2
  const done = () => {
    if (--pending === 0) process.exit(code)
  }
  process.stdout.write('', done)
  process.stderr.write('', done)
}

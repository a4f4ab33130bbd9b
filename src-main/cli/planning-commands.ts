import fs from 'node:fs'
import { parse } from 'csv-parse/sync'
import type { ChannelInput, PayCycleDto } from '../../src-shared/contract'
import { CURRENCY_CODES, isCurrencyCode } from '../../src-shared/domain/currencies'
import { parseBudgetInput } from '../../src-shared/domain/team-budget'
import { Failure } from '../services/failure'
import { currentPayCycle, NO_PAY_CYCLE } from '../../src-shared/domain/pay-cycles'
import type { Flags, Output } from './commands'
import { parseConfigAssignments } from './config-args'
import { UsageError } from './usage'
import { withSession } from './workbook-session'

export function print(out: Output, flags: Flags, value: unknown, text: string): void {
  if (flags.json) out.json(value)
  else out.text(text)
}

export async function configCommand(file: string, flags: Flags, out: Output): Promise<void> {
  const sets = Array.isArray(flags.set) ? flags.set : []
  const patch = parseConfigAssignments(sets)
  const cycle = await withSession(file, flags, async (session): Promise<PayCycleDto> => {
    if (sets.length > 0) return session.call('payCycle.update', { patch })
    const current = currentPayCycle(await session.call('payCycles.list', {}))
    if (!current) throw new Failure('NOT_FOUND', NO_PAY_CYCLE)
    return current
  })
  print(out, flags, cycle, JSON.stringify(cycle, null, 2))
}

function readCsv(file: string): string[][] {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch {
    throw new Failure('FILE_NOT_FOUND', `${file} cannot be read.`)
  }
  try {
    return parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][]
  } catch (error) {
    throw new Failure(
      'BAD_INPUT',
      `${file} is not a readable CSV: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}

export async function planCommand(file: string, flags: Flags, out: Output, csvFile: string): Promise<number> {
  const [headers = [], ...rows] = readCsv(csvFile)
  const result = await withSession(file, flags, (session) =>
    session.call('rewards.bulkPlan', { headers, rows }),
  )
  print(out, flags, result, `${result.status}: ${result.updated} of ${result.rows} employees changed.`)
  return result.status === 'updated' ? 0 : 1
}

export async function budgetCommand(file: string, flags: Flags, out: Output): Promise<void> {
  if (flags.recommended) return recommendedBudgetsCommand(file, flags, out)
  const teamName = typeof flags.team === 'string' ? flags.team : undefined
  const amount = typeof flags.amount === 'string' ? flags.amount : undefined
  if (!teamName) throw new UsageError('budget needs --team <name>.')
  if ((amount === undefined) === !flags.clear)
    throw new UsageError('budget needs either --amount <n> or --clear.')
  const budget = flags.clear ? null : parseBudgetInput(amount ?? '')
  if (budget !== null && !Number.isSafeInteger(budget)) {
    throw new UsageError(`--amount must be an amount such as 250000 or 250,000.50, not "${amount}".`)
  }
  const currency = typeof flags.currency === 'string' ? flags.currency.toUpperCase() : undefined
  if (currency !== undefined && !isCurrencyCode(currency)) {
    throw new UsageError(`--currency must be one of ${CURRENCY_CODES.join(', ')}, not "${flags.currency}".`)
  }
  const saved = await withSession(file, flags, async (session) => {
    const matches = (await session.call('teams.list', {})).filter((t) => t.name === teamName)
    if (matches.length === 0) throw new Failure('NOT_FOUND', `No team is named "${teamName}".`)
    if (matches.length > 1) throw new Failure('NOT_FOUND', `${matches.length} teams are named "${teamName}".`)
    return session.call('teams.setBudget', {
      teamId: matches[0].id,
      budget,
      ...(currency ? { currency } : {}),
    })
  })
  print(out, flags, saved, saved.message)
}

/** calculate-budget: every team's recommended budget, stored; `{ team, recommendedBudget }` in currency units. */
async function recommendedBudgetsCommand(file: string, flags: Flags, out: Output): Promise<void> {
  const teams = await withSession(file, flags, (session) => session.call('budgets.calculate', {}))
  const listed = teams.map(({ team, recommendedBudget }) => ({
    team,
    recommendedBudget: recommendedBudget / 100,
  }))
  print(out, flags, listed, `${listed.length} teams have a recommended budget (stored).`)
}

export async function checkCommand(file: string, flags: Flags, out: Output): Promise<void> {
  const report = await withSession(file, flags, (session) => session.call('checks.run', {}))
  const flagged = report.employees.filter((e) => e.severity !== 'none').length
  print(
    out,
    flags,
    report,
    `${report.employees.length} employees (${flagged} with violations), ${report.teams.length} teams.`,
  )
}

/** `move --employee <Employee Id> (--team <name> | --onto <Employee Id> | --root)`: an org chart drop. */
export async function moveCommand(file: string, flags: Flags, out: Output): Promise<void> {
  const code = typeof flags.employee === 'string' ? flags.employee : undefined
  if (!code) throw new UsageError('move needs --employee <Employee Id>.')
  const team = typeof flags.team === 'string' ? flags.team : undefined
  const onto = typeof flags.onto === 'string' ? flags.onto : undefined
  if ([team, onto, flags.root ? 'root' : undefined].filter(Boolean).length !== 1)
    throw new UsageError('move needs one of --team <name>, --onto <Employee Id> or --root.')
  const result = await withSession(file, flags, async (session) => {
    const employees = await session.call('employees.list', {})
    const idOf = (companyId: string) => {
      const found = employees.find((e) => e.companyEmployeeId === companyId)
      if (!found) throw new Failure('NOT_FOUND', `No employee has the Employee Id "${companyId}".`)
      return found.id
    }
    const employeeId = idOf(code)
    let target: ChannelInput<'orgChart.drop'>['target'] = { kind: 'company' }
    if (team) {
      const matches = (await session.call('teams.list', {})).filter((t) => t.name === team)
      if (matches.length !== 1)
        throw new Failure(
          'NOT_FOUND',
          matches.length === 0
            ? `No team is named "${team}".`
            : `${matches.length} teams are named "${team}".`,
        )
      target = { kind: 'team', teamId: matches[0].id }
    } else if (onto) target = { kind: 'employee', employeeId: idOf(onto) }
    return session.call('orgChart.drop', { source: { employeeId, asManager: false }, target })
  })
  print(out, flags, { changed: result.changed, message: result.message }, result.message)
}

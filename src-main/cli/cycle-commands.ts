import type { PayCycleConfigInput, PayCycleDto } from '../../src-shared/contract'
import { isoDay } from '../../src-shared/domain/proration'
import { currentPayCycle, NO_PAY_CYCLE, todayIso } from '../../src-shared/domain/pay-cycles'
import { DEFAULT_PAY_CYCLE_NAME, DEFAULT_SETTINGS } from '../../src-shared/domain/settings'
import { parseBudgetInput } from '../../src-shared/domain/team-budget'
import { Failure } from '../services/failure'
import type { Flags, Output } from './commands'
import { print } from './planning-commands'
import { UsageError } from './usage'
import { withSession, type CliSession } from './workbook-session'

/** `cycle`: pay cycle configurations and their lifecycle, through the same channels as the editor. */

const CYCLE_ACTIONS = ['list', 'show', 'new', 'create', 'activate', 'close'] as const

function str(flags: Flags, name: string): string | undefined {
  const value = flags[name]
  if (value === true) throw new UsageError(`--${name} needs a value.`)
  return typeof value === 'string' ? value : undefined
}

function line(cycle: PayCycleDto): string {
  const status = cycle.active ? 'active' : `closed${cycle.closedAt ? ` ${cycle.closedAt.slice(0, 10)}` : ''}`
  return `${cycle.id}\t${cycle.name}\t${status}\teffective ${cycle.effectiveDate ?? '—'}`
}

/** A configuration by id, or by its exact name. */
function pick(cycles: PayCycleDto[], key: string): PayCycleDto {
  const byId = /^\d+$/.test(key) ? cycles.find((c) => c.id === Number(key)) : undefined
  const found = byId ?? cycles.filter((c) => c.name === key)
  if (!Array.isArray(found)) return found
  if (found.length === 1) return found[0]
  throw new Failure(
    'NOT_FOUND',
    found.length === 0
      ? `No pay cycle configuration has the id or name "${key}".`
      : `${found.length} configurations are named "${key}"; give the id.`,
  )
}

function noMore(action: string, rest: string[], max: number): void {
  if (rest.length > max) throw new UsageError(`Unexpected argument "${rest[max]}" after cycle ${action}.`)
}

/** A new configuration: the current one's currency, rates and settings, the spec's default name. */
function newConfig(current: PayCycleDto | null, flags: Flags): PayCycleConfigInput {
  const effective = str(flags, 'effective')
  if (effective !== undefined && !isoDay(effective))
    throw new UsageError(`--effective must be a date such as 2027-04-01, not "${effective}".`)
  const amount = str(flags, 'budget')
  const budget = amount === undefined ? null : parseBudgetInput(amount)
  if (budget !== null && !Number.isSafeInteger(budget))
    throw new UsageError(`--budget must be an amount such as 1250000 or 1,250,000.50, not "${amount}".`)
  return {
    name: str(flags, 'name') ?? DEFAULT_PAY_CYCLE_NAME,
    effectiveDate: effective ?? todayIso(),
    companyMeritBudget: budget,
    defaultCurrency: (current?.defaultCurrency ?? 'USD') as PayCycleConfigInput['defaultCurrency'],
    currencyConversions: current?.currencyConversions ?? { USD: 1 },
    ratesAsOf: current?.ratesAsOf ?? null,
    settings: (current?.settings ?? DEFAULT_SETTINGS) as PayCycleConfigInput['settings'],
  }
}

async function act(session: CliSession, action: string, rest: string[], flags: Flags) {
  const cycles = await session.call('payCycles.list', {})
  switch (action) {
    case 'list':
      noMore(action, rest, 0)
      return { value: cycles, text: cycles.length ? cycles.map(line).join('\n') : NO_PAY_CYCLE }
    case 'show': {
      noMore(action, rest, 1)
      const cycle = rest[0] ? pick(cycles, rest[0]) : currentPayCycle(cycles)
      if (!cycle) throw new Failure('NOT_FOUND', NO_PAY_CYCLE)
      return { value: cycle, text: JSON.stringify(cycle, null, 2) }
    }
    case 'new':
    case 'create': {
      noMore(action, rest, 0)
      const change = await session.call('payCycles.create', {
        config: newConfig(currentPayCycle(cycles), flags),
        copyPlans: flags['copy-plans'] === true,
      })
      return { value: change.cycle, text: change.message }
    }
    case 'activate': {
      if (!rest[0]) throw new UsageError('cycle activate needs <id or name>.')
      noMore(action, rest, 1)
      const change = await session.call('payCycles.activate', {
        id: pick(cycles, rest[0]).id,
        copyPlans: flags['copy-plans'] === true,
      })
      return { value: change.cycle, text: change.message }
    }
    default: {
      noMore(action, rest, 0)
      const change = await session.call('payCycles.close', { id: null })
      return { value: change.cycle, text: change.message }
    }
  }
}

export async function cycleCommand(file: string, flags: Flags, out: Output, args: string[]): Promise<void> {
  const [action, ...rest] = args
  if (!action || !(CYCLE_ACTIONS as readonly string[]).includes(action))
    throw new UsageError(
      `cycle needs one of ${CYCLE_ACTIONS.join(', ')}${action ? `, not "${action}"` : ''}.`,
    )
  const { value, text } = await withSession(file, flags, (session) => act(session, action, rest, flags))
  print(out, flags, value, text)
}

import type { z } from 'zod'
import {
  contract,
  fail,
  isChannel,
  isShellOnlyChannel,
  ok,
  SHELL_CHANNELS,
  shellOnlyMessage,
  SYNC_SHELL_CHANNELS,
  type Caller,
  type Channel,
  type Result,
} from '../../src-shared/contract'
import { roleMayCall } from '../../src-shared/domain/access'
import { Failure } from '../services/failure'
import type { Session } from '../services/session'
import { WorkbookError } from '../workbook/errors'
import { isDamagedFileError } from '../workbook/schema-check'
import { appHandlers } from './handlers/app'
import { dashboardHandlers } from './handlers/dashboard'
import { dataHandlers } from './handlers/data'
import { importHandlers } from './handlers/import'
import { meritMatrixHandlers } from './handlers/merit-matrix'
import { orgChartHandlers } from './handlers/org-chart'
import { payCycleHandlers } from './handlers/pay-cycle'
import { planningHandlers } from './handlers/planning'
import { submissionHandlers } from './handlers/submissions'
import { syncHandlers } from './handlers/sync'
import { recordsHandlers } from './handlers/records'
import { statementHandlers } from './handlers/statements'
import { tableHandlers } from './handlers/table'
import { usersHandlers } from './handlers/users'
import type { Handler, HandlerMap } from './types'

type AnyHandler = (input: unknown, context: unknown) => Promise<unknown>

/** Merges the feature handler maps; a channel bound twice is a programming error. */
export function mergeHandlers(...maps: HandlerMap[]): Map<Channel, AnyHandler> {
  const merged = new Map<Channel, AnyHandler>()
  for (const map of maps) {
    for (const [channel, handler] of Object.entries(map) as [Channel, Handler<Channel>][]) {
      if (merged.has(channel)) throw new Error(`Channel ${channel} is bound twice.`)
      merged.set(channel, handler as unknown as AnyHandler)
    }
  }
  return merged
}

const HANDLERS = mergeHandlers(
  appHandlers,
  dashboardHandlers,
  dataHandlers,
  importHandlers,
  meritMatrixHandlers,
  payCycleHandlers,
  planningHandlers,
  orgChartHandlers,
  submissionHandlers,
  syncHandlers,
  recordsHandlers,
  statementHandlers,
  tableHandlers,
  usersHandlers,
)

function describeIssues(channel: string, error: z.ZodError): string {
  const issues = error.issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : 'input'
    return `${where}: ${issue.message}`
  })
  return `Invalid request to ${channel}: ${issues.join('; ')}`
}

/** Contract channels no handler binds (the shell answers SHELL_CHANNELS, and Electron workbook.pickFile, itself). */
export function unboundChannels(): Channel[] {
  const shell: readonly string[] = [...SHELL_CHANNELS, ...SYNC_SHELL_CHANNELS]
  return (Object.keys(contract) as Channel[]).filter(
    (channel) => !HANDLERS.has(channel) && !shell.includes(channel),
  )
}

/** A query slower than this is logged with its channel name. */
const SLOW_MS = 40

export interface Dispatcher {
  /**
   * `caller` is who asks: a window's calls (the workbook worker is told) are refused shell-only
   * channels; in-process callers (the CLI, the shell's own code) are the shell.
   */
  dispatch(channel: string, input: unknown, caller?: Caller): Promise<Result<unknown>>
  /**
   * The dispatcher's checks without the handler: null when the acting user may call the channel
   * with this input, else the refusal. For transports that serve a channel elsewhere (list reads).
   */
  admit(channel: string, input: unknown, caller?: Caller): Result<never> | null
}

type Admission =
  { refused: Result<never> } | { refused: null; handler: AnyHandler; input: unknown; context: unknown }

export const DAMAGED_WHILE_READING =
  'This workbook is damaged: a part of it could not be read. Close it and restore it from a backup.'

/** The envelope of a handler's error: a failure meant for the user, else INTERNAL (and logged). */
export function failureOf(channel: string, error: unknown, log: (line: string) => void): Result<never> {
  if (error instanceof Failure || error instanceof WorkbookError) return fail(error.code, error.message)
  if (isDamagedFileError(error)) {
    log(`[meritbook] ${channel} read a damaged page: ${String(error)}`)
    return fail('WORKBOOK_DAMAGED', DAMAGED_WHILE_READING)
  }
  log(
    `[meritbook] ${channel} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  )
  return fail('INTERNAL', `Meritbook could not complete ${channel}. The details are in the log.`)
}

/**
 * The one entry for every transport: check the acting user's role, parse the input, call the
 * service, and answer with an envelope. Nothing throws past this point.
 */
export function createDispatcher(
  session: Session,
  log: (line: string) => void = console.warn,
  /** Calls slower than this are logged with their channel name; the CLI, which waits anyway, passes Infinity. */
  slowMs = SLOW_MS,
): Dispatcher {
  function admission(channel: string, input: unknown, caller: Caller): Admission {
    if (!isChannel(channel)) return { refused: fail('UNKNOWN_CHANNEL', `Unknown channel "${channel}".`) }
    const spec = contract[channel]
    if (caller === 'renderer' && isShellOnlyChannel(channel)) {
      return { refused: fail('FORBIDDEN', shellOnlyMessage(channel)) }
    }
    const handler = HANDLERS.get(channel)
    if (!handler) {
      return { refused: fail('UNKNOWN_CHANNEL', `Channel "${channel}" has no handler in this process.`) }
    }
    let context: unknown = { session }
    if (spec.access.kind !== 'open') {
      const { workbook, user } = session
      if (!workbook || !user) {
        return { refused: fail('NO_WORKBOOK', 'No workbook is open. Open or create one first.') }
      }
      if (!roleMayCall(user.role, spec.access)) {
        return { refused: fail('FORBIDDEN', `Your role (${user.role}) may not use ${channel}.`) }
      }
      context = { session, workbook, user }
    }
    // Role first, so a caller who may not use a channel learns nothing about its input.
    const parsed = spec.input.safeParse(input ?? {})
    if (!parsed.success) return { refused: fail('BAD_INPUT', describeIssues(channel, parsed.error)) }
    return { refused: null, handler, input: parsed.data, context }
  }

  return {
    admit: (channel, input, caller = 'shell') => admission(channel, input, caller).refused,
    async dispatch(channel, input, caller = 'shell') {
      const admitted = admission(channel, input, caller)
      if (admitted.refused) return admitted.refused
      const started = performance.now()
      try {
        return ok(await admitted.handler(admitted.input, admitted.context))
      } catch (error) {
        return failureOf(channel, error, log)
      } finally {
        const elapsed = performance.now() - started
        if (elapsed > slowMs) log(`[meritbook] slow: ${channel} took ${elapsed.toFixed(0)} ms`)
      }
    },
  }
}

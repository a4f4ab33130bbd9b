import path from 'node:path'
import type {
  Channel,
  ChannelInput,
  ChannelOutput,
  EventName,
  EventPayloads,
  ImportSummary,
  StatementJobSummary,
} from '../../src-shared/contract'
import { APP_VERSION, defaultDataDir } from '../app-paths'
import { createDispatcher } from '../ipc/dispatch'
import { Failure } from '../services/failure'
import { Session } from '../services/session'
import type { Flags } from './commands'

export interface CliSession {
  /** Calls a contract channel as the acting user; a refusal becomes a Failure. */
  call<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>>
  /** Resolves when an import has read its file (the app learns it from the import.changed event). */
  importSettled(importId: string): Promise<ImportSummary>
  /** Resolves when a batch of statements has ended (the app learns it from statements.changed). */
  statementsSettled(jobId: string): Promise<StatementJobSummary>
  close(): Promise<void>
}

/** Hears the events the app's windows would (e.g. an import's progress). */
export type CliEvents = <E extends EventName>(event: E, payload: EventPayloads[E]) => void

/**
 * Opens a workbook the way the app does (checks, lock, acting user from `--as` or the owner), so
 * CLI commands pass through the same contract: schemas, role checks and services.
 */
export async function openCliSession(
  file: string,
  actAs: string | undefined,
  onEvent: CliEvents = () => undefined,
): Promise<CliSession> {
  const session = new Session({
    mode: 'cli',
    version: APP_VERSION,
    dataDir: defaultDataDir(),
    actAs: actAs ?? null,
    emit: onEvent,
    rememberRecent: false,
  })
  const dispatcher = createDispatcher(session, (line) => process.stderr.write(`${line}\n`), Infinity)
  const opened = await session.open(path.resolve(file))
  if (opened.notice) process.stderr.write(`${opened.notice}\n`)
  return {
    async call(channel, input) {
      const result = await dispatcher.dispatch(channel, input)
      if (!result.ok) throw new Failure(result.error.code, result.error.message)
      return result.value as ChannelOutput<typeof channel>
    },
    importSettled: (importId) => session.imports.whenSettled(importId),
    statementsSettled: (jobId) => session.statements.whenSettled(jobId),
    close: () => session.close(),
  }
}

/** Runs `work` on a session of the workbook as `--as` (else the owner), closing it afterwards. */
export async function withSession<T>(
  file: string,
  flags: Flags,
  work: (session: CliSession) => Promise<T>,
): Promise<T> {
  const session = await openCliSession(file, typeof flags.as === 'string' ? flags.as : undefined)
  try {
    return await work(session)
  } finally {
    await session.close()
  }
}

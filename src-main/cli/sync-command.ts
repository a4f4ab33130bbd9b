import type { Channel, ChannelInput, ChannelOutput, Result } from '../../src-shared/contract'
import { Failure } from '../services/failure'
import { SyncEngine } from '../sync/engine'
import type { Flags, Output } from './commands'
import { withAccount } from './server-commands'
import { withSession, type CliSession } from './workbook-session'

/** The CLI session's calls as envelopes, the way the engine meets the workbook worker in the app. */
export function replicaOf(session: CliSession) {
  return async <C extends Channel>(channel: C, input: ChannelInput<C>): Promise<Result<ChannelOutput<C>>> => {
    try {
      return { ok: true, value: await session.call(channel, input) }
    } catch (error) {
      if (error instanceof Failure) return { ok: false, error: { code: error.code, message: error.message } }
      throw error
    }
  }
}

/**
 * `sync <file> [--once] --email <e> --password-stdin --json`: pushes the replica's outbox and pulls
 * the server's changes until idle (or one round), answering `{ pushed, pulled, conflicts, refused,
 * outbox }`; `sync <file> --status --json` answers the replica's state without the server.
 */
export async function syncCommand(file: string, flags: Flags, out: Output): Promise<void> {
  await withSession(file, flags, async (session) => {
    const state = await session.call('sync.state', {})
    if (flags.status) {
      if (flags.json) out.json(state)
      else
        out.text(
          state.server
            ? `Replica of ${state.server}: ${state.waiting} changes waiting, at change ${state.lastSeq}.`
            : 'This workbook is not a replica of a company server.',
        )
      return
    }
    if (!state.server)
      throw new Failure('BAD_INPUT', 'This workbook is not a replica of a company server: join one first.')
    const notices: string[] = []
    const totals = await withAccount(
      flags,
      'sync',
      (account) =>
        new SyncEngine(replicaOf(session), () => account.currentTransport(), {
          applied: (applied) => notices.push(...applied.notices),
          online: () => undefined,
        }).syncUntilIdle(Boolean(flags.once)),
      state.server,
    )
    if (flags.json) out.json({ ...totals, notices })
    else {
      for (const notice of notices) out.text(notice)
      out.text(
        `Pushed ${totals.pushed}, pulled ${totals.pulled}, ${totals.conflicts} conflicts, ${totals.refused} refused; ${totals.outbox} waiting.`,
      )
    }
  })
}

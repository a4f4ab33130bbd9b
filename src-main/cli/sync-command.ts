import type { Channel, ChannelInput, ChannelOutput, Result } from '../../src-shared/contract'
import { Failure } from '../services/failure'
import type { ServerAccount } from '../server-account/account'
import { SyncEngine } from '../sync/engine'
import { shareCompanyFile } from '../sync/share-file'
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
 * After `sync --share`: an admin's replica in step shares its company file, as the app's sync runner
 * does (docs/sync.md, "Company file"). Answers the feed position shared, or null when there was
 * nothing to share.
 */
function shareAfterSync(session: CliSession, account: ServerAccount): Promise<number | null> {
  if (!account.usesCompanyFile())
    throw new Failure('FORBIDDEN', 'Only an administrator shares the company file (--share).')
  return shareCompanyFile(replicaOf(session), account)
}

/**
 * `sync <file> [--once] [--share] --email <e> --password-stdin --json`: pushes the replica's outbox
 * and pulls the server's changes until idle (or one round), answering `{ pushed, pulled, conflicts,
 * refused, outbox, shared, notices }`; with `--share` an admin's replica then shares its company
 * file (`shared`: its feed position, or null when the server's file is already there or edits
 * wait). `sync <file> --status --json` answers the replica's state without the server.
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
      async (account) => {
        const synced = await new SyncEngine(replicaOf(session), () => account.currentTransport(), {
          applied: (applied) => notices.push(...applied.notices),
          online: () => undefined,
        }).syncUntilIdle(Boolean(flags.once))
        return { ...synced, shared: flags.share ? await shareAfterSync(session, account) : null }
      },
      state.server,
    )
    if (flags.json) out.json({ ...totals, notices })
    else {
      for (const notice of notices) out.text(notice)
      out.text(
        `Pushed ${totals.pushed}, pulled ${totals.pulled}, ${totals.conflicts} conflicts, ${totals.refused} refused; ${totals.outbox} waiting.`,
      )
      if (totals.shared !== null) out.text(`Shared the company file at change ${totals.shared}.`)
    }
  })
}

import path from 'node:path'
import type { Channel, ChannelInput, ChannelOutput, Result } from '../../src-shared/contract'
import type { SyncApplied } from '../../src-shared/contract/sync-replica-dto'
import { createDispatcher, type Dispatcher } from '../../src-main/ipc/dispatch'
import { MemorySecretStore } from '../../src-main/secrets/memory-store'
import { ServerAccount } from '../../src-main/server-account/account'
import { joinCompany, sessionJoinSteps, type JoinRoute } from '../../src-main/server-account/join'
import { Failure } from '../../src-main/services/failure'
import { Session } from '../../src-main/services/session'
import { SyncEngine, type ReplicaInvoke } from '../../src-main/sync/engine'
import { tempDir } from './temp'

/** A desktop of the live-sync tests: a replica workbook joined from the server, its sign-in and sync engine. */
export interface Desktop {
  session: Session
  dispatcher: Dispatcher
  account: ServerAccount
  engine: SyncEngine
  /** This desktop's contract calls, as the sync engine and the sync runner's share make them. */
  invoke: ReplicaInvoke
  file: string
  notices: string[]
  /** Everything the engine applied (pulled pages, refusals put back), in order. */
  applied: SyncApplied[]
  online: boolean
  /** A contract call as this desktop's user; a refusal throws as a Failure, with its code and message. */
  call<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>>
  /** Closes the workbook (a restart reopens the same file). */
  close(): Promise<void>
  reopen(): Promise<void>
}

/** The network as a desktop sees it: cut it, or lose the next answer after the server acted. */
export interface Network {
  offline: boolean
  loseNextAnswer: boolean
}

export async function joinDesktop(
  url: string,
  email: string,
  password: string,
  network: Network = { offline: false, loseNextAnswer: false },
  dataDir = tempDir(),
  route: (how: JoinRoute) => void = () => undefined,
): Promise<Desktop> {
  const faulty: typeof fetch = async (input, init) => {
    if (network.offline) throw new TypeError('fetch failed')
    const response = await fetch(input, init)
    if (network.loseNextAnswer && init?.method === 'PUT') {
      network.loseNextAnswer = false
      await response.arrayBuffer()
      throw new TypeError('fetch failed: the connection was reset')
    }
    return response
  }
  const account = new ServerAccount(new MemorySecretStore(), dataDir, faulty)
  await account.signIn({ server: url, email, password })
  const session = new Session({
    mode: 'cli',
    version: 'test',
    dataDir,
    actAs: null,
    emit: () => undefined,
    rememberRecent: false,
  })
  const file = path.join(dataDir, 'replica.paycycle')
  await joinCompany(account, sessionJoinSteps(session), file, route)
  const dispatcher = createDispatcher(session, () => undefined, Infinity)
  const invoke = <C extends Channel>(channel: C, input: ChannelInput<C>) =>
    dispatcher.dispatch(channel, input) as Promise<Result<ChannelOutput<C>>>
  const desktop: Desktop = {
    session,
    dispatcher,
    account,
    invoke: invoke as ReplicaInvoke,
    file,
    notices: [],
    applied: [],
    online: true,
    engine: new SyncEngine(invoke, () => account.currentTransport(), {
      applied: (applied: SyncApplied) => {
        desktop.applied.push(applied)
        desktop.notices.push(...applied.notices)
      },
      online: (online) => (desktop.online = online),
    }),
    async call(channel, input) {
      const result = await invoke(channel, input)
      if (!result.ok) throw new Failure(result.error.code, result.error.message)
      return result.value
    },
    close: () => session.close(),
    async reopen() {
      await session.open(file)
    },
  }
  return desktop
}

/** A replica's reward row of an employee, as stored (undefined when it holds none). */
export const rewardOf = (desktop: Desktop, employeeId: number) =>
  desktop.session
    .workbook!.db.selectFrom('reward')
    .selectAll()
    .where('employee_id', '=', employeeId)
    .executeTakeFirst()

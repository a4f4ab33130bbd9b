import { ok } from '../../src-shared/contract'
import type { EventName, EventPayloads } from '../../src-shared/contract/events'
import type { SyncReplicaState, SyncStatus } from '../../src-shared/contract/sync-replica-dto'
import { syncStatusText } from '../../src-shared/domain/sync'
import type { BackendClient, EventListener } from '../backend/client'
import type { ServerAccount } from '../server-account/account'
import { Failure } from '../services/failure'
import { SyncEngine, type ReplicaInvoke } from './engine'
import { shareCompanyFile, shareDue } from './share-file'

export interface RunnerTiming {
  /** How often queued edits are looked at (the 1 s pause itself is the outbox's). */
  tickMs: number
  /** How long one long poll may wait for news. */
  pollSeconds: number
  /** Waits after a failed round, doubling up to the last. */
  retryMs: readonly number[]
}

const DEFAULT_TIMING: RunnerTiming = {
  tickMs: 500,
  pollSeconds: 25,
  retryMs: [1000, 2000, 5000, 10_000, 30_000],
}

const SIGNED_OUT_CHECK_MS = 5000

/** Waits `ms` or until `signal` aborts. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve()
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
  })

/**
 * Keeps the open replica in step with its server while the app runs: pushes queued edits as they
 * settle and long-polls the feed, on the shell's thread (the tokens are here). Its status and what
 * it applied reach the windows as events beside the workbook worker's.
 */
export function withSync(
  backend: BackendClient,
  account: ServerAccount,
  timing: RunnerTiming = DEFAULT_TIMING,
): BackendClient {
  const listeners = new Set<EventListener>()
  const encoder = new TextEncoder()
  const emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => {
    for (const listener of listeners) listener(event, payload)
  }
  const invoke = backend.invoke as unknown as ReplicaInvoke
  let online = true
  let last = ''
  const stopping = new AbortController()
  let poll = new AbortController()
  // Wakes the loops when the open workbook or the sign-in changes; until then a workbook that is
  // not a replica (or a replica signed out) is not asked about again. `generation` counts the
  // changes, so one that happens while a loop is reading the state is not slept through.
  let generation = 0
  const sleepers = new Set<() => void>()
  const wake = () => {
    generation++
    poll.abort()
    for (const resolve of sleepers) resolve()
    sleepers.clear()
  }
  const idle = (seen: number) =>
    seen !== generation || stopping.signal.aborted
      ? Promise.resolve()
      : new Promise<void>((resolve) => sleepers.add(resolve))

  const engine = new SyncEngine(invoke, () => account.currentTransport(), {
    applied: (applied) => emit('sync.applied', applied),
    online: (value) => {
      online = value
    },
  })

  /** The replica's state, and whether the signed-in account is its server's; null for a workbook of its own. */
  async function replica(): Promise<{ state: SyncReplicaState; signedIn: boolean } | null> {
    const answer = await invoke('sync.state', {}).catch(() => null)
    if (!answer?.ok || answer.value.server === null) return null
    const transport = account.currentTransport()
    return { state: answer.value, signedIn: transport !== null && transport.server === answer.value.server }
  }

  function statusOf(found: Awaited<ReturnType<typeof replica>>): SyncStatus {
    return found
      ? {
          replica: true,
          online,
          signedIn: found.signedIn,
          waiting: found.state.waiting,
          lastPulledAt: found.state.lastPulledAt,
          text: syncStatusText({ ...found.state, online, signedIn: found.signedIn }),
        }
      : { replica: false, online, signedIn: false, waiting: 0, lastPulledAt: null, text: '' }
  }

  function report(found: Awaited<ReturnType<typeof replica>>): void {
    const status = statusOf(found)
    const key = JSON.stringify(status)
    if (key !== last) emit('sync.status', status)
    last = key
  }

  function failed(error: unknown): void {
    if (error instanceof Failure && (error.code === 'OFFLINE' || error.code === 'SERVER')) online = false
    else if (!(error instanceof Failure && (error.code === 'SIGNED_OUT' || error.code === 'FORBIDDEN')))
      console.error('[meritbook] sync failed:', error)
  }

  /** Pushes edits as they settle, reading the replica's state once per tick. */
  async function pushLoop(): Promise<void> {
    while (!stopping.signal.aborted) {
      const seen = generation
      let found = await replica()
      if (found?.signedIn && found.state.waiting > 0 && !found.state.accessRefused) {
        await engine.push(false).catch(failed)
        found = await replica()
      }
      report(found)
      // A replica signed out is looked at now and then (a sign-in restored at start wakes no one).
      if (found?.signedIn) await sleep(timing.tickMs, stopping.signal)
      else if (found) await sleep(SIGNED_OUT_CHECK_MS, stopping.signal)
      else await idle(seen)
    }
  }

  // An admin's replica in step shares its company file now and then, beside the loops.
  let shared = { seq: -1, at: -Infinity }
  let sharing = false
  function shareWhenDue(state: SyncReplicaState): void {
    if (sharing || !shareDue(state, account, shared, Date.now())) return
    sharing = true
    shareCompanyFile(invoke, account)
      .then(
        (seq) => (shared = { seq: seq ?? state.lastSeq, at: Date.now() }),
        (error: unknown) => {
          shared = { seq: shared.seq, at: Date.now() }
          // The company moved on while the file was made (409), or the server is away: a later round tries again.
          if (!(error instanceof Failure))
            console.error('[meritbook] sharing the company file failed:', error)
        },
      )
      .finally(() => (sharing = false))
  }

  async function pullLoop(): Promise<void> {
    let failures = 0
    while (!stopping.signal.aborted) {
      const seen = generation
      const found = await replica()
      if (!found?.signedIn) {
        await (found ? sleep(SIGNED_OUT_CHECK_MS, stopping.signal) : idle(seen))
        continue
      }
      poll = new AbortController()
      const signal = AbortSignal.any([poll.signal, stopping.signal])
      // Before the long poll, so that a replica just joined shares at once, not after a quiet poll.
      if (failures === 0) shareWhenDue(found.state)
      try {
        await engine.pull(timing.pollSeconds, signal)
        failures = 0
      } catch (error) {
        if (signal.aborted) continue
        failed(error)
        report(await replica())
        await sleep(timing.retryMs[Math.min(failures++, timing.retryMs.length - 1)], stopping.signal)
      }
    }
  }

  void pushLoop()
  void pullLoop()
  // Another workbook (or none) is open now: the loops follow it.
  backend.onEvent((event) => {
    if (event === 'workbook.changed') wake()
  })
  const afterCall = (channel: string) => {
    if (channel === 'server.signIn' || channel === 'server.signOut' || channel === 'server.join') wake()
  }

  return {
    ...backend,
    async invoke(channel, input, caller) {
      if (channel === 'sync.status') return ok(statusOf(await replica()))
      const answer = await backend.invoke(channel, input, caller)
      afterCall(channel)
      return answer
    },
    async invokeEncoded(channel, input, caller) {
      if (channel === 'sync.status') return encoder.encode(JSON.stringify(ok(statusOf(await replica()))))
      const answer = await backend.invokeEncoded(channel, input, caller)
      afterCall(channel)
      return answer
    },
    onEvent(listener) {
      listeners.add(listener)
      const off = backend.onEvent(listener)
      return () => {
        listeners.delete(listener)
        off()
      }
    },
    async stop() {
      stopping.abort()
      wake()
      await backend.stop()
    },
  }
}

import { ok } from '../../src-shared/contract'
import type { EventName, EventPayloads } from '../../src-shared/contract/events'
import type { SyncReplicaState, SyncStatus } from '../../src-shared/contract/sync-replica-dto'
import { syncStatusText } from '../../src-shared/domain/sync'
import type { BackendClient, EventListener } from '../backend/client'
import type { ServerAccount } from '../server-account/account'
import { Failure } from '../services/failure'
import { SyncEngine, type ReplicaInvoke } from './engine'

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

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
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

  const engine = new SyncEngine(invoke, () => account.currentTransport(), {
    applied: (applied) => emit('sync.applied', applied),
    online: (value) => {
      online = value
    },
  })

  /** The replica's state, and whether the signed-in account is its server's. */
  async function replica(): Promise<{ state: SyncReplicaState; signedIn: boolean } | null> {
    const answer = await invoke('sync.state', {})
    if (!answer.ok || answer.value.server === null) return null
    const transport = account.currentTransport()
    return { state: answer.value, signedIn: transport !== null && transport.server === answer.value.server }
  }

  async function currentStatus(): Promise<SyncStatus> {
    const found = await replica().catch(() => null)
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

  async function report(): Promise<void> {
    const status = await currentStatus()
    const key = JSON.stringify(status)
    if (key !== last) emit('sync.status', status)
    last = key
  }

  function failed(error: unknown): void {
    if (error instanceof Failure && (error.code === 'OFFLINE' || error.code === 'SERVER')) online = false
    else if (!(error instanceof Failure && error.code === 'SIGNED_OUT'))
      console.error('[meritbook] sync failed:', error)
  }

  async function pushLoop(): Promise<void> {
    while (!stopping.signal.aborted) {
      const found = await replica().catch(() => null)
      if (found?.signedIn && found.state.waiting > 0 && !found.state.accessRefused)
        await engine.push(false).catch(failed)
      await report()
      await sleep(timing.tickMs, stopping.signal)
    }
  }

  async function pullLoop(): Promise<void> {
    let failures = 0
    while (!stopping.signal.aborted) {
      const found = await replica().catch(() => null)
      if (!found?.signedIn) {
        await sleep(timing.tickMs * 2, stopping.signal)
        continue
      }
      poll = new AbortController()
      const signal = AbortSignal.any([poll.signal, stopping.signal])
      try {
        await engine.pull(timing.pollSeconds, signal)
        failures = 0
      } catch (error) {
        if (signal.aborted) continue
        failed(error)
        await report()
        await sleep(timing.retryMs[Math.min(failures++, timing.retryMs.length - 1)], stopping.signal)
      }
    }
  }

  void pushLoop()
  void pullLoop()
  backend.onEvent((event) => {
    // Another workbook (or none) is open now: the long poll follows it.
    if (event === 'workbook.changed') poll.abort()
  })

  return {
    ...backend,
    async invoke(channel, input) {
      if (channel === 'sync.status') return ok(await currentStatus())
      const answer = await backend.invoke(channel, input)
      if (channel === 'server.signIn' || channel === 'server.signOut') poll.abort()
      return answer
    },
    async invokeEncoded(channel, input) {
      if (channel === 'sync.status') return encoder.encode(JSON.stringify(ok(await currentStatus())))
      const answer = await backend.invokeEncoded(channel, input)
      if (channel === 'server.signIn' || channel === 'server.signOut') poll.abort()
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
      await backend.stop()
    },
  }
}

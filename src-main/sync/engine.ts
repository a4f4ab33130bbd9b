import type { Channel, ChannelInput, ChannelOutput, Result } from '../../src-shared/contract'
import {
  BASE_SEQ_HEADER,
  IDEMPOTENCY_HEADER,
  SEQ_HEADER,
  type RewardBatchAnswer,
  type RewardPushItem,
  type SyncFeedPage,
} from '../../src-shared/contract/sync-dto'
import type { PushBatchDto, SyncApplied } from '../../src-shared/contract/sync-replica-dto'
import { Failure, unwrap } from '../services/failure'
import type { ServerTransport } from '../server-account/transport'
import { answerOf } from '../server-account/transport'
import { pushWindows } from './push-windows'
import { isRecordPush, sendRecord } from './record-pushes'
import { failedReason, failureKind, MAX_SERVER_FAILURES } from './server-failures'

export type ReplicaInvoke = <C extends Channel>(
  channel: C,
  input: ChannelInput<C>,
) => Promise<Result<ChannelOutput<C>>>

export interface SyncTotals {
  pushed: number
  pulled: number
  conflicts: number
  refused: number
  /** Edits still waiting in the outbox. */
  outbox: number
}

export interface SyncListener {
  /** A page of the feed or a refused push changed the replica (the open pages follow). */
  applied(applied: SyncApplied): void
  /** The server could (true) or could not (false) be reached. */
  online(online: boolean, reason: string | null): void
}

/** The `detail` of a refused answer. */
async function reasonOf(response: Response): Promise<string> {
  try {
    await answerOf(response)
  } catch (error) {
    if (error instanceof Failure) return error.message
  }
  return `The company server answered ${response.status}.`
}

/**
 * One batch to the server's REST calls. A submission that is already there (a replay whose answer
 * was lost) and a send-back of a submission that is gone both count as done.
 */
async function send(transport: ServerTransport, batch: PushBatchDto): Promise<Response> {
  if (isRecordPush(batch)) return sendRecord(transport, batch)
  if (batch.kind === 'reward')
    return transport.authorized('PUT', `api/employeerewards/${batch.entityId}/`, batch.fields, {
      [IDEMPOTENCY_HEADER]: batch.pushKey,
      [BASE_SEQ_HEADER]: String(batch.baseSeq),
    })
  if (batch.kind === 'team.budget')
    return transport.authorized('PUT', `api/teams/${batch.entityId}/`, batch.fields, {
      [IDEMPOTENCY_HEADER]: batch.pushKey,
    })
  if (batch.kind === 'submission') {
    const response = await transport.authorized('POST', 'api/paycycle/submit/', batch.fields)
    return response.status === 409 ? new Response(null, { status: 204 }) : response
  }
  const listed = await transport.authorized('GET', 'api/paycycle/submit/')
  if (!listed.ok) return listed
  const submissions = (await listed.json()) as {
    id: number
    planner_employee_id: number
    pay_cycle_id: number
  }[]
  const found = submissions.find(
    (s) =>
      s.planner_employee_id === batch.fields.planner_employee && s.pay_cycle_id === batch.fields.pay_cycle,
  )
  return found
    ? transport.authorized('DELETE', `api/paycycle/submit/${found.id}`)
    : new Response(null, { status: 204 })
}

const changedAnything = (applied: SyncApplied): boolean =>
  applied.employeeIds.length > 0 ||
  applied.submissionsChanged ||
  applied.teamsChanged ||
  applied.payCyclesChanged ||
  applied.recordsChanged ||
  applied.usersChanged ||
  applied.notices.length > 0

/** `seq`: the feed position of the change a push made (a replay's too), where the server says. */
type PushOutcome =
  | { kind: 'done'; seq?: number }
  | { kind: 'unreachable' | 'refused' | 'failed'; reason: string; status?: number }

/**
 * What became of one batch: done, not reached (it stays queued), refused (reverted locally), or failed
 * (a 5xx: tried again, then put back as refused; `server-failures.ts`).
 */
async function outcomeOf(transport: ServerTransport, batch: PushBatchDto): Promise<PushOutcome> {
  let response: Response
  try {
    response = await send(transport, batch)
  } catch (error) {
    if (error instanceof Failure && error.code === 'OFFLINE')
      return { kind: 'unreachable', reason: error.message }
    throw error
  }
  if (response.ok) {
    await response.arrayBuffer()
    const seq = Number(response.headers.get(SEQ_HEADER) ?? Number.NaN)
    return Number.isInteger(seq) ? { kind: 'done', seq } : { kind: 'done' }
  }
  const reason = await reasonOf(response)
  return { kind: failed(response.status), reason, status: response.status }
}

/** The single PUTs, a few at once: a server without PUT /api/sync/rewards/ (an older one). */
const ONE_BY_ONE = 8

const failed = (status: number): PushOutcome['kind'] => failureKind(status)

/**
 * Several employees' reward batches in one call, PUT /api/sync/rewards/: each item has its own
 * idempotency key and base and its own answer, as the single PUT would give it.
 */
async function rewardOutcomes(
  transport: ServerTransport,
  window: readonly PushBatchDto[],
): Promise<PushOutcome[]> {
  const rewards: RewardPushItem[] = window.map((b) => ({
    employee: b.entityId,
    key: b.pushKey,
    base_seq: b.baseSeq,
    fields: b.fields,
  }))
  let response: Response
  try {
    response = await transport.authorized('PUT', 'api/sync/rewards/', { rewards })
  } catch (error) {
    if (error instanceof Failure && error.code === 'OFFLINE')
      return window.map(() => ({ kind: 'unreachable', reason: error.message }))
    throw error
  }
  if (response.status === 404) {
    await response.arrayBuffer()
    const outcomes: PushOutcome[] = []
    for (let i = 0; i < window.length; i += ONE_BY_ONE)
      outcomes.push(
        ...(await Promise.all(window.slice(i, i + ONE_BY_ONE).map((b) => outcomeOf(transport, b)))),
      )
    return outcomes
  }
  if (!response.ok) {
    const reason = await reasonOf(response)
    return window.map(() => ({ kind: failed(response.status), reason }))
  }
  const { results } = (await response.json()) as RewardBatchAnswer
  const byKey = new Map(results.map((r) => [r.key, r]))
  return window.map((batch): PushOutcome => {
    const result = byKey.get(batch.pushKey)
    if (!result) return { kind: 'unreachable', reason: 'The company server did not answer this change.' }
    if (result.status >= 200 && result.status < 300)
      return result.seq === undefined ? { kind: 'done' } : { kind: 'done', seq: result.seq }
    return {
      kind: failed(result.status),
      reason: result.detail ?? `The company server answered ${result.status}.`,
      status: result.status,
    }
  })
}

/**
 * Live sync of the open replica with its company server, on the shell's thread where the tokens
 * are. Push: the outbox's batches in order, each under its idempotency key; a refusal is reverted
 * locally with the server's reason; an unreachable server leaves the batch queued. Pull: the feed
 * after the replica's last sequence, applied by the workbook worker.
 */
export class SyncEngine {
  constructor(
    private readonly invoke: ReplicaInvoke,
    private readonly transport: () => ServerTransport | null,
    private readonly listener: SyncListener,
  ) {}

  private signedIn(): ServerTransport {
    const transport = this.transport()
    if (!transport) throw new Failure('SIGNED_OUT', 'Sign in to your company to sync this workbook.')
    return transport
  }

  /**
   * Pushes the batches due (all of them with `now`, else those past the spec's 1 s pause), several
   * employees' edits in one call (`pushWindows`, `rewardOutcomes`); a window's answers are handled
   * in the outbox's order.
   */
  async push(now = false): Promise<Pick<SyncTotals, 'pushed' | 'refused'>> {
    const transport = this.signedIn()
    if ((await unwrap(this.invoke('sync.state', {}))).accessRefused !== null) return { pushed: 0, refused: 0 }
    let batches = await unwrap(this.invoke('sync.claim', { now }))
    let pushed = 0
    let refused = 0
    // Employees whose reward batch the server failed on in this push: their later batches wait for it,
    // other employees' go on. Anything else waits for everything before it (`pushWindows`), so a
    // failed batch of another kind, or one after a held reward, ends the push.
    const held = new Set<number>()
    while (batches.length > 0) {
      let refusedHere = false
      for (const whole of pushWindows(batches)) {
        if (held.size > 0 && whole[0].kind !== 'reward') break
        const window = whole.filter((b) => !held.has(b.entityId))
        if (window.length === 0) continue
        const outcomes =
          window.length > 1
            ? await rewardOutcomes(transport, window)
            : [await outcomeOf(transport, window[0])]
        const done = window.filter((_, i) => outcomes[i].kind === 'done').map((b) => b.pushKey)
        if (done.length > 0) {
          const seqs: Record<string, number> = {}
          for (const [i, batch] of window.entries()) {
            const outcome = outcomes[i]
            if (outcome.kind === 'done' && outcome.seq !== undefined) seqs[batch.pushKey] = outcome.seq
          }
          const applied = await unwrap(this.invoke('sync.acknowledge', { pushKeys: done, seqs }))
          if (changedAnything(applied)) this.listener.applied(applied)
          this.listener.online(true, null)
          pushed += done.length
        }
        let unreachable = false
        for (const [i, batch] of window.entries()) {
          let outcome = outcomes[i]
          if (outcome.kind === 'failed') {
            const times = batch.attempts + 1
            if (times < MAX_SERVER_FAILURES) {
              await unwrap(
                this.invoke('sync.failed', {
                  pushKey: batch.pushKey,
                  message: outcome.reason,
                  counted: true,
                }),
              )
              if (batch.kind !== 'reward') return { pushed, refused }
              held.add(batch.entityId)
              continue
            }
            // Failed again: put back as refused, unless the server fails on everything (then it is away).
            outcome = (await this.serverAnswers(transport))
              ? { ...outcome, kind: 'refused', reason: failedReason(outcome.reason, times) }
              : { ...outcome, kind: 'unreachable' }
          }
          if (outcome.kind === 'unreachable') {
            await unwrap(this.invoke('sync.failed', { pushKey: batch.pushKey, message: outcome.reason }))
            this.listener.online(false, outcome.reason)
            unreachable = true
          } else if (outcome.kind === 'refused') {
            const applied = await unwrap(
              this.invoke('sync.refused', {
                pushKey: batch.pushKey,
                kind: batch.kind,
                entityId: batch.entityId,
                fields: batch.fields,
                previous: batch.previous,
                reason: outcome.reason,
                ...(outcome.status === undefined ? {} : { status: outcome.status }),
              }),
            )
            this.listener.applied(applied)
            refused++
            refusedHere = true
          }
        }
        if (unreachable) return { pushed, refused }
        if (refusedHere) break
      }
      if (!refusedHere) break
      // A refusal can drop later queued changes with it (the saves of a configuration the server
      // never made): what is still queued is claimed again, so those are not sent.
      batches = await unwrap(this.invoke('sync.claim', { now }))
    }
    return { pushed, refused }
  }

  /** True when the server answers a plain read (the feed past its end): it is up, so a failure is the push's. */
  private async serverAnswers(transport: ServerTransport): Promise<boolean> {
    try {
      const response = await transport.authorized('GET', `api/sync/changes/?after=${Number.MAX_SAFE_INTEGER}`)
      await response.arrayBuffer()
      return response.ok
    } catch (error) {
      if (error instanceof Failure) return false
      throw error
    }
  }

  /** Reads the feed after the replica's position (waiting up to `waitSeconds` for news) and applies it. */
  async pull(waitSeconds = 0, signal?: AbortSignal): Promise<Pick<SyncTotals, 'pulled' | 'conflicts'>> {
    const transport = this.signedIn()
    const state = await unwrap(this.invoke('sync.state', {}))
    const response = await transport.authorized(
      'GET',
      `api/sync/changes/?after=${state.lastSeq}&wait=${waitSeconds}`,
      undefined,
      {},
      signal,
    )
    let page: SyncFeedPage
    try {
      page = await answerOf<SyncFeedPage>(response)
    } catch (error) {
      // The server no longer lets this user follow the company: the replica says so and stops pushing.
      if (error instanceof Failure && error.code === 'FORBIDDEN')
        await unwrap(this.invoke('sync.accessRefused', { reason: error.message }))
      throw error
    }
    this.listener.online(true, null)
    if (state.accessRefused !== null) await unwrap(this.invoke('sync.accessRefused', { reason: null }))
    if (page.changes.length === 0 && page.last === state.lastSeq) return { pulled: 0, conflicts: 0 }
    const applied = await unwrap(this.invoke('sync.apply', { page }))
    this.listener.applied(applied)
    return { pulled: page.changes.length, conflicts: applied.notices.length }
  }

  /** Pushes everything queued, then pulls until the feed has nothing new (or once). */
  async syncUntilIdle(once = false): Promise<SyncTotals> {
    const totals: SyncTotals = { pushed: 0, pulled: 0, conflicts: 0, refused: 0, outbox: 0 }
    for (;;) {
      const refusedBefore = (await unwrap(this.invoke('sync.state', {}))).accessRefused !== null
      const pushed = await this.push(true)
      totals.pushed += pushed.pushed
      totals.refused += pushed.refused
      const pulled = await this.pull(0)
      totals.pulled += pulled.pulled
      totals.conflicts += pulled.conflicts
      const state = await unwrap(this.invoke('sync.state', {}))
      totals.outbox = state.waiting
      // Access came back during this round: what waited can go out now.
      if (refusedBefore && state.accessRefused === null && state.waiting > 0) continue
      if (once || (pulled.pulled === 0 && (pushed.pushed === 0 || state.waiting === 0))) return totals
    }
  }
}

import crypto from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { SyncedRewardFields } from '../../../src-shared/contract/sync-dto'
import type { PushKind } from '../../../src-shared/contract/sync-replica-dto'
import { keptChangesOf, keptOf, type KeptRecordChange, type KeptServerFields } from './sync-kept'
import type { Workbook } from '../open'
import type { WorkbookDatabase } from '../schema'
import { REWARD_COLUMNS, type RewardChange, type RewardField } from './reward-columns'

type Db = Kysely<WorkbookDatabase> | Transaction<WorkbookDatabase>
type Value = string | number | boolean | null

/** What a queued change is (PUSH_KINDS). */
export type OutboxKind = PushKind

/**
 * A push under one idempotency key: one employee's reward edits merged (later edits win), one
 * submission or send-back, or one team budget.
 */
export interface PushBatch {
  pushKey: string
  kind: OutboxKind
  /** The employee rewarded, the planner who submitted, or the team budgeted. */
  entityId: number
  fields: Record<string, Value>
  /** The values before the first of the merged edits: what a refused push puts back. */
  previous: Record<string, Value>
  baseSeq: number
  attempts: number
}

export interface SyncStateRow {
  lastSeq: number
  lastPulledAt: string | null
  lastPushedAt: string | null
  accessRefused: string | null
  rejoinReason: string | null
  waiting: number
}

const toServer = (value: unknown): Value =>
  typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string' ? value : null

/** The company server this workbook is a replica of, or null for a workbook of its own. */
export async function replicaServer(db: Db): Promise<string | null> {
  const row = await db.selectFrom('company').select('server_url').where('id', '=', 1).executeTakeFirst()
  return row?.server_url ?? null
}

/** Queues reward edits for the server, in the edit's own transaction (nothing edited goes unqueued). */
export async function enqueueRewardChanges(
  trx: Transaction<WorkbookDatabase>,
  changes: readonly RewardChange[],
  at: string,
): Promise<void> {
  if (changes.length === 0 || (await replicaServer(trx)) === null) return
  const base = await lastSeq(trx)
  for (const change of changes) {
    const fields: SyncedRewardFields = {}
    const previous: SyncedRewardFields = {}
    for (const [field, value] of Object.entries(change.changes) as [
      RewardField,
      { old: unknown; new: unknown },
    ][]) {
      const column = REWARD_COLUMNS[field]
      fields[column] = toServer(value.new)
      previous[column] = toServer(value.old)
    }
    if (Object.keys(fields).length === 0) continue
    await insertOutbox(trx, 'reward', change.employeeId, fields, previous, base, at)
  }
}

async function insertOutbox(
  trx: Transaction<WorkbookDatabase>,
  kind: OutboxKind,
  entityId: number,
  fields: Record<string, Value>,
  previous: Record<string, Value>,
  baseSeq: number,
  at: string,
): Promise<void> {
  await trx
    .insertInto('sync_outbox')
    .values({
      kind,
      entity_id: entityId,
      fields: JSON.stringify(fields),
      previous: JSON.stringify(previous),
      base_seq: baseSeq,
      created_at: at,
    })
    .execute()
}

/** Queues a submission, a send-back or a team budget of a replica, in its own transaction. */
export async function enqueueChange(
  trx: Transaction<WorkbookDatabase>,
  kind: Exclude<OutboxKind, 'reward'>,
  entityId: number,
  fields: Record<string, Value>,
  previous: Record<string, Value>,
  at: string,
): Promise<void> {
  if ((await replicaServer(trx)) === null) return
  await insertOutbox(trx, kind, entityId, fields, previous, await lastSeq(trx), at)
}

/**
 * `enqueueChange` for writers on the synchronous connection (better-sqlite3's own transaction): call
 * it inside that transaction so the change and its queueing commit together.
 */
export function enqueueChangeNow(
  workbook: Workbook,
  kind: Exclude<OutboxKind, 'reward'>,
  entityId: number,
  fields: Record<string, Value>,
  previous: Record<string, Value>,
  at: string,
): void {
  const db = workbook.sqlite
  const company = db.prepare('SELECT server_url FROM company WHERE id = 1').get() as
    { server_url: string | null } | undefined
  if (!company?.server_url) return
  const state = db.prepare('SELECT last_seq FROM sync_state WHERE id = 1').get() as
    { last_seq: number } | undefined
  db.prepare(
    'INSERT INTO sync_outbox (kind, entity_id, fields, previous, base_seq, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(kind, entityId, JSON.stringify(fields), JSON.stringify(previous), state?.last_seq ?? 0, at)
}

async function lastSeq(db: Db): Promise<number> {
  const row = await db.selectFrom('sync_state').select('last_seq').where('id', '=', 1).executeTakeFirst()
  return row?.last_seq ?? 0
}

/**
 * The batches to push now, in the order they were made: those claimed before and not acknowledged
 * (a retry sends them unchanged, under the same key), then unclaimed changes. Reward edits wait for
 * the spec's pause after typing (`settledBefore`), each employee's merged into one batch; a
 * submission waits behind any edit made before it, so the server sees them in order.
 */
export async function claimPushBatches(workbook: Workbook, settledBefore: string): Promise<PushBatch[]> {
  return workbook.db.transaction().execute(async (trx) => {
    const fresh = await trx
      .selectFrom('sync_outbox')
      .select(['id', 'kind', 'entity_id', 'created_at'])
      .where('push_key', 'is', null)
      .orderBy('id')
      .execute()
    const unsettled = new Set(
      fresh.filter((r) => r.kind === 'reward' && r.created_at > settledBefore).map((r) => r.entity_id),
    )
    const rewardKeys = new Map<number, string>()
    const claims = new Map<string, number[]>()
    let waiting = false
    for (const row of fresh) {
      if (row.kind === 'reward' && unsettled.has(row.entity_id)) {
        waiting = true
        continue
      }
      if (row.kind !== 'reward' && waiting) break
      const key =
        row.kind === 'reward' ? (rewardKeys.get(row.entity_id) ?? crypto.randomUUID()) : crypto.randomUUID()
      if (row.kind === 'reward') rewardKeys.set(row.entity_id, key)
      const ids = claims.get(key) ?? []
      ids.push(row.id)
      claims.set(key, ids)
    }
    for (const [key, ids] of claims)
      await trx.updateTable('sync_outbox').set({ push_key: key }).where('id', 'in', ids).execute()
    const claimed = await trx
      .selectFrom('sync_outbox')
      .selectAll()
      .where('push_key', 'is not', null)
      .orderBy('id')
      .execute()
    const batches = new Map<string, PushBatch>()
    for (const row of claimed) {
      const key = row.push_key as string
      const batch = batches.get(key) ?? {
        pushKey: key,
        kind: row.kind as OutboxKind,
        entityId: row.entity_id,
        fields: {},
        previous: {},
        baseSeq: row.base_seq,
        attempts: row.attempts,
      }
      Object.assign(batch.fields, JSON.parse(row.fields) as Record<string, Value>)
      const previous = JSON.parse(row.previous) as Record<string, Value>
      for (const field of Object.keys(previous))
        if (!(field in batch.previous)) batch.previous[field] = previous[field]
      batches.set(key, batch)
    }
    return [...batches.values()]
  })
}

/** What the feed kept on an acknowledged push: a reward's fields, or a company record's changes. */
export type KeptOnPush =
  | { pushKey: string; kind: 'reward'; entityId: number; kept: KeptServerFields }
  | { pushKey: string; kind: Exclude<OutboxKind, 'reward'>; entityId: number; changes: KeptRecordChange[] }

/**
 * The server applied these pushes: their edits leave the outbox. Answers, for each acknowledged
 * push that had any, the entity and what the feed kept on it.
 */
export async function acknowledgePushes(
  trx: Transaction<WorkbookDatabase>,
  pushKeys: readonly string[],
  at: string,
): Promise<KeptOnPush[]> {
  const rows = await trx
    .selectFrom('sync_outbox')
    .select(['push_key', 'kind', 'entity_id', 'server_fields'])
    .where('push_key', 'in', pushKeys)
    .where('server_fields', 'is not', null)
    .orderBy('id')
    .execute()
  const kept = new Map<string, KeptOnPush>()
  for (const row of rows) {
    const key = row.push_key as string
    const kind = row.kind as OutboxKind
    const found: KeptOnPush =
      kept.get(key) ??
      (kind === 'reward'
        ? { pushKey: key, kind, entityId: row.entity_id, kept: {} }
        : { pushKey: key, kind, entityId: row.entity_id, changes: [] })
    if (found.kind === 'reward') Object.assign(found.kept, keptOf(row.server_fields))
    else
      for (const change of keptChangesOf(row.server_fields))
        if (!found.changes.some((c) => c.seq === change.seq)) found.changes.push(change)
    kept.set(key, found)
  }
  await trx.deleteFrom('sync_outbox').where('push_key', 'in', pushKeys).execute()
  await upsertState(trx, { last_pushed_at: at })
  return [...kept.values()]
}

/**
 * A push that could not reach the server, or that the server failed on, stays queued with its last
 * error; `attempts` counts the times the server answered and failed on it (`counted`: a 5xx), which
 * decide when it is put back (`src-main/sync/server-failures.ts`). Time offline counts for nothing.
 */
export async function notePushFailure(
  workbook: Workbook,
  pushKey: string,
  message: string,
  counted: boolean,
): Promise<void> {
  await workbook.db
    .updateTable('sync_outbox')
    .set((eb) => ({ attempts: counted ? eb('attempts', '+', 1) : eb.ref('attempts'), last_error: message }))
    .where('push_key', '=', pushKey)
    .execute()
}

/** A refused push leaves the outbox (its revert is written by the caller, in the same transaction). */
export async function dropPush(trx: Transaction<WorkbookDatabase>, pushKey: string): Promise<void> {
  await trx.deleteFrom('sync_outbox').where('push_key', '=', pushKey).execute()
}

/** Fields each employee has waiting in the outbox: a pulled change must not overwrite them locally. */
export async function pendingFields(db: Db): Promise<Map<number, Set<string>>> {
  const rows = await db
    .selectFrom('sync_outbox')
    .select(['entity_id', 'fields'])
    .where('kind', '=', 'reward')
    .execute()
  const pending = new Map<number, Set<string>>()
  for (const row of rows) {
    const set = pending.get(row.entity_id) ?? new Set<string>()
    for (const field of Object.keys(JSON.parse(row.fields) as object)) set.add(field)
    pending.set(row.entity_id, set)
  }
  return pending
}

export async function upsertState(
  db: Db,
  values: Partial<{
    last_seq: number
    last_pulled_at: string
    last_pushed_at: string
    access_refused: string | null
  }>,
): Promise<void> {
  await db
    .insertInto('sync_state')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute()
}

export async function readSyncState(db: Db): Promise<SyncStateRow> {
  const state = await db.selectFrom('sync_state').selectAll().where('id', '=', 1).executeTakeFirst()
  const count = await db
    .selectFrom('sync_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return {
    lastSeq: state?.last_seq ?? 0,
    lastPulledAt: state?.last_pulled_at ?? null,
    lastPushedAt: state?.last_pushed_at ?? null,
    accessRefused: state?.access_refused ?? null,
    rejoinReason: state?.rejoin_reason ?? null,
    waiting: Number(count.n),
  }
}

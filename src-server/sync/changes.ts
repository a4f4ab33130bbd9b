import { sql, type Transaction } from 'kysely'
import type {
  OverwrittenValue,
  RecordChangeKind,
  RecordChangePayload,
  SyncChange,
  SyncedRewardFields,
} from '../../src-shared/contract/sync-dto'
import type { ServerDb } from '../db/connect'
import type { ServerDatabase } from '../db/schema'
import type { Caller } from '../http/context'
import { requireSameRequest, type PushKey } from './push-keys'

type Payload =
  | {
      kind: 'reward'
      employee_id: number
      team_id: number | null
      fields: SyncedRewardFields
      overwrote: OverwrittenValue[]
    }
  | { kind: 'submission'; submission: Extract<SyncChange, { kind: 'submission' }>['submission'] }
  | {
      kind: 'submission.deleted'
      submission: Extract<SyncChange, { kind: 'submission.deleted' }>['submission']
    }
  | RecordChangePayload

/** The row a change is about: the employee rewarded, the planner who submitted, the record changed (0: none). */
const entityOf = (payload: Payload): number =>
  payload.kind === 'reward'
    ? payload.employee_id
    : payload.kind === 'submission' || payload.kind === 'submission.deleted'
      ? payload.submission.planner_employee_id
      : (payload.entity_id ?? 0)

const FEED_LOCK = 0x73796e63 // 'sync'

/**
 * One writer at a time per company until commit: sequence numbers are handed out in commit order,
 * so a reader that has seen seq n can never later meet a committed change below n.
 */
export async function lockFeed(trx: Transaction<ServerDatabase>, companyId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${FEED_LOCK}, ${companyId}::int)`.execute(trx)
}

/**
 * Appends a change to the company's feed in the caller's transaction, so the feed holds exactly what
 * was committed. Returns its sequence number.
 */
export async function recordChange(
  trx: Transaction<ServerDatabase>,
  caller: Caller,
  payload: Payload,
  idempotencyKey: PushKey | null,
): Promise<number> {
  const [seq] = await recordChanges(trx, caller, [{ payload, idempotencyKey }])
  return seq
}

/** Appends several changes in one statement, in order (a batch of pushes); their sequence numbers, in order. */
export async function recordChanges(
  trx: Transaction<ServerDatabase>,
  caller: Caller,
  changes: readonly { payload: Payload; idempotencyKey: PushKey | null }[],
): Promise<number[]> {
  if (changes.length === 0) return []
  await lockFeed(trx, caller.companyId)
  const rows = await trx
    .insertInto('sync_change')
    .values(
      changes.map(({ payload, idempotencyKey }) => ({
        company_id: caller.companyId,
        kind: payload.kind,
        entity_id: entityOf(payload),
        user_id: caller.userId,
        user_name: caller.name,
        user_email: caller.email,
        payload: JSON.stringify(payload),
        idempotency_key: idempotencyKey?.key ?? null,
        key_scope: idempotencyKey?.scope ?? null,
      })),
    )
    .returning('seq')
    .execute()
  // Numbers are drawn in the rows' order; sorted, they pair with the changes whatever order RETURNING used.
  return rows.map((r) => r.seq).sort((a, b) => a - b)
}

/**
 * Appends a company record's change (an admin's edit, the org chart, configuration, an import) to the
 * feed in the caller's transaction. `teamIds`: an employee's teams before and after, for visibility.
 */
export async function recordCompanyChange(
  trx: Transaction<ServerDatabase>,
  caller: Caller,
  kind: RecordChangeKind,
  entityId: number | null,
  values: Record<string, unknown> | null,
  teamIds: readonly (number | null)[] = [],
  idempotencyKey: PushKey | null = null,
): Promise<number> {
  const team_ids = [...new Set(teamIds)]
  return recordChange(trx, caller, { kind, entity_id: entityId, team_ids, values }, idempotencyKey)
}

/**
 * The change an earlier call with this idempotency key made, if any; 409 when that call was another
 * request (another route, user or body).
 */
export async function changeByKey(
  db: ServerDb,
  companyId: number,
  key: PushKey,
): Promise<{ seq: number; kind: string; payload: unknown } | null> {
  const row = await db
    .selectFrom('sync_change')
    .select(['seq', 'kind', 'payload', 'key_scope'])
    .where('company_id', '=', companyId)
    .where('idempotency_key', '=', key.key)
    .executeTakeFirst()
  if (!row) return null
  requireSameRequest(row.key_scope, key)
  return { seq: row.seq, kind: row.kind, payload: row.payload }
}

/**
 * Whether an earlier call used this idempotency key: on the change it made (`seq`: that change's feed
 * position), or (a push that changed nothing, `seq` null) kept by `keepUnchangedKey`. Null: unused.
 */
export async function keyUsed(
  db: ServerDb,
  companyId: number,
  key: PushKey,
): Promise<{ seq: number | null } | null> {
  const change = await changeByKey(db, companyId, key)
  if (change) return { seq: change.seq }
  const kept = await db
    .selectFrom('sync_push_key')
    .select('key_scope')
    .where('company_id', '=', companyId)
    .where('idempotency_key', '=', key.key)
    .executeTakeFirst()
  if (kept === undefined) return null
  requireSameRequest(kept.key_scope, key)
  return { seq: null }
}

/**
 * Keeps the key of a push answered without a change (it has no change to ride on), so that a replay
 * after later changes still applies nothing.
 */
export async function keepUnchangedKey(
  db: ServerDb | Transaction<ServerDatabase>,
  companyId: number,
  key: PushKey | null,
): Promise<void> {
  if (key === null) return
  await db
    .insertInto('sync_push_key')
    .values({ company_id: companyId, idempotency_key: key.key, key_scope: key.scope })
    .onConflict((conflict) => conflict.doNothing())
    .execute()
}

/**
 * The idempotency keys among these that earlier calls already used: the change's `seq`, or the scope
 * of the request that used it when that was another request (the caller refuses that one item).
 */
export async function usedKeys(
  db: ServerDb | Transaction<ServerDatabase>,
  companyId: number,
  keys: readonly PushKey[],
): Promise<Map<string, { seq: number; sameRequest: boolean }>> {
  if (keys.length === 0) return new Map()
  const scopes = new Map(keys.map((k) => [k.key, k.scope]))
  const rows = await db
    .selectFrom('sync_change')
    .select(['idempotency_key', 'seq', 'key_scope'])
    .where('company_id', '=', companyId)
    .where(
      'idempotency_key',
      'in',
      keys.map((k) => k.key),
    )
    .execute()
  return new Map(
    rows.map((r) => {
      const key = r.idempotency_key as string
      return [key, { seq: r.seq, sameRequest: r.key_scope === null || r.key_scope === scopes.get(key) }]
    }),
  )
}

/** `rewardChangesSince` for several employees at once, by employee, each with its `seq`. */
export async function rewardChangesSinceMany(
  db: ServerDb | Transaction<ServerDatabase>,
  caller: Caller,
  employeeIds: readonly number[],
  baseSeq: number,
): Promise<
  Map<number, { seq: number; user: string; user_email: string | null; fields: SyncedRewardFields }[]>
> {
  const byEmployee = new Map<
    number,
    { seq: number; user: string; user_email: string | null; fields: SyncedRewardFields }[]
  >()
  if (employeeIds.length === 0) return byEmployee
  const rows = await db
    .selectFrom('sync_change')
    .select(['seq', 'entity_id', 'user_name', 'user_email', 'payload', 'user_id'])
    .where('company_id', '=', caller.companyId)
    .where('kind', '=', 'reward')
    .where('entity_id', 'in', employeeIds)
    .where('seq', '>', baseSeq)
    .orderBy('seq')
    .execute()
  for (const r of rows) {
    if (r.user_id === caller.userId) continue
    const list = byEmployee.get(r.entity_id) ?? []
    list.push({
      seq: r.seq,
      user: r.user_name,
      user_email: r.user_email,
      fields: (r.payload as { fields: SyncedRewardFields }).fields,
    })
    byEmployee.set(r.entity_id, list)
  }
  return byEmployee
}

/** Later reward changes by others to an employee: the values a push made after `baseSeq` would replace. */
export async function rewardChangesSince(
  db: ServerDb | Transaction<ServerDatabase>,
  caller: Caller,
  employeeId: number,
  baseSeq: number,
): Promise<{ user: string; user_email: string | null; fields: SyncedRewardFields }[]> {
  const rows = await db
    .selectFrom('sync_change')
    .select(['user_name', 'user_email', 'payload', 'user_id'])
    .where('company_id', '=', caller.companyId)
    .where('kind', '=', 'reward')
    .where('entity_id', '=', employeeId)
    .where('seq', '>', baseSeq)
    .orderBy('seq')
    .execute()
  return rows
    .filter((r) => r.user_id !== caller.userId)
    .map((r) => ({
      user: r.user_name,
      user_email: r.user_email,
      fields: (r.payload as { fields: SyncedRewardFields }).fields,
    }))
}

/** Feed rows after `after` for one company, as the desktop reads them (visibility is the route's). */
export async function changesAfter(
  db: ServerDb,
  companyId: number,
  after: number,
  limit: number,
): Promise<SyncChange[]> {
  const rows = await db
    .selectFrom('sync_change')
    .select(['seq', 'user_email', 'user_name', 'at', 'payload'])
    .where('company_id', '=', companyId)
    .where('seq', '>', after)
    .orderBy('seq')
    .limit(limit)
    .execute()
  return rows.map(
    (r) =>
      ({
        ...(r.payload as Payload),
        seq: r.seq,
        user_email: r.user_email,
        user: r.user_name,
        at: new Date(r.at).toISOString(),
      }) as SyncChange,
  )
}

import type { SyncChange, SyncFeedPage, SyncedRewardField } from '../../../src-shared/contract/sync-dto'
import {
  isRecordPush,
  type PushBatchDto,
  type SyncApplied,
  type SyncReplicaState,
} from '../../../src-shared/contract/sync-replica-dto'
import { refusedChangeMessage, replacedYoursMessage } from '../../../src-shared/domain/sync'
import type { Kysely, Transaction } from 'kysely'
import type { Workbook } from '../../workbook/open'
import type { WorkbookDatabase } from '../../workbook/schema'
import { saveRewardChanges, type RewardChange } from '../../workbook/queries/rewards'
import {
  claimPushBatches,
  dropPush,
  notePushFailure,
  pendingFields,
  readSyncState,
  replicaServer,
  upsertState,
  type PushBatch,
} from '../../workbook/queries/sync'
import {
  keepServerRewardValues,
  keptRecordChanges,
  keptServerValues,
  type KeptServerFields,
  type KeptServerValue,
} from '../../workbook/queries/sync-kept'
import { saveTeamBudget } from '../../workbook/queries/teams'
import { Failure } from '../failure'
import { holdsWholeCompany } from './apply-computed'
import { applyRecordChange, type RecordEffect } from './apply-record-change'
import { FIELD_OF_COLUMN, serverFormOf } from './kept-rewards'
import { localUsers, writeKeptAfterRefusal } from './kept-records'
import { recordPushRefused } from './refused-records'
import type { TableCache } from '../table/cache'
import { applyToModel } from '../table/update'

/** The spec's pause after an edit before it is sent (rewards are coalesced per employee meanwhile). */
export const PUSH_PAUSE_MS = 1000

type RewardRow = Record<string, unknown>

/** A SyncApplied that changed nothing beyond what its caller says. */
const NOTHING_ELSE = {
  submissionsChanged: false,
  teamsChanged: false,
  payCyclesChanged: false,
  recordsChanged: false,
  usersChanged: false,
} satisfies Partial<SyncApplied>

async function requireReplica(workbook: Workbook): Promise<string> {
  const server = await replicaServer(workbook.db)
  if (!server)
    throw new Failure('BAD_INPUT', 'This workbook is not a replica of a company server: join one first.')
  return server
}

export async function replicaState(workbook: Workbook): Promise<SyncReplicaState> {
  const server = await replicaServer(workbook.db)
  return { server, ...(await readSyncState(workbook.db)) }
}

/** The pushes due now (see claimPushBatches). */
export async function claimPushes(
  workbook: Workbook,
  pauseMs: number,
  now = new Date(),
): Promise<PushBatch[]> {
  await requireReplica(workbook)
  return claimPushBatches(workbook, new Date(now.getTime() - pauseMs).toISOString())
}

export async function pushFailed(
  workbook: Workbook,
  pushKey: string,
  message: string,
  counted: boolean,
): Promise<null> {
  await notePushFailure(workbook, pushKey, message, counted)
  return null
}

async function currentRewards(workbook: Workbook, ids: readonly number[]): Promise<Map<number, RewardRow>> {
  if (ids.length === 0) return new Map()
  const rows = await workbook.db.selectFrom('reward').selectAll().where('employee_id', 'in', ids).execute()
  return new Map(rows.map((r) => [r.employee_id, r as unknown as RewardRow]))
}

async function employeeName(
  db: Kysely<WorkbookDatabase> | Transaction<WorkbookDatabase>,
  id: number,
): Promise<string> {
  const row = await db.selectFrom('employee').select('name').where('id', '=', id).executeTakeFirst()
  return row?.name ?? `employee ${id}`
}

/**
 * The server refused a push (a role, a lock, a submission that arrived first): it is put back as it
 * was before (a reward's fields unless a later queued edit changed them again; a submission or a
 * send-back undone) and the user is told why.
 */
/**
 * A team budget the server refused is put back to what it was before, unless a later budget of the
 * same team is still queued (that one goes out next and the server judges it).
 */
async function teamBudgetRefused(
  workbook: Workbook,
  batch: Pick<PushBatchDto, 'pushKey' | 'entityId' | 'previous'>,
  reason: string,
): Promise<SyncApplied> {
  const team = await workbook.db
    .selectFrom('team')
    .select('name')
    .where('id', '=', batch.entityId)
    .executeTakeFirst()
  await workbook.db.transaction().execute(async (trx) => {
    const kept = await keptRecordChanges(trx, batch.pushKey)
    await dropPush(trx, batch.pushKey)
    const later = await trx
      .selectFrom('sync_outbox')
      .select('id')
      .where('kind', '=', 'team.budget')
      .where('entity_id', '=', batch.entityId)
      .executeTakeFirst()
    if (!later) {
      const budget = batch.previous.budget
      const currency = batch.previous.budget_currency
      await saveTeamBudget(
        trx,
        batch.entityId,
        typeof budget === 'number' ? budget : null,
        typeof currency === 'string' ? currency : null,
      )
    }
    // Another desktop's budget the feed brought meanwhile is the server's: written after the put-back.
    await writeKeptAfterRefusal(trx, workbook, 'team.budget', batch.entityId, kept)
  })
  return {
    ...NOTHING_ELSE,
    employeeIds: [],
    teamsChanged: true,
    refusedPush: 'team.budget',
    notices: [refusedChangeMessage(`${team?.name ?? `team ${batch.entityId}`}'s budget`, reason)],
    last: 0,
  }
}

export async function pushRefused(
  table: TableCache,
  workbook: Workbook,
  batch: Pick<PushBatchDto, 'pushKey' | 'kind' | 'entityId' | 'fields' | 'previous'>,
  reason: string,
  userId: number,
  now = new Date(),
  status?: number,
): Promise<SyncApplied> {
  if (batch.kind === 'team.budget') return teamBudgetRefused(workbook, batch, reason)
  if (isRecordPush(batch)) {
    const refused = await recordPushRefused(workbook, batch, reason, userId, now, status)
    if (refused.payCyclesChanged || refused.recordsChanged) table.invalidate()
    return {
      ...NOTHING_ELSE,
      teamsChanged: batch.kind === 'org_chart',
      payCyclesChanged: refused.payCyclesChanged,
      usersChanged: refused.usersChanged,
      recordsChanged: refused.recordsChanged,
      refusedPush: batch.kind,
      employeeIds: [],
      notices: refused.notice === null ? [] : [refused.notice],
      last: 0,
    }
  }
  const name = await employeeName(workbook.db, batch.entityId)
  const told = (notice: string, submissionsChanged: boolean): SyncApplied => ({
    ...NOTHING_ELSE,
    employeeIds: [batch.entityId],
    submissionsChanged,
    notices: [notice],
    last: 0,
  })
  if (batch.kind !== 'reward') {
    const planner = Number(batch.fields.planner_employee)
    const cycle = Number(batch.fields.pay_cycle)
    await workbook.db.transaction().execute(async (trx) => {
      await dropPush(trx, batch.pushKey)
      if (batch.kind === 'submission')
        await trx
          .deleteFrom('planner_submission')
          .where('planner_employee_id', '=', planner)
          .where('pay_cycle_id', '=', cycle)
          .execute()
      else
        await trx
          .insertInto('planner_submission')
          .values({
            planner_employee_id: planner,
            pay_cycle_id: cycle,
            submission_type: batch.previous.submission_type as 'PLANNER' | 'FORCE' | 'HR',
            comments: String(batch.previous.comments ?? ''),
            submitted_by_user_id: null,
            updated_at: now.toISOString(),
          })
          .onConflict((oc) => oc.doNothing())
          .execute()
    })
    table.invalidate()
    return told(refusedChangeMessage(`${name}'s plan`, reason), true)
  }
  const current = (await currentRewards(workbook, [batch.entityId])).get(batch.entityId) ?? {}
  const changes: RewardChange[] = []
  await workbook.db.transaction().execute(async (trx) => {
    // Another desktop's value the feed brought meanwhile is the server's: it, not the one before, is put back.
    const kept = await keptServerValues(trx, batch.pushKey)
    await dropPush(trx, batch.pushKey)
    const later = (await pendingFields(trx)).get(batch.entityId) ?? new Set()
    const change: RewardChange = { employeeId: batch.entityId, changes: {} }
    for (const [column, before] of Object.entries(batch.previous) as [SyncedRewardField, unknown][]) {
      if (later.has(column)) continue
      const value = Object.hasOwn(kept, column) ? kept[column].value : before
      const old = serverFormOf(column, current[column])
      if (old !== value) change.changes[FIELD_OF_COLUMN[column]] = { old, new: value }
    }
    if (Object.keys(change.changes).length > 0) changes.push(change)
    await saveRewardChanges(trx, changes, { userId, at: now.toISOString(), source: 'sync-refused' })
  })
  const model = table.peek(workbook)
  if (model) applyToModel(model, changes)
  const fields = Object.keys({ ...batch.fields, ...batch.previous })
    .filter((column): column is SyncedRewardField => Object.hasOwn(FIELD_OF_COLUMN, column))
    .map((column) => FIELD_OF_COLUMN[column])
  return {
    ...told(refusedChangeMessage(name, reason), false),
    refusedRewards: [{ employeeId: batch.entityId, fields }],
  }
}

/**
 * Applies a page of the server's feed: others' reward changes (a field with a queued local edit
 * keeps the local value, which the server will receive after), submissions and send-backs. Every
 * applied change is in the reward history with its author. The user is told when another's change
 * replaced theirs.
 */
export async function applyFeed(
  table: TableCache,
  workbook: Workbook,
  page: SyncFeedPage,
  userId: number,
  now = new Date(),
): Promise<SyncApplied> {
  await requireReplica(workbook)
  const rewards = page.changes.filter(
    (c): c is Extract<SyncChange, { kind: 'reward' }> => c.kind === 'reward',
  )
  const localUser = await localUsers(workbook.db)
  const rewarded = [...new Set(rewards.map((c) => c.employee_id))]
  // Only the employees this page names: a replica of 100,000 is not read for a page of five changes.
  const employees = new Set(
    rewarded.length === 0
      ? []
      : (await workbook.db.selectFrom('employee').select('id').where('id', 'in', rewarded).execute()).map(
          (e) => e.id,
        ),
  )
  const current = await currentRewards(workbook, rewarded)
  const notices: string[] = []
  const applied: RewardChange[] = []
  let submissionsChanged = false
  const records: Partial<Record<RecordEffect, boolean>> = {}
  let wholeCompany: boolean | undefined
  let rejoin: string | null = null
  await workbook.db.transaction().execute(async (trx) => {
    const pending = await pendingFields(trx)
    for (const change of page.changes) {
      if (change.kind === 'reward') {
        if (!employees.has(change.employee_id)) continue
        const row = current.get(change.employee_id) ?? {}
        const local: RewardChange = { employeeId: change.employee_id, changes: {} }
        const kept: KeptServerFields = {}
        for (const [column, value] of Object.entries(change.fields) as [SyncedRewardField, unknown][]) {
          if (pending.get(change.employee_id)?.has(column)) {
            // The queued edit wins for now; the server's order decides once it is answered.
            kept[column] = {
              value: value as KeptServerValue['value'],
              seq: change.seq,
              userEmail: change.user_email,
              at: change.at,
            }
            continue
          }
          const old = serverFormOf(column, row[column])
          if (old === value) continue
          local.changes[FIELD_OF_COLUMN[column]] = { old, new: value }
          row[column] = value
        }
        current.set(change.employee_id, row)
        if (Object.keys(kept).length > 0) await keepServerRewardValues(trx, change.employee_id, kept)
        if (Object.keys(local.changes).length > 0) {
          await saveRewardChanges(trx, [local], {
            userId: localUser(change.user_email),
            at: change.at,
            source: 'sync',
          })
          applied.push(local)
        }
        const mine = change.overwrote.filter((o) => localUser(o.user_email) === userId).map((o) => o.field)
        if (mine.length > 0 && localUser(change.user_email) !== userId)
          notices.push(replacedYoursMessage(change.user, await employeeName(trx, change.employee_id), mine))
      } else if (change.kind === 'submission') {
        await trx
          .insertInto('planner_submission')
          .values({
            planner_employee_id: change.submission.planner_employee_id,
            pay_cycle_id: change.submission.pay_cycle_id,
            submission_type: change.submission.submission_type,
            comments: change.submission.comments,
            submitted_by_user_id: localUser(change.user_email),
            updated_at: change.at,
          })
          .onConflict((oc) => oc.doNothing())
          .execute()
        submissionsChanged = true
      } else if (change.kind === 'submission.deleted') {
        await trx
          .deleteFrom('planner_submission')
          .where('planner_employee_id', '=', change.submission.planner_employee_id)
          .where('pay_cycle_id', '=', change.submission.pay_cycle_id)
          .execute()
        submissionsChanged = true
      } else if (change.values !== null) {
        wholeCompany ??= await holdsWholeCompany(trx, userId)
        const done = await applyRecordChange(
          trx,
          workbook,
          change,
          {
            userId: localUser(change.user_email),
            at: change.at,
            feed: { seq: change.seq, userEmail: change.user_email, userName: change.user },
          },
          wholeCompany,
        )
        for (const effect of done.effects) records[effect] = true
        if (done.notice && !notices.includes(done.notice)) notices.push(done.notice)
        if (done.rejoin) rejoin = done.rejoin
      }
    }
    await upsertState(trx, {
      last_seq: page.last,
      last_pulled_at: now.toISOString(),
      ...(rejoin === null ? {} : { rejoin_reason: rejoin }),
    })
  })
  const teamsChanged = records.teamsChanged === true
  const payCyclesChanged = records.payCyclesChanged === true
  const recordsChanged = records.recordsChanged === true
  if (submissionsChanged || teamsChanged || payCyclesChanged || recordsChanged) table.invalidate()
  else {
    const model = table.peek(workbook)
    if (model) applyToModel(model, applied)
  }
  return {
    employeeIds: [...new Set(applied.map((c) => c.employeeId))],
    submissionsChanged,
    teamsChanged,
    payCyclesChanged,
    recordsChanged,
    usersChanged: records.usersChanged === true,
    notices,
    last: page.last,
  }
}

/** The server no longer grants this user the company: nothing is pushed until it does again. */
export async function accessRefused(workbook: Workbook, reason: string | null): Promise<null> {
  await upsertState(workbook.db, { access_refused: reason })
  return null
}

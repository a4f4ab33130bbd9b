import type { FastifyInstance } from 'fastify'
import type { Insertable, Transaction } from 'kysely'
import { z } from 'zod'
import { storableJson } from '../../src-shared/contract/text'
import {
  REWARD_BATCH_MAX,
  type RewardBatchAnswer,
  type RewardPushResult,
  type SyncedRewardFields,
} from '../../src-shared/contract/sync-dto'
import { NOT_YOUR_EMPLOYEE } from '../../src-shared/domain/locks'
import { inScope } from '../../src-shared/domain/visibility'
import type { ServerContext } from '../context'
import type { RewardHistoryTable, ServerDatabase } from '../db/schema'
import { callerOf, type Caller } from '../http/context'
import { isForeignKeyViolation, isUniqueViolation, missingReferenceMessage } from '../http/errors'
import { lockReason, scopeOf, submissionTeamIds } from '../http/planning-access'
import { CYCLE_CLOSED } from '../../src-shared/domain/locks'
import { rewardChangeRefusal } from '../planning/reward-rules'
import { lockFeed, recordChanges, rewardChangesSinceMany, usedKeys } from '../sync/changes'
import type { FeedWaiters } from '../sync/feed-waiters'
import { itemKeySchema, KEY_REUSED, scopedKey, type PushKey } from '../sync/push-keys'
import { overwrittenBy, rewardPutSchema } from '../planning/reward-edit'

export const batchSchema = z
  .object({
    rewards: z
      .array(
        z
          .object({
            employee: z.number().int().positive(),
            key: itemKeySchema,
            base_seq: z.number().int().min(0).nullable(),
            fields: storableJson(),
          })
          .strict(),
      )
      .min(1)
      .max(REWARD_BATCH_MAX),
  })
  .strict()

type Changes = z.infer<typeof rewardPutSchema>

/** An item that passed the checks made before writing, waiting for its write. */
interface Accepted {
  index: number
  employeeId: number
  teamId: number | null
  key: string
  /** The key scoped as the single PUT of this employee's fields would scope it. */
  pushKey: PushKey
  base: number | null
  changes: Changes
}

/**
 * Writes accepted pushes in the caller's transaction, in order, under the feed's lock: each with the
 * single PUT's pay-cycle refusal, its reward history (and the values of others it replaced) and its
 * change in the feed. Returns each item's answer.
 */
async function writePushes(
  trx: Transaction<ServerDatabase>,
  who: Caller,
  items: readonly Accepted[],
  now: Date,
): Promise<Map<number, RewardPushResult>> {
  const answers = new Map<number, RewardPushResult>()
  await lockFeed(trx, who.companyId)
  const ids = [...new Set(items.map((i) => i.employeeId))]
  const rewards = new Map(
    (
      await trx
        .selectFrom('reward')
        .selectAll()
        .where('company_id', '=', who.companyId)
        .where('employee_id', 'in', ids)
        .execute()
    ).map((r) => [Number(r.employee_id), r]),
  )
  const bases = items.map((i) => i.base).filter((b): b is number => b !== null)
  const later =
    bases.length === 0 ? new Map() : await rewardChangesSinceMany(trx, who, ids, Math.min(...bases))
  const history: Insertable<RewardHistoryTable>[] = []
  const changes: Parameters<typeof recordChanges>[2][number][] = []
  const written: Accepted[] = []
  for (const item of items) {
    const before = rewards.get(item.employeeId)
    const refusal = await rewardChangeRefusal(trx, who.companyId, item.employeeId, item.changes, before)
    if (refusal) {
      answers.set(item.index, { key: item.key, status: 403, detail: refusal })
      continue
    }
    const row = await trx
      .insertInto('reward')
      .values({
        company_id: who.companyId,
        employee_id: item.employeeId,
        performance_plan: false,
        promotion: false,
        ...item.changes,
      })
      .onConflict((oc) =>
        oc.columns(['company_id', 'employee_id']).doUpdateSet({ ...item.changes, updated_at: now }),
      )
      .returningAll()
      .executeTakeFirstOrThrow()
    rewards.set(item.employeeId, row)
    const diff = Object.fromEntries(
      Object.entries(item.changes).map(([key, value]) => [
        key,
        { from: before?.[key as keyof typeof before] ?? null, to: value },
      ]),
    )
    const base = item.base
    const overwrote =
      base === null
        ? []
        : overwrittenBy(
            item.changes as SyncedRewardFields,
            (later.get(item.employeeId) ?? []).filter((c: { seq: number }) => c.seq > base),
          )
    history.push({
      company_id: who.companyId,
      employee_id: item.employeeId,
      user_id: who.userId,
      source: 'planner',
      changes: JSON.stringify(overwrote.length > 0 ? { ...diff, overwrote } : diff),
    })
    changes.push({
      payload: {
        kind: 'reward',
        employee_id: item.employeeId,
        team_id: item.teamId,
        fields: item.changes as SyncedRewardFields,
        overwrote,
      },
      idempotencyKey: item.pushKey,
    })
    written.push(item)
  }
  if (history.length > 0) await trx.insertInto('reward_history').values(history).execute()
  const seqs = await recordChanges(trx, who, changes)
  written.forEach((item, i) => answers.set(item.index, { key: item.key, status: 200, seq: seqs[i] }))
  return answers
}

/**
 * PUT /api/sync/rewards/: several employees' reward pushes in one call, for a replica with many
 * queued (docs/decisions.md). Each item is what PUT /employeerewards/{employee}/ would carry, with
 * its own idempotency key and base, and gets the answer that call would give (200, or 400, 403, 404
 * with its `detail`), after the same checks in the same order: the fields, the employee, the
 * caller's teams, a replay, the lock, the pay cycle's rules. Accepted items are written in one
 * transaction; should it fail, each is tried alone, so one bad item cannot hold back the others.
 */
export function rewardBatchRoutes(app: FastifyInstance, context: ServerContext, waiters: FeedWaiters): void {
  const { db } = context
  app.put('/api/sync/rewards/', async (request): Promise<RewardBatchAnswer> => {
    const who = await callerOf(request, context)
    const { rewards: items } = batchSchema.parse(request.body)
    const answers: (RewardPushResult | null)[] = items.map(() => null)
    const ids = [...new Set(items.map((i) => i.employee))]
    const pushKeys = items.map((i) =>
      scopedKey(i.key, who, `PUT /api/employeerewards/${i.employee}/`, i.fields),
    )
    const [employees, scope, locked, lockedTeams, used] = await Promise.all([
      db
        .selectFrom('employee')
        .select(['id', 'team_id'])
        .where('company_id', '=', who.companyId)
        .where('id', 'in', ids)
        .execute()
        .then(
          (rows) => new Map(rows.map((e) => [Number(e.id), e.team_id === null ? null : Number(e.team_id)])),
        ),
      scopeOf(db, who),
      lockReason(db, who),
      submissionTeamIds(db, who),
      usedKeys(db, who.companyId, pushKeys),
    ])
    const accepted: Accepted[] = []
    const keys = new Map<string, string>()
    items.forEach((item, index) => {
      const refuse = (status: number, detail: string) => (answers[index] = { key: item.key, status, detail })
      const fields = rewardPutSchema.safeParse(item.fields)
      if (!fields.success) {
        const issue = fields.error.issues[0]
        return refuse(
          400,
          `${issue?.path.length ? `${issue.path.join('.')}: ` : ''}${issue?.message ?? 'Invalid request.'}`,
        )
      }
      if (!employees.has(item.employee)) return refuse(404, `No employee has the id ${item.employee}.`)
      const teamId = employees.get(item.employee) ?? null
      if (!inScope(scope, teamId)) return refuse(403, NOT_YOUR_EMPLOYEE)
      // A replay (the first answer was lost, or the key came twice): answered as applied, nothing applied.
      // Its feed position comes with it: the replica orders the change against others' it met meanwhile.
      const usedBy = used.get(item.key)
      const pushKey = pushKeys[index]
      if (usedBy !== undefined)
        return usedBy.sameRequest
          ? (answers[index] = { key: item.key, status: 200, replay: true, seq: usedBy.seq })
          : refuse(409, KEY_REUSED)
      const earlier = keys.get(item.key)
      if (earlier !== undefined)
        return earlier === pushKey.scope
          ? (answers[index] = { key: item.key, status: 200, replay: true })
          : refuse(409, KEY_REUSED)
      // A closed cycle locks all; an admin's own submission only the teams it covers.
      const closed = locked === CYCLE_CLOSED
      if (locked && (closed || lockedTeams === null || (teamId !== null && lockedTeams.has(teamId))))
        return refuse(403, locked)
      keys.set(item.key, pushKey.scope)
      accepted.push({
        index,
        employeeId: item.employee,
        teamId,
        key: item.key,
        pushKey,
        base: item.base_seq,
        changes: fields.data,
      })
    })
    if (accepted.length > 0) {
      let written: Map<number, RewardPushResult>
      try {
        written = await db.transaction().execute((trx) => writePushes(trx, who, accepted, context.now()))
      } catch (error) {
        request.log.warn({ err: error }, 'a batch of reward pushes failed; trying each alone')
        written = new Map()
        for (const item of accepted)
          try {
            const one = await db.transaction().execute((trx) => writePushes(trx, who, [item], context.now()))
            for (const [index, answer] of one) written.set(index, answer)
          } catch (failure) {
            // The same key written meanwhile by a concurrent call: its item is that call's, not this one's.
            if (isUniqueViolation(failure)) {
              written.set(item.index, { key: item.key, status: 409, detail: KEY_REUSED })
              continue
            }
            // A value naming what the server does not hold (a new job profile gone there): refused as the single PUT refuses it.
            if (isForeignKeyViolation(failure)) {
              written.set(item.index, {
                key: item.key,
                status: 409,
                detail: missingReferenceMessage(failure),
              })
              continue
            }
            request.log.error({ err: failure }, 'a reward push failed')
            written.set(item.index, { key: item.key, status: 500, detail: 'An unexpected error occurred.' })
          }
      }
      for (const [index, answer] of written) answers[index] = answer
      if ([...written.values()].some((a) => a.seq !== undefined)) waiters.notify(who.companyId)
    }
    return {
      results: answers.map(
        (a, i) => a ?? { key: items[i].key, status: 500, detail: 'An unexpected error occurred.' },
      ),
    }
  })
}

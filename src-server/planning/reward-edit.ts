import { z } from 'zod'
import { text } from '../../src-shared/contract/text'
import type {
  OverwrittenValue,
  SyncedRewardField,
  SyncedRewardFields,
} from '../../src-shared/contract/sync-dto'
import type { ServerDb } from '../db/connect'
import type { Caller } from '../http/context'
import { HttpError } from '../http/errors'
import { changeByKey, recordChange, rewardChangesSince } from '../sync/changes'
import type { PushKey } from '../sync/push-keys'
import { currentReward } from './lists'
import { rewardChangeRefusal } from './reward-rules'

const id = z.coerce.number().int().positive()
const cents = z.number().int('Amounts are whole cents.').min(0, 'Amounts cannot be negative.').max(1e14)

/** Reward edits (PUT /employeerewards/{employee}/): money in cents, percents as percent numbers. */
export const rewardPutSchema = z
  .object({
    new_salary: cents.nullable().optional(),
    new_dollar_bonus: cents.nullable().optional(),
    new_percent_bonus: z.number().min(0).max(1000).nullable().optional(),
    lump_sum: cents.nullable().optional(),
    comments: text().max(2000).nullable().optional(),
    performance_plan: z.boolean().optional(),
    promotion: z.boolean().optional(),
    new_job_profile_id: id.nullable().optional(),
  })
  .strict()

export type RewardChanges = z.infer<typeof rewardPutSchema>

/** Others' values, set after the pusher's base, that this push replaces: the last one per field. */
export function overwrittenBy(
  changes: SyncedRewardFields,
  later: readonly { user: string; user_email: string | null; fields: SyncedRewardFields }[],
): OverwrittenValue[] {
  const replaced = new Map<SyncedRewardField, OverwrittenValue>()
  for (const change of later)
    for (const [field, value] of Object.entries(change.fields) as [
      SyncedRewardField,
      OverwrittenValue['value'],
    ][])
      if (field in changes && changes[field] !== value)
        replaced.set(field, { field, value, user_email: change.user_email, user: change.user })
  return [...replaced.values()]
}

export interface RewardEdit {
  /** The employee as `plannedEmployee` found them for the caller. */
  employee: { id: number; team_id: number | null; lockReason: string | null }
  changes: RewardChanges
  key: PushKey | null
  /** The feed position the pusher's values were based on (null: not a replica's push). */
  base: number | null
}

export type RewardEditResult = {
  reward: Awaited<ReturnType<typeof currentReward>>
  /** The feed position of the change (a replay's own); null: nothing written. */
  seq: number
  replay: boolean
}

/**
 * One planner's reward edit: a replay (the key seen before) answers the reward as it is; otherwise
 * the caller's lock and the pay cycle's rules (reward-rules.ts), then the reward, its history (with
 * the values of others it replaced) and its change in the feed, in one transaction.
 */
export async function editReward(
  db: ServerDb,
  who: Caller,
  edit: RewardEdit,
  now: Date,
): Promise<RewardEditResult> {
  const { employee, changes, key, base } = edit
  const employeeId = employee.id
  const earlier = key ? await changeByKey(db, who.companyId, key) : null
  if (earlier)
    return { reward: await currentReward(db, who.companyId, employeeId), seq: earlier.seq, replay: true }
  if (employee.lockReason) throw new HttpError(403, employee.lockReason)
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('reward')
      .selectAll()
      .where('company_id', '=', who.companyId)
      .where('employee_id', '=', employeeId)
      .executeTakeFirst()
    const refusal = await rewardChangeRefusal(trx, who.companyId, employeeId, changes, before)
    if (refusal) throw new HttpError(403, refusal)
    const row = await trx
      .insertInto('reward')
      .values({
        company_id: who.companyId,
        employee_id: employeeId,
        performance_plan: false,
        promotion: false,
        ...changes,
      })
      .onConflict((oc) =>
        oc.columns(['company_id', 'employee_id']).doUpdateSet({ ...changes, updated_at: now }),
      )
      .returningAll()
      .executeTakeFirstOrThrow()
    const diff = Object.fromEntries(
      Object.entries(changes).map(([field, value]) => [
        field,
        { from: before?.[field as keyof typeof before] ?? null, to: value },
      ]),
    )
    const overwrote =
      base === null ? [] : overwrittenBy(changes, await rewardChangesSince(trx, who, employeeId, base))
    await trx
      .insertInto('reward_history')
      .values({
        company_id: who.companyId,
        employee_id: employeeId,
        user_id: who.userId,
        source: 'planner',
        changes: JSON.stringify(overwrote.length > 0 ? { ...diff, overwrote } : diff),
      })
      .execute()
    const seq = await recordChange(
      trx,
      who,
      { kind: 'reward', employee_id: employeeId, team_id: employee.team_id, fields: changes, overwrote },
      key,
    )
    const { company_id: _c, ...reward } = row
    return { reward, seq, replay: false }
  })
}

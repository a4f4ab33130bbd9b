import { z } from 'zod'
import { storableJson, text } from './text'
import { SNAPSHOT_LIMITS, snapshotEmployeeSchema, snapshotRewardSchema } from './company-snapshot'
import { RECORD_CHANGE_KINDS, SYNCED_REWARD_FIELDS } from './sync-dto'

const value = z.union([text().max(5000), z.number().finite(), z.boolean(), z.null()])
const fields = z.partialRecord(z.enum(SYNCED_REWARD_FIELDS), value)
const seq = z.number().int().min(0)
const idNumber = z.number().int().positive()
const who = {
  user_email: text().max(320).nullable(),
  user: text().max(500),
  at: text().max(64),
  seq,
}

/** A company record's change (read so a page is accepted; docs/sync.md says which a replica applies). */
const scopeRows = z
  .object({
    full: z.array(snapshotEmployeeSchema).max(SNAPSHOT_LIMITS.employees),
    rewards: z.array(snapshotRewardSchema).max(SNAPSHOT_LIMITS.rewards),
    names: z.array(snapshotEmployeeSchema).max(SNAPSHOT_LIMITS.employees),
    left: z.array(idNumber).max(SNAPSHOT_LIMITS.employees),
    join_again: z.number().int().positive().optional(),
  })
  .strict()

const recordChange = z.object({
  kind: z.enum(RECORD_CHANGE_KINDS),
  entity_id: idNumber.nullable(),
  team_ids: z.array(idNumber.nullable()).max(2),
  values: z.record(text().max(100), storableJson()).nullable(),
  scope_rows: scopeRows.optional(),
  ...who,
})

/** A page of the server's change feed, checked before a replica applies it. */
export const syncFeedPageSchema = z
  .object({
    changes: z
      .array(
        z.union([
          z.discriminatedUnion('kind', [
            z.object({
              kind: z.literal('reward'),
              employee_id: idNumber,
              team_id: idNumber.nullable(),
              fields,
              overwrote: z.array(
                z.object({
                  field: z.enum(SYNCED_REWARD_FIELDS),
                  value,
                  user_email: text().max(320).nullable(),
                  user: text().max(500),
                }),
              ),
              ...who,
            }),
            z.object({
              kind: z.literal('submission'),
              submission: z.object({
                id: idNumber,
                planner_employee_id: idNumber,
                pay_cycle_id: idNumber,
                submission_type: z.enum(['PLANNER', 'FORCE', 'HR']),
                comments: text().max(5000),
              }),
              ...who,
            }),
            z.object({
              kind: z.literal('submission.deleted'),
              submission: z.object({ id: idNumber, planner_employee_id: idNumber, pay_cycle_id: idNumber }),
              ...who,
            }),
          ]),
          recordChange,
        ]),
      )
      .max(10_000),
    last: seq,
  })
  .strict()

export const pushKeySchema = text().uuid()
/**
 * A queued change's values as the outbox keeps them (server field names); a pay cycle's settings
 * and an org chart change's state travel as one JSON text.
 */
export const pushedValuesSchema = z.record(
  text().max(100),
  z.union([text().max(20_000_000), z.number().finite(), z.boolean(), z.null()]),
)

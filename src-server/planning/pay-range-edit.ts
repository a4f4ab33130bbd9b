import type { ServerDb } from '../db/connect'
import type { Caller } from '../http/context'
import { HttpError } from '../http/errors'
import { keepUnchangedKey, keyUsed, recordCompanyChange } from '../sync/changes'
import type { PushKey } from '../sync/push-keys'

/** What PUT /payranges/{id}/ may change. */
export type PayRangeEdit = {
  name?: string
  min_pay?: number
  mid_pay?: number
  max_pay?: number
  pay_currency?: string
  salaried?: boolean
}

/**
 * A pay range's edit: a replay answers the range as it is; values the server has already write
 * nothing (the key kept for a replay, `seq` null); otherwise min ≤ mid ≤ max, then the change in the feed.
 */
export async function editPayRange(
  db: ServerDb,
  who: Caller,
  rangeId: number,
  body: PayRangeEdit,
  key: PushKey | null,
) {
  const current = await db
    .selectFrom('pay_range')
    .selectAll()
    .where('company_id', '=', who.companyId)
    .where('id', '=', rangeId)
    .executeTakeFirst()
  if (!current) throw new HttpError(404, `No pay range has the id ${rangeId}.`)
  const { company_id: _c, ...range } = current
  const used = key ? await keyUsed(db, who.companyId, key) : null
  // A replica's push replayed (its answer was lost): the range as it is, nothing applied again.
  if (used) return { range, seq: used.seq, replay: true }
  if (Object.entries(body).every(([column, value]) => current[column as keyof typeof current] === value)) {
    // The server has these values already: nothing written or fed, the key kept for a replay.
    await keepUnchangedKey(db, who.companyId, key)
    return { range, seq: null, replay: false }
  }
  const next = { ...current, ...body }
  if (!(next.min_pay <= next.mid_pay && next.mid_pay <= next.max_pay))
    throw new HttpError(400, 'A pay range needs min_pay ≤ mid_pay ≤ max_pay.')
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('pay_range')
      .set(body)
      .where('company_id', '=', who.companyId)
      .where('id', '=', rangeId)
      .returningAll()
      .executeTakeFirstOrThrow()
    const seq = await recordCompanyChange(trx, who, 'pay_range', rangeId, body, [], key)
    const { company_id: _u, ...range } = updated
    return { range, seq, replay: false }
  })
}

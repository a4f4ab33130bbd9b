import type { Transaction } from 'kysely'
import type { PushBatchDto } from '../../../src-shared/contract/sync-replica-dto'
import type { WorkbookDatabase } from '../../workbook/schema'

export type Trx = Transaction<WorkbookDatabase>
/** The refused push as the outbox held it. */
export type Batch = Pick<PushBatchDto, 'pushKey' | 'kind' | 'entityId' | 'fields' | 'previous'>

/** A later change of the same record still queued: it goes out next and the server judges it. */
export async function later(trx: Trx, kinds: readonly string[], entityId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('sync_outbox')
    .select('id')
    .where('kind', 'in', kinds)
    .where('entity_id', '=', entityId)
    .executeTakeFirst()
  return row !== undefined
}

import { REWARD_BATCH_MAX } from '../../src-shared/contract/sync-dto'
import type { PushBatchDto } from '../../src-shared/contract/sync-replica-dto'

/**
 * The outbox's batches as groups sent together, in order (a group of rewards goes as one
 * PUT /api/sync/rewards/). Reward batches of different employees share a group of up to `size`; a second batch of the same employee (a retried one, then a newer
 * one) starts a new group so the server sees them in order; anything else (a submission, a send-back)
 * (or a team budget) goes alone, after everything before it.
 */
export function pushWindows(batches: readonly PushBatchDto[], size = REWARD_BATCH_MAX): PushBatchDto[][] {
  const windows: PushBatchDto[][] = []
  let current: PushBatchDto[] = []
  const flush = () => {
    if (current.length > 0) windows.push(current)
    current = []
  }
  for (const batch of batches) {
    if (batch.kind !== 'reward') {
      flush()
      windows.push([batch])
      continue
    }
    if (current.length === size || current.some((b) => b.entityId === batch.entityId)) flush()
    current.push(batch)
  }
  flush()
  return windows
}

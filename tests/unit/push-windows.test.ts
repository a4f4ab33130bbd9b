import type { PushBatchDto } from '../../src-shared/contract/sync-replica-dto'
import { pushWindows } from '../../src-main/sync/push-windows'

const batch = (n: number, entityId: number, kind: PushBatchDto['kind'] = 'reward'): PushBatchDto => ({
  pushKey: `key-${n}`,
  kind,
  entityId,
  fields: {},
  previous: {},
  baseSeq: 0,
  attempts: 0,
})
const keys = (windows: PushBatchDto[][]) => windows.map((w) => w.map((b) => b.pushKey))

describe('push windows: which outbox batches go to the server together', () => {
  it('sends different employees’ edits together, up to the window size, in the outbox’s order', () => {
    const batches = [1, 2, 3, 4, 5].map((n) => batch(n, 100 + n))
    expect(keys(pushWindows(batches, 2))).toEqual([['key-1', 'key-2'], ['key-3', 'key-4'], ['key-5']])
  })

  it('a second batch of the same employee waits for the first', () => {
    const batches = [batch(1, 7), batch(2, 8), batch(3, 7), batch(4, 9)]
    expect(keys(pushWindows(batches, 8))).toEqual([
      ['key-1', 'key-2'],
      ['key-3', 'key-4'],
    ])
  })

  it('a submission or a send-back goes alone, after every edit before it and before every edit after it', () => {
    const batches = [batch(1, 7), batch(2, 3, 'submission'), batch(3, 8), batch(4, 3, 'submission.deleted')]
    expect(keys(pushWindows(batches, 8))).toEqual([['key-1'], ['key-2'], ['key-3'], ['key-4']])
  })
})

import type { SyncReplicaState } from '../../src-shared/contract/sync-replica-dto'
import type { ServerAccount } from '../../src-main/server-account/account'
import { SHARE_EVERY_MS, shareDue } from '../../src-main/sync/share-file'

/** When the sync runner shares an admin replica's company file (docs/sync.md, "Company file"). */
const inStep: SyncReplicaState = {
  server: 'https://file.example',
  lastSeq: 40,
  lastPulledAt: null,
  lastPushedAt: null,
  accessRefused: null,
  rejoinReason: null,
  waiting: 0,
}
const admin = { usesCompanyFile: () => true } as unknown as ServerAccount
const planner = { usesCompanyFile: () => false } as unknown as ServerAccount
const never = { seq: -1, at: -Infinity }
const NOW = 10 * SHARE_EVERY_MS

describe('sharing the company file', () => {
  it('an admin replica in step that never shared shares at once', () => {
    expect(shareDue(inStep, admin, never, NOW)).toBe(true)
  })

  it.each([
    ['a planner or manager (part of the company)', inStep, planner, never],
    ['pushes still waiting', { ...inStep, waiting: 3 }, admin, never],
    ['access refused', { ...inStep, accessRefused: 'Access to this company was removed.' }, admin, never],
    [
      'a replica told to join again',
      { ...inStep, rejoinReason: 'The company was re-imported' },
      admin,
      never,
    ],
    ['nothing new since the last share', inStep, admin, { seq: 40, at: 0 }],
    [
      'shared less than 15 minutes ago',
      { ...inStep, lastSeq: 41 },
      admin,
      { seq: 40, at: NOW - SHARE_EVERY_MS + 1 },
    ],
  ])('nothing is shared with %s', (_what, state, account, last) => {
    expect(shareDue(state, account, last, NOW)).toBe(false)
  })

  it('moved on and 15 minutes after the last share, it shares again', () => {
    expect(shareDue({ ...inStep, lastSeq: 41 }, admin, { seq: 40, at: NOW - SHARE_EVERY_MS }, NOW)).toBe(true)
  })
})

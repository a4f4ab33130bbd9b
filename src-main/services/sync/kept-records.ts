import type { Transaction } from 'kysely'
import type { Workbook } from '../../workbook/open'
import type { WorkbookDatabase } from '../../workbook/schema'
import type { KeptOnPush } from '../../workbook/queries/sync'
import { applyPayCycleChange } from './apply-pay-cycle'
import { applyEmployeeChange, applyPayRangeChange } from './apply-records'
import type { RecordEffect } from './apply-record-change'
import { applyTeamChange } from './apply-team'

/**
 * The company records whose fields a waiting push holds back from the feed, and how a kept change is
 * written once the push is acknowledged (the others: docs/sync.md, "A change met while this
 * replica's push waits").
 */
const KEPT_RECORDS = {
  employee: { apply: applyEmployeeChange, effect: 'recordsChanged' },
  pay_range: { apply: applyPayRangeChange, effect: 'recordsChanged' },
  'team.budget': {
    apply: (trx, _workbook, id, values, author) => applyTeamChange(trx, id, values, author),
    effect: 'teamsChanged',
  },
  pay_cycle: {
    apply: (trx, _workbook, id, values, author) => applyPayCycleChange(trx, id, values, author),
    effect: 'payCyclesChanged',
  },
} satisfies Record<string, { apply: typeof applyEmployeeChange; effect: RecordEffect }>

const isKeptRecord = (kind: string): kind is keyof typeof KEPT_RECORDS => Object.hasOwn(KEPT_RECORDS, kind)

/**
 * Acknowledged record pushes (`seqs`: the feed position of the change each made): a change the feed
 * kept on one that the server ordered after it is written now, in the feed's order and its author's
 * name, through the same path the feed takes (so a field another waiting push still sets is held
 * back again, on that push). One ordered before it is dropped; a push whose position is unknown keeps
 * its own values. Answers what the open pages must read again.
 */
export async function applyKeptRecordChanges(
  trx: Transaction<WorkbookDatabase>,
  workbook: Workbook,
  acknowledged: readonly KeptOnPush[],
  seqs: Readonly<Record<string, number>>,
  localUser: (email: string | null) => number | null,
): Promise<Set<RecordEffect>> {
  const effects = new Set<RecordEffect>()
  for (const push of acknowledged) {
    if (push.kind === 'reward' || !isKeptRecord(push.kind)) continue
    const pushedAt = seqs[push.pushKey] as number | undefined
    if (pushedAt === undefined) continue
    const { apply, effect } = KEPT_RECORDS[push.kind]
    const later = push.changes.filter((c) => c.seq > pushedAt).sort((a, b) => a.seq - b.seq)
    for (const change of later) {
      const author = {
        userId: localUser(change.userEmail),
        at: change.at,
        feed: { seq: change.seq, userEmail: change.userEmail },
      }
      if (await apply(trx, workbook, push.entityId, change.values, author)) effects.add(effect)
    }
  }
  return effects
}

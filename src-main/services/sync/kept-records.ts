import type { Transaction } from 'kysely'
import type { Workbook } from '../../workbook/open'
import type { WorkbookDatabase } from '../../workbook/schema'
import type { KeptOnPush } from '../../workbook/queries/sync'
import { applyPayCycleChange } from './apply-pay-cycle'
import { applyEmployeeChange, applyPayRangeChange, applyUserChange } from './apply-records'
import type { RecordEffect } from './apply-record-change'
import { applyTeamChange } from './apply-team'
import { recordReplacedYoursMessage } from '../../../src-shared/domain/sync'

type Trx = Transaction<WorkbookDatabase>

const nameOf = async (trx: Trx, table: 'employee' | 'pay_range' | 'team' | 'pay_cycle', id: number) =>
  (await trx.selectFrom(table).select('name').where('id', '=', id).executeTakeFirst())?.name ?? `#${id}`

/**
 * The company records whose fields a waiting push holds back from the feed: how a kept change is
 * written once the push is acknowledged, and what the user is told it changed (the others:
 * docs/sync.md, "A change met while this replica's push waits").
 */
const KEPT_RECORDS = {
  employee: {
    apply: applyEmployeeChange,
    effect: 'recordsChanged',
    what: async (trx, id) => `${await nameOf(trx, 'employee', id)}'s record`,
  },
  pay_range: {
    apply: applyPayRangeChange,
    effect: 'recordsChanged',
    what: async (trx, id) => `the pay range ${await nameOf(trx, 'pay_range', id)}`,
  },
  'team.budget': {
    apply: (trx, _workbook, id, values, author) => applyTeamChange(trx, id, values, author),
    effect: 'teamsChanged',
    what: async (trx, id) => `${await nameOf(trx, 'team', id)}'s budget`,
  },
  user: {
    apply: (trx, _workbook, _id, values, author) => applyUserChange(trx, values, author),
    effect: 'usersChanged',
    what: (_trx, _id, values) => Promise.resolve(`the user ${String(values.email)}`),
  },
  pay_cycle: {
    apply: (trx, _workbook, id, values, author) => applyPayCycleChange(trx, id, values, author),
    effect: 'payCyclesChanged',
    what: async (trx, id) => `the pay cycle configuration ${await nameOf(trx, 'pay_cycle', id)}`,
  },
} satisfies Record<
  string,
  {
    apply: typeof applyEmployeeChange
    effect: RecordEffect
    what: (trx: Trx, id: number, values: Record<string, unknown>) => Promise<string>
  }
>

const isKeptRecord = (kind: string): kind is keyof typeof KEPT_RECORDS => Object.hasOwn(KEPT_RECORDS, kind)

/**
 * Acknowledged record pushes (`seqs`: the feed position of the change each made): a change the feed
 * kept on one that the server ordered after it is written now, in the feed's order and its author's
 * name, through the same path the feed takes (so a field another waiting push still sets is held
 * back again, on that push), and the user is told whose change replaced theirs. One ordered before
 * it is dropped; a push whose position is unknown keeps its own values. Answers what the open pages
 * must read again, and the notices.
 */
export async function applyKeptRecordChanges(
  trx: Trx,
  workbook: Workbook,
  acknowledged: readonly KeptOnPush[],
  seqs: Readonly<Record<string, number>>,
  localUser: (email: string | null) => number | null,
): Promise<{ effects: Set<RecordEffect>; notices: string[] }> {
  const effects = new Set<RecordEffect>()
  const notices: string[] = []
  for (const push of acknowledged) {
    if (push.kind === 'reward' || !isKeptRecord(push.kind)) continue
    const pushedAt = seqs[push.pushKey] as number | undefined
    if (pushedAt === undefined) continue
    const { apply, effect, what } = KEPT_RECORDS[push.kind]
    const later = push.changes.filter((c) => c.seq > pushedAt).sort((a, b) => a.seq - b.seq)
    for (const change of later) {
      const author = {
        userId: localUser(change.userEmail),
        at: change.at,
        feed: { seq: change.seq, userEmail: change.userEmail, userName: change.userName },
      }
      if (!(await apply(trx, workbook, push.entityId, change.values, author))) continue
      effects.add(effect)
      const notice = recordReplacedYoursMessage(
        change.userName,
        await what(trx, push.entityId, change.values),
      )
      if (!notices.includes(notice)) notices.push(notice)
    }
  }
  return { effects, notices }
}

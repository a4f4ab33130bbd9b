import type { Kysely, Transaction } from 'kysely'
import type { Workbook } from '../../workbook/open'
import type { WorkbookDatabase } from '../../workbook/schema'
import type { KeptOnPush } from '../../workbook/queries/sync'
import type { KeptRecordChange } from '../../workbook/queries/sync-kept'
import { applyKeptOrgMoves } from './apply-org'
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
    effects: ['recordsChanged'],
    what: async (trx, id) => `${await nameOf(trx, 'employee', id)}'s record`,
  },
  pay_range: {
    apply: applyPayRangeChange,
    effects: ['recordsChanged'],
    what: async (trx, id) => `the pay range ${await nameOf(trx, 'pay_range', id)}`,
  },
  'team.budget': {
    apply: (trx, _workbook, id, values, author) => applyTeamChange(trx, id, values, author),
    effects: ['teamsChanged'],
    what: async (trx, id) => `${await nameOf(trx, 'team', id)}'s budget`,
  },
  user: {
    apply: (trx, _workbook, _id, values, author) => applyUserChange(trx, values, author),
    effects: ['usersChanged'],
    what: (_trx, _id, values) => Promise.resolve(`the user ${String(values.email)}`),
  },
  org_chart: {
    apply: (trx, workbook, _id, values, author) => applyKeptOrgMoves(trx, workbook, values, author),
    effects: ['teamsChanged', 'recordsChanged'],
    what: () => Promise.resolve('the org chart'),
  },
  pay_cycle: {
    apply: (trx, _workbook, id, values, author) => applyPayCycleChange(trx, id, values, author),
    effects: ['payCyclesChanged'],
    what: async (trx, id) => `the pay cycle configuration ${await nameOf(trx, 'pay_cycle', id)}`,
  },
} satisfies Record<
  string,
  {
    apply: typeof applyEmployeeChange
    effects: readonly RecordEffect[]
    what: (trx: Trx, id: number, values: Record<string, unknown>) => Promise<string>
  }
>

const isKeptRecord = (kind: string): kind is keyof typeof KEPT_RECORDS => Object.hasOwn(KEPT_RECORDS, kind)

/** This replica's users by e-mail (replicas number users their own way): the local id of a feed author. */
export async function localUsers(
  db: Trx | Kysely<WorkbookDatabase>,
): Promise<(email: string | null) => number | null> {
  const users = new Map(
    (await db.selectFrom('app_user').select(['id', 'email']).execute()).map((u) => [u.email, u.id]),
  )
  return (email) => (email === null ? null : (users.get(email.toLowerCase()) ?? null))
}

/**
 * Writes a record's kept changes from after `after` in the feed's order, each in its author's name,
 * through the feed's own appliers (so a field another waiting push still sets is held back again, on
 * that push). Answers the authors whose change wrote something.
 */
async function writeKept(
  trx: Trx,
  workbook: Workbook,
  kind: keyof typeof KEPT_RECORDS,
  entityId: number,
  changes: readonly KeptRecordChange[],
  after: number,
  localUser: (email: string | null) => number | null,
): Promise<string[]> {
  const authors: string[] = []
  for (const change of changes.filter((c) => c.seq > after).sort((a, b) => a.seq - b.seq)) {
    const author = {
      userId: localUser(change.userEmail),
      at: change.at,
      feed: { seq: change.seq, userEmail: change.userEmail, userName: change.userName },
    }
    if (await KEPT_RECORDS[kind].apply(trx, workbook, entityId, change.values, author))
      authors.push(change.userName)
  }
  return authors
}

/**
 * Acknowledged record pushes (`seqs`: the feed position of the change each made; 0: it changed
 * nothing there): the changes the feed kept on one that the server ordered after it are written now
 * (`writeKept`), and the user is told whose change replaced theirs. One ordered before it is
 * dropped; a push whose position is unknown keeps its own values. Answers what the open pages must
 * read again, and the notices.
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
    const authors = await writeKept(
      trx,
      workbook,
      push.kind,
      push.entityId,
      push.changes,
      pushedAt,
      localUser,
    )
    if (authors.length === 0) continue
    const { what } = KEPT_RECORDS[push.kind]
    for (const effect of KEPT_RECORDS[push.kind].effects) effects.add(effect)
    const subject = await what(trx, push.entityId, push.changes.at(-1)?.values ?? {})
    for (const author of new Set(authors)) notices.push(recordReplacedYoursMessage(author, subject))
  }
  return { effects, notices }
}

/**
 * A refused push of a company record, put back as it was before: the changes the feed kept on it are
 * the server's (the push changed nothing there), so they are written after the put-back. Read them
 * (`keptRecordChanges`) before the push leaves the outbox.
 */
export async function writeKeptAfterRefusal(
  trx: Trx,
  workbook: Workbook,
  kind: string,
  entityId: number,
  kept: readonly KeptRecordChange[],
): Promise<void> {
  if (!isKeptRecord(kind) || kept.length === 0) return
  await writeKept(trx, workbook, kind, entityId, kept, 0, await localUsers(trx))
}

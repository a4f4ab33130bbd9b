import type { RewardChanges, SessionUser, TableRow } from '../../../src-shared/contract'
import { roundTo } from '../../../src-shared/domain/money'
import { BONUS_NOT_EDITABLE, NO_BONUS, NO_LUMP_SUM } from '../../../src-shared/domain/locks'
import { rewardEditRefusal } from '../../../src-shared/domain/reward-edits'
import { TABLE_COLUMN_IDS, type TableColumnId } from '../../../src-shared/domain/table-columns'
import type { Workbook } from '../../workbook/open'
import type { TableEmployee } from '../../workbook/queries/table'
import { writeRewardChanges, type RewardChange, type RewardField } from '../../workbook/queries/rewards'
import { Failure } from '../failure'
import { requireStorableText } from '../free-text'
import type { TableCache } from './cache'
import { COLUMN_ACCESS } from './columns'
import type { RowState, TableModel } from './model'
import { queriesOf } from './query'
import { actorLockFor, actorMayPlan, actorOf, toTableRow, type Actor } from './rows'

export { BONUS_NOT_EDITABLE, NO_BONUS, NO_LUMP_SUM }

type Diff = RewardChange['changes']

/** Percent bonuses keep four decimals (spec §5); an empty comment is no comment. */
function normalize(field: RewardField, value: unknown): unknown {
  if (field === 'newPercentBonus' && typeof value === 'number') return roundTo(value, 4)
  if (field === 'comments' && value === '') return null
  return value
}

function diffOf(e: TableEmployee, changes: RewardChanges): Diff {
  const diff: Diff = {}
  for (const [field, raw] of Object.entries(changes) as [RewardField, unknown][]) {
    if (raw === undefined) continue
    const value = normalize(field, raw)
    if (e[field] !== value) diff[field] = { old: e[field], new: value }
  }
  return diff
}

/** Refuses a change the spec disables (reward-edits.ts, the server's rule too). */
function checkChange(model: TableModel, row: RowState, diff: Diff): void {
  const refusal = rewardEditRefusal(
    {
      newSalary: diff.newSalary?.new as number | null | undefined,
      newPercentBonus: diff.newPercentBonus?.new as number | null | undefined,
      newDollarBonus: diff.newDollarBonus?.new as number | null | undefined,
      lumpSum: diff.lumpSum?.new as number | null | undefined,
    },
    model.payCycle.settings,
    row.proration,
  )
  if (refusal) throw new Failure('FORBIDDEN', refusal)
  const profile = diff.newJobProfileId?.new
  if (typeof profile === 'number' && !model.rules.hasJobProfile(profile)) {
    throw new Failure('BAD_INPUT', `No job profile has the id ${profile}.`)
  }
}

function snapshot(model: TableModel, row: RowState): unknown[] {
  return TABLE_COLUMN_IDS.map((column) =>
    column === 'violations' ? row.severity : COLUMN_ACCESS[column].value(row, model, null),
  )
}

/** Applies saved changes to the model: the rows, their teams' totals, and the cached lists they affect. */
export function applyToModel(model: TableModel, changes: readonly RewardChange[]): void {
  const changedColumns = new Set<TableColumnId>()
  for (const change of changes) {
    const row = model.row(change.employeeId)
    if (!row) continue
    const before = snapshot(model, row)
    const e = row.e as unknown as Record<RewardField, unknown>
    for (const [field, value] of Object.entries(change.changes) as [RewardField, { new: unknown }][]) {
      e[field] = value.new
    }
    model.reevaluate(row)
    const after = snapshot(model, row)
    TABLE_COLUMN_IDS.forEach((column, i) => {
      if (before[i] !== after[i]) changedColumns.add(column)
    })
  }
  queriesOf(model).changed(changedColumns)
}

/**
 * rewards.update: a planner's edits, one undo step. All or nothing: the whole batch is refused when
 * choices are locked, when any employee is outside the user's teams, or when any change is one the
 * spec disables. Otherwise one transaction writes every change with a reward-history row per changed
 * employee (source 'table'), and the model follows incrementally. Answers the rows after the edit.
 */
export async function updateRewards(
  cache: TableCache,
  workbook: Workbook,
  user: SessionUser,
  updates: readonly { employeeId: number; changes: RewardChanges }[],
  now = new Date(),
): Promise<TableRow[]> {
  const model = await cache.get(workbook)
  const actor: Actor = actorOf(model, user)
  // A closed cycle locks everything; one's own submission locks the teams it covers (actorLockFor).
  if (actor.lockReason && actor.lockedTeamIds === null) throw new Failure('FORBIDDEN', actor.lockReason)
  // Several updates of one employee in a batch apply in order.
  const merged = new Map<number, RewardChanges>()
  for (const update of updates) {
    merged.set(update.employeeId, { ...merged.get(update.employeeId), ...update.changes })
  }
  const changes: RewardChange[] = []
  for (const [employeeId, requested] of merged) {
    requireStorableText({ Comments: requested.comments })
    const row = model.row(employeeId)
    if (!row) throw new Failure('NOT_FOUND', `No employee has the id ${employeeId}.`)
    if (!actorMayPlan(actor, row)) {
      throw new Failure('FORBIDDEN', `You may not plan for ${row.e.name} (${row.e.companyEmployeeId}).`)
    }
    const locked = actorLockFor(actor, row)
    if (locked) throw new Failure('FORBIDDEN', locked)
    const diff = diffOf(row.e, requested)
    if (Object.keys(diff).length === 0) continue
    checkChange(model, row, diff)
    changes.push({ employeeId, changes: diff })
  }
  if (changes.length > 0) {
    await writeRewardChanges(workbook, changes, {
      userId: user.id,
      at: now.toISOString(),
      source: 'table',
    })
    applyToModel(model, changes)
  }
  return [...merged.keys()].map((id) => toTableRow(model, model.row(id) as RowState, user.employeeId, actor))
}

import type { Transaction } from 'kysely'
import type { RecordChange } from '../../../src-shared/contract/sync-dto'
import {
  cycleRemovedWithEditsMessage,
  leftTeamsWithEditsMessage,
  MATRIX_SAVED_ON_SERVER,
  movedInTooManyMessage,
  REIMPORTED_ON_SERVER,
  removedWithEditsMessage,
} from '../../../src-shared/domain/sync'
import type { Workbook } from '../../workbook/open'
import type { WorkbookDatabase } from '../../workbook/schema'
import { applyBudgets, applyMatrixSave } from './apply-computed'
import { applyEmployeeDeleted } from './apply-employee-deleted'
import { applyTeamDeleted, applyTeamStructure } from './apply-org'
import { applyPayCycleChange, applyPayCycleDeleted, type Author } from './apply-pay-cycle'
import { applyEmployeeChange, applyPayRangeChange, applyUserChange, applyUserDeleted } from './apply-records'
import { applyTeamChange } from './apply-team'
import { writeScopeRows } from '../../workbook/queries/scope-rows'

/** What an applied company record change makes the open pages read again (SyncApplied's flags). */
export type RecordEffect = 'teamsChanged' | 'payCyclesChanged' | 'recordsChanged' | 'usersChanged'

/** What applying one change did: the pages to tell, a notice for the user, a reason to join again. */
export interface RecordApplied {
  effects: RecordEffect[]
  notice?: string
  /** The replica cannot follow this change from the feed: kept in sync_state, the status says so. */
  rejoin?: string
}

const NOTHING: RecordApplied = { effects: [] }

/**
 * The people an org chart change brought into this replica's teams (or took out), as the server
 * sends them to a planner's or manager's replica (`scope_rows`): written in full, or left by name.
 */
async function applyScopeRows(
  trx: Transaction<WorkbookDatabase>,
  change: RecordChange,
): Promise<{ changed: boolean; notice?: string; rejoin?: string }> {
  if (!change.scope_rows) return { changed: false }
  const written = await writeScopeRows(trx, change.scope_rows)
  const tooMany = change.scope_rows.join_again
  const notices = written.leftWithEdits.map((name) => leftTeamsWithEditsMessage(change.user, name))
  if (tooMany !== undefined) notices.push(movedInTooManyMessage(change.user, tooMany))
  const notice = notices.join(' ')
  return {
    changed: written.changed,
    ...(notice === '' ? {} : { notice }),
    ...(tooMany === undefined ? {} : { rejoin: movedInTooManyMessage(change.user, tooMany) }),
  }
}

const withScope = (
  applied: RecordApplied,
  seen: { changed: boolean; notice?: string; rejoin?: string },
): RecordApplied => ({
  effects: seen.changed ? [...new Set([...applied.effects, 'recordsChanged' as const])] : applied.effects,
  ...(seen.notice ? { notice: seen.notice } : {}),
  ...(seen.rejoin ? { rejoin: seen.rejoin } : {}),
})
const when = (changed: boolean, ...effects: RecordEffect[]): RecordApplied =>
  changed ? { effects } : NOTHING

/**
 * Applies one company record change from the feed in the page's transaction (docs/sync.md, "What a
 * replica applies today"); answers what it changed. `wholeCompany`: this replica holds every row
 * (an admin role's), so what the server computed over the company can be worked out here.
 */
export async function applyRecordChange(
  trx: Transaction<WorkbookDatabase>,
  workbook: Workbook,
  change: RecordChange,
  author: Author,
  wholeCompany: boolean,
): Promise<RecordApplied> {
  const { entity_id: id, values } = change
  if (values === null) return NOTHING
  switch (change.kind) {
    case 'team': {
      if (id === null) return NOTHING
      // Structure first: a team made on the server exists before its name and budget are compared.
      const structure = await applyTeamStructure(trx, workbook, id, values, author)
      const fields = await applyTeamChange(trx, id, values, author)
      const seen = await applyScopeRows(trx, change)
      return withScope(
        when(structure || fields, 'teamsChanged', ...(structure ? (['recordsChanged'] as const) : [])),
        seen,
      )
    }
    case 'team.deleted': {
      if (id === null) return NOTHING
      const removed = await applyTeamDeleted(trx, workbook, id, values, author)
      return withScope(when(removed, 'teamsChanged', 'recordsChanged'), await applyScopeRows(trx, change))
    }
    case 'employee.deleted': {
      if (id === null) return NOTHING
      const removed = await applyEmployeeDeleted(trx, workbook, id, author)
      if (!removed) return NOTHING
      return {
        effects: ['recordsChanged', 'teamsChanged', 'usersChanged'],
        ...(removed.droppedEdits ? { notice: removedWithEditsMessage(change.user, removed.name) } : {}),
      }
    }
    case 'pay_cycle':
      return id === null
        ? NOTHING
        : when(await applyPayCycleChange(trx, id, values, author), 'payCyclesChanged')
    case 'pay_cycle.deleted': {
      if (id === null) return NOTHING
      const removed = await applyPayCycleDeleted(trx, id, values, author)
      if (!removed) return NOTHING
      return {
        effects: ['payCyclesChanged'],
        ...(removed.droppedEdits ? { notice: cycleRemovedWithEditsMessage(change.user, removed.name) } : {}),
      }
    }
    case 'pay_range':
      return id === null
        ? NOTHING
        : when(await applyPayRangeChange(trx, workbook, id, values, author), 'recordsChanged')
    case 'employee':
      return id === null
        ? NOTHING
        : when(await applyEmployeeChange(trx, workbook, id, values, author), 'recordsChanged')
    case 'user':
      return when(await applyUserChange(trx, values, author), 'usersChanged')
    case 'user.deleted':
      return when(await applyUserDeleted(trx, values, author), 'usersChanged')
    case 'budgets':
      return when(await applyBudgets(trx, workbook), 'teamsChanged')
    case 'matrix': {
      const saved = await applyMatrixSave(trx, workbook, values, author, wholeCompany)
      if (saved === 'stale')
        return { effects: [], notice: MATRIX_SAVED_ON_SERVER, rejoin: MATRIX_SAVED_ON_SERVER }
      return when(saved === 'applied', 'recordsChanged', 'teamsChanged')
    }
    case 'import':
      // The feed carries the import's counts, not its rows: joining again is the honest way to get them.
      return { effects: [], notice: REIMPORTED_ON_SERVER, rejoin: REIMPORTED_ON_SERVER }
  }
}

import type { Transaction } from 'kysely'
import type { RecordChange } from '../../../src-shared/contract/sync-dto'
import type { Workbook } from '../../workbook/open'
import type { WorkbookDatabase } from '../../workbook/schema'
import { applyPayCycleChange, applyPayCycleDeleted, type Author } from './apply-pay-cycle'
import { applyEmployeeChange, applyPayRangeChange, applyUserChange, applyUserDeleted } from './apply-records'
import { applyTeamChange } from './apply-team'

/** What an applied company record change makes the open pages read again (SyncApplied's flags). */
export type RecordEffect = 'teamsChanged' | 'payCyclesChanged' | 'recordsChanged' | 'usersChanged'

/**
 * Applies one company record change from the feed in the page's transaction; answers what it
 * changed, or null when nothing did (or the kind is not applied yet: docs/sync.md).
 */
export async function applyRecordChange(
  trx: Transaction<WorkbookDatabase>,
  workbook: Workbook,
  change: RecordChange,
  author: Author,
): Promise<RecordEffect | null> {
  const { entity_id: id, values } = change
  if (values === null) return null
  const applied = (effect: RecordEffect) => (changed: boolean) => (changed ? effect : null)
  switch (change.kind) {
    case 'team':
      return id === null ? null : applied('teamsChanged')(await applyTeamChange(trx, id, values, author))
    case 'pay_cycle':
      return id === null
        ? null
        : applied('payCyclesChanged')(await applyPayCycleChange(trx, id, values, author))
    case 'pay_cycle.deleted':
      return id === null
        ? null
        : applied('payCyclesChanged')(await applyPayCycleDeleted(trx, id, values, author))
    case 'pay_range':
      return id === null
        ? null
        : applied('recordsChanged')(await applyPayRangeChange(trx, workbook, id, values, author))
    case 'employee':
      return id === null
        ? null
        : applied('recordsChanged')(await applyEmployeeChange(trx, workbook, id, values, author))
    case 'user':
      return applied('usersChanged')(await applyUserChange(trx, values, author))
    case 'user.deleted':
      return applied('usersChanged')(await applyUserDeleted(trx, values, author))
    default:
      return null
  }
}

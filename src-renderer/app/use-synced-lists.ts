import { RECORD_PUSH_KINDS } from '../../src-shared/contract'
import { forgetRefusedEdits } from '../features/compensation-table/session-store'
import { forgetRecordUndo } from '../components/undo/use-undo-steps'
import { refreshSyncedLists } from './data-thunks'
import { useAppDispatch } from './hooks'
import { useSyncApplied } from './use-sync-applied'

/**
 * Keeps the store's pay cycles, pay ranges and users in step with changes a replica pulls, and the
 * table's undo history clear of reward edits the server refused (whichever page is open).
 */
export function useSyncedLists(): void {
  const dispatch = useAppDispatch()
  useSyncApplied((applied) => {
    forgetRefusedEdits(applied.refusedRewards ?? [])
    if (applied.refusedPush && RECORD_PUSH_KINDS.includes(applied.refusedPush)) forgetRecordUndo()
    void dispatch(refreshSyncedLists(applied))
  })
}

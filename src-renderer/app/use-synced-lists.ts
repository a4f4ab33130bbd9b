import { refreshSyncedLists } from './data-thunks'
import { useAppDispatch } from './hooks'
import { useSyncApplied } from './use-sync-applied'

/** Keeps the store's pay cycles, pay ranges and users in step with changes a replica pulls. */
export function useSyncedLists(): void {
  const dispatch = useAppDispatch()
  useSyncApplied((applied) => void dispatch(refreshSyncedLists(applied)))
}

import { useEffect } from 'react'
import { useSyncApplied } from '../../app/use-sync-applied'
import type { Loaded } from '../hyperbalance/use-budget-level'

/**
 * Teams made, moved or removed on the company server (a replica's feed): the team shown is asked
 * again; when it was removed there, `onTeamGone` gets the refusal to tell the user and leave it.
 */
export function useServerTeamChanges(
  view: Loaded<unknown> & { reload: () => void },
  teamId: number | null,
  onTeamGone: (message: string) => void,
): void {
  useSyncApplied((applied) => (applied.teamsChanged || applied.recordsChanged) && view.reload())
  const failed = view.state === 'failed' ? view.message : null
  useEffect(() => {
    if (failed !== null && teamId !== null && failed.startsWith('No team has the id')) onTeamGone(failed)
  }, [failed, teamId, onTeamGone])
}

import type { SyncedRewardField } from '../contract/sync-dto'

/** What a user calls each synced reward field (the Compensation Table's headers). */
export const SYNCED_FIELD_LABELS: Record<SyncedRewardField, string> = {
  new_salary: 'New Salary',
  new_dollar_bonus: 'Bonus',
  new_percent_bonus: 'Bonus %',
  lump_sum: 'Lump Sum',
  comments: 'Comments',
  performance_plan: 'Performance Plan',
  promotion: 'Promotion',
  new_job_profile_id: 'New Job Profile',
}

const list = (labels: readonly string[]) =>
  labels.length <= 1 ? labels.join('') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`

/** Told to the user whose value another's later change replaced (their value stays in history). */
export function replacedYoursMessage(
  user: string,
  employee: string,
  fields: readonly SyncedRewardField[],
): string {
  return `${user} changed ${employee}'s ${list(fields.map((f) => SYNCED_FIELD_LABELS[f]))} after you; their change replaced yours, which is kept in the reward history.`
}

/** Told when the server refused a queued change, which is then put back. */
export function refusedChangeMessage(employee: string, reason: string): string {
  return `The server refused your change to ${employee}: ${reason} It was put back.`
}

/** The sync status line: 'Synced', 'Offline — 37 changes waiting', … */
export function syncStatusText(state: {
  online: boolean
  waiting: number
  accessRefused: string | null
}): string {
  if (state.accessRefused) return `Not syncing — ${state.accessRefused}`
  const waiting =
    state.waiting === 1 ? '1 change waiting' : `${state.waiting.toLocaleString('en-US')} changes waiting`
  if (!state.online) return `Offline — ${waiting}`
  return state.waiting === 0 ? 'Synced' : `Syncing — ${waiting}`
}

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

/**
 * Told when another admin's change to a company record, met in the feed while this replica's change
 * of it waited, is the one the server kept (it came after, or this one changed nothing there): it
 * is then written here too.
 */
export function recordReplacedYoursMessage(user: string, what: string): string {
  return `${user} also changed ${what}, and the server kept their change; it replaced yours, which is kept in the history.`
}

/** Told when the server refused a queued change, which is then put back. */
export function refusedChangeMessage(employee: string, reason: string): string {
  return `The server refused your change to ${employee}: ${reason} It was put back.`
}

/** A replica that has not heard from its server for this long says so. */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000

function since(lastPulledAt: string | null, now: Date): string {
  if (lastPulledAt === null) return ' · never synced'
  const days = Math.floor((now.getTime() - Date.parse(lastPulledAt)) / (24 * 60 * 60 * 1000))
  if (now.getTime() - Date.parse(lastPulledAt) < STALE_AFTER_MS) return ''
  return ` · last synced ${days === 1 ? '1 day' : `${days} days`} ago`
}

/** The sync status line: 'Synced', 'Offline — 37 changes waiting', 'Not signed in — …' */
export function syncStatusText(
  state: {
    online: boolean
    signedIn: boolean
    waiting: number
    lastPulledAt: string | null
    accessRefused: string | null
    /** A server change the feed cannot carry: the replica should be joined again. */
    rejoinReason?: string | null
  },
  now = new Date(),
): string {
  if (state.accessRefused) return `Not syncing — ${state.accessRefused}`
  const rejoin = state.rejoinReason ? ` · ${state.rejoinReason}` : ''
  const waiting =
    state.waiting === 1 ? '1 change waiting' : `${state.waiting.toLocaleString('en-US')} changes waiting`
  if (!state.signedIn) return `Not signed in — ${waiting}${since(state.lastPulledAt, now)}${rejoin}`
  if (!state.online) return `Offline — ${waiting}${since(state.lastPulledAt, now)}${rejoin}`
  return (state.waiting === 0 ? 'Synced' : `Syncing — ${waiting}`) + rejoin
}

/** Told (and kept in the status) when the server re-imported the company: the feed carries only the import's counts. */
export const REIMPORTED_ON_SERVER = 'The company was re-imported on the server; join again to get it'

/**
 * Told (and kept in the status) on a replica holding part of the company when the merit matrix was
 * saved on the server: its recommendations cannot be worked out from the rows this replica holds.
 */
export const MATRIX_SAVED_ON_SERVER =
  'The merit matrix was saved on the server; join again to get its recommendations'

/**
 * Told (and kept in the status) on a planner's or manager's replica when one org chart change on
 * the server moved more people into their teams than the feed carries (SCOPE_ROWS_MOST).
 */
export function movedInTooManyMessage(author: string, count: number): string {
  const people = count === 1 ? '1 person' : `${count.toLocaleString('en-US')} people`
  return `${author} moved ${people} into your teams on the server; join again to get them`
}

/** Told when an employee removed on the server had edits of this replica still waiting to be sent. */
export function removedWithEditsMessage(author: string, employee: string): string {
  return `${author} deleted ${employee} on the server; your changes to them that were waiting were dropped.`
}

/** Told when a pay cycle configuration removed on the server had saves of this replica still waiting. */
export function cycleRemovedWithEditsMessage(author: string, cycle: string): string {
  return `${author} deleted the pay cycle configuration ${cycle} on the server; your changes to it that were waiting were dropped.`
}

/** Told when the server refused a save of a configuration it no longer has (its removal not pulled yet). */
export function cycleGoneMessage(cycle: string): string {
  return `The pay cycle configuration ${cycle} was deleted on the server; your changes to it that were waiting were dropped.`
}

/** Told when an org chart change on the server took someone out of this planner's teams while edits of theirs waited. */
export function leftTeamsWithEditsMessage(author: string, employee: string): string {
  return `${author} moved ${employee} out of your teams on the server; your changes to them that were waiting were dropped.`
}

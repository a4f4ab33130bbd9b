import type { SubmissionType } from './admin-rules'

/**
 * Planner submissions (administration document §3, §5, §8): the dialogs' texts and the catalogue's
 * messages. Who may submit for whom, and the type it records: admin-rules.ts.
 */

export const SUBMITTED = 'Successfully submitted'
export const SUBMIT_FAILED = 'Error: Could not submit Pay Cycle. Please try again.'
export const SUBMIT_WARNING =
  'Once submitted, your choices get locked: you cannot change them unless HR sends them back.'
export const COMMENTS_REQUIRED = 'This field is required.'
export const SEND_BACK = 'Send back for changes'
/** What a planner types to force-submit for a sub-planner, and an admin role for anyone. */
export const FORCE_WORD: Record<Exclude<SubmissionType, 'PLANNER'>, string> = { FORCE: 'FORCE', HR: 'HR' }

export function submitForFailed(name: string): string {
  return `Error: Could not submit for ${name}`
}

export function unsubmitForFailed(name: string): string {
  return `Error: Could not unsubmit for ${name}`
}

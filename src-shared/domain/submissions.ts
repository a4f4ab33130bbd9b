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

/** Issue 39: the longest send-back reason kept. */
export const SEND_BACK_REASON_MAX = 2000

/** One step of a planner's submission history (the change log's entries, oldest first). */
export interface SubmissionHistoryStep {
  at: string
  action: 'submit' | 'unsubmit' | 'comments'
  /** The user who took the step. */
  by: string | null
  /** Submit and comment edits: the comments; a send back: the reason given (null when none). */
  text: string | null
  type?: SubmissionType
}

/** What a step reads as in the history: 'Sent back for changes by Dana Admin: Raise the budget.' */
export function historyStepText(step: SubmissionHistoryStep): string {
  const by = step.by ? ` by ${step.by}` : ''
  const said = step.text ? `: ${step.text}` : ''
  switch (step.action) {
    case 'submit':
      return `${step.type && step.type !== 'PLANNER' ? `Submitted (${step.type})` : 'Submitted'}${by}${said}`
    case 'unsubmit':
      return `Sent back for changes${by}${step.text ? `: ${step.text}` : ' (no reason given)'}`
    case 'comments':
      return `Comments edited${by}${said}`
  }
}

/**
 * The notice a planner sees while their plan is sent back: the last step of the history, when it is
 * a send back; null once they submit again (or when it never was).
 */
export function sentBackNotice(history: readonly SubmissionHistoryStep[]): string | null {
  const last = [...history].reverse().find((step) => step.action !== 'comments')
  if (!last || last.action !== 'unsubmit') return null
  const when = new Date(last.at).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
  return `Your plan was sent back for changes${last.by ? ` by ${last.by}` : ''} on ${when}${
    last.text ? `: ${last.text}` : '.'
  }`
}

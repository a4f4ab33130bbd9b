import { hasAdminPowers, type RoleName } from './roles'
import type { Severity } from './settings'

/**
 * Planner submissions (administration document §3, §4, §5, §6, §8): who may submit for whom, with
 * which type, and when Force Submit is offered.
 */

export type SubmissionType = 'PLANNER' | 'FORCE' | 'HR'

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

export interface Submitter {
  role: RoleName
  employeeId: number | null
}

/**
 * Spec §6: one's own submission is PLANNER; an admin role submitting for someone else records HR;
 * another planner forcing a sub-planner's submission records FORCE.
 */
export function submissionTypeFor(submitter: Submitter, plannerEmployeeId: number): SubmissionType {
  if (submitter.employeeId === plannerEmployeeId) return 'PLANNER'
  return hasAdminPowers(submitter.role) ? 'HR' : 'FORCE'
}

export interface ForceSubmitConditions {
  /** The card is wide enough to hold the button (planner status breakpoints). */
  widthSufficient: boolean
  /** The team has a manager (holding it in this pay cycle) who has not submitted. */
  managerUnsubmitted: boolean
  /** The viewer is that manager. */
  viewerIsManager: boolean
  /** subPlannerNotSubmitted's severity in the pay cycle's settings (null: the rule is off). */
  waitingSeverity: Severity | null
  viewerIsAdmin: boolean
}

/** Spec §5 Force Submit: the button appears only when all four conditions hold. */
export function canForceSubmit(c: ForceSubmitConditions): boolean {
  return (
    c.widthSufficient &&
    c.managerUnsubmitted &&
    !c.viewerIsManager &&
    (c.waitingSeverity !== 'error' || c.viewerIsAdmin)
  )
}

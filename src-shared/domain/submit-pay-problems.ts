import type { Severity } from './settings'

/**
 * Submit's warning (issue 39): the Error-level pay problems of the plan being submitted. Rows waiting
 * for a sub-planner are not pay problems: they are shown apart, so they never count here.
 */

/** The rule of rows waiting for a sub-planner's submission. */
export const WAITING_RULE = 'subPlannerNotSubmitted'

/** The warning names at most this many problems, then says how many more there are. */
export const SUBMIT_PAY_PROBLEMS_SHOWN = 10

export interface PayProblem {
  employeeId: number
  employeeName: string
  message: string
}

export interface PayProblemRow {
  employeeId: number
  employeeName: string
  violations: readonly { rule: string; severity: Severity; message: string }[]
}

export interface PayProblemList {
  /** Every Error-level pay problem of the plan. */
  total: number
  /** The first few, in the order the rows came. */
  items: PayProblem[]
}

/** True when a violation is a pay problem Submit warns about: Error level, and not 'waiting'. */
export function isSubmitPayProblem(violation: { rule: string; severity: Severity }): boolean {
  return violation.severity === 'error' && violation.rule !== WAITING_RULE
}

/** The plan's Error-level pay problems: the count of all of them and the first `limit`. */
export function submitPayProblems(
  rows: Iterable<PayProblemRow>,
  limit: number = SUBMIT_PAY_PROBLEMS_SHOWN,
): PayProblemList {
  const items: PayProblem[] = []
  let total = 0
  for (const row of rows) {
    for (const violation of row.violations) {
      if (!isSubmitPayProblem(violation)) continue
      total++
      if (items.length < limit) {
        items.push({ employeeId: row.employeeId, employeeName: row.employeeName, message: violation.message })
      }
    }
  }
  return { total, items }
}

/** The line after the named problems ('and 3 more'), or null when all are named. */
export function morePayProblems(list: PayProblemList): string | null {
  const more = list.total - list.items.length
  return more > 0 ? `and ${more.toLocaleString('en-US')} more` : null
}

/** The warning's heading. */
export function payProblemsHeading(total: number): string {
  return total === 1
    ? 'Your plan has 1 error-level violation:'
    : `Your plan has ${total.toLocaleString('en-US')} error-level violations:`
}

export const SUBMIT_ANYWAY = 'Submit anyway'

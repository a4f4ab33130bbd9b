import { describe, expect, it } from 'vitest'
import {
  morePayProblems,
  payProblemsHeading,
  submitPayProblems,
  type PayProblemRow,
} from '../../src-shared/domain/submit-pay-problems'

const over = { rule: 'newSalaryIsAboveMaximumOfPayRange', severity: 'error', message: 'Over max.' } as const
const waiting = { rule: 'subPlannerNotSubmitted', severity: 'error', message: 'Waiting for Ann' } as const
const soft = { rule: 'negativePayChange', severity: 'warning', message: 'Negative.' } as const

function row(id: number, violations: PayProblemRow['violations']): PayProblemRow {
  return { employeeId: id, employeeName: `Emp ${id}`, violations }
}

describe('submitPayProblems', () => {
  it('keeps Error-level pay problems and leaves out warnings and waiting for sub-planners', () => {
    const list = submitPayProblems([row(1, [over, soft]), row(2, [waiting]), row(3, [soft])])
    expect(list).toEqual({
      total: 1,
      items: [{ employeeId: 1, employeeName: 'Emp 1', message: 'Over max.' }],
    })
    expect(morePayProblems(list)).toBeNull()
  })

  it('names at most ten, counts them all and says how many more', () => {
    const rows = Array.from({ length: 13 }, (_, i) => row(i + 1, [over]))
    const list = submitPayProblems(rows)
    expect(list.total).toBe(13)
    expect(list.items.map((item) => item.employeeId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(morePayProblems(list)).toBe('and 3 more')
    expect(payProblemsHeading(13)).toBe('Your plan has 13 error-level violations:')
    expect(payProblemsHeading(1)).toBe('Your plan has 1 error-level violation:')
  })

  it('finds nothing in a plan without errors', () => {
    expect(submitPayProblems([row(1, [soft, waiting])])).toEqual({ total: 0, items: [] })
  })
})

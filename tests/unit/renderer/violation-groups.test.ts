import { describe, expect, it } from 'vitest'
import { groupViolations } from '../../../src-renderer/features/compensation-table/violation-groups'

const row = (id: number, violations: { rule: string; severity: 'warning' | 'error'; message: string }[]) => ({
  id,
  employeeName: `E${id}`,
  severity: violations.some((v) => v.severity === 'error') ? ('error' as const) : ('warning' as const),
  violations,
})
const negative = {
  rule: 'negativePayChange',
  severity: 'error' as const,
  message: 'Pay increase is negative.',
}
const above = {
  rule: 'newSalaryIsAboveMaximumOfPayRange',
  severity: 'warning' as const,
  message: 'New pay is above the maximum of the pay range.',
}
const waiting = (name: string) => ({
  rule: 'subPlannerNotSubmitted',
  severity: 'warning' as const,
  message: `Waiting for a submission from ${name}`,
})

describe('groupViolations (the View All panel)', () => {
  it('groups by rule with counts, errors first, then the largest groups', () => {
    const groups = groupViolations([
      row(1, [above, waiting('Ada')]),
      row(2, [above, waiting('Bo')]),
      row(3, [above, negative]),
    ])
    expect(groups.map((g) => [g.rule, g.items.length])).toEqual([
      ['negativePayChange', 1],
      ['newSalaryIsAboveMaximumOfPayRange', 3],
      ['subPlannerNotSubmitted', 2],
    ])
    expect(groups[0].title).toBe('Pay increase is negative.')
    expect(groups[2].title).toBe('Waiting for a submission from a sub-planner')
    expect(groups[2].items.map((i) => i.message)).toEqual([
      'Waiting for a submission from Ada',
      'Waiting for a submission from Bo',
    ])
  })
})

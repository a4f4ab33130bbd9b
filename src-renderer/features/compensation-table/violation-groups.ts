import type { ChannelOutput } from '../../../src-shared/contract'

type ViolationRows = ChannelOutput<'table.violations'>

export interface ViolationItem {
  id: number
  employeeName: string
  message: string
}

/** The violations of one rule: its severity, a title, and every employee it holds. */
export interface ViolationGroup {
  rule: string
  severity: 'warning' | 'error'
  title: string
  items: ViolationItem[]
}

/** The panel's rows page through a group this many at a time, so its DOM stays small at 100,000 rows. */
export const GROUP_PAGE_SIZE = 50

/** Groups the rows' violations by rule: errors first, then the largest groups. */
export function groupViolations(rows: ViolationRows): ViolationGroup[] {
  const groups = new Map<string, ViolationGroup & { uniform: boolean }>()
  for (const row of rows) {
    for (const v of row.violations) {
      let group = groups.get(v.rule)
      if (!group) {
        group = { rule: v.rule, severity: v.severity, title: v.message, items: [], uniform: true }
        groups.set(v.rule, group)
      }
      if (v.message !== group.title) group.uniform = false
      if (v.severity === 'error') group.severity = 'error'
      group.items.push({ id: row.id, employeeName: row.employeeName, message: v.message })
    }
  }
  return [...groups.values()]
    .map(({ uniform, ...group }) =>
      uniform ? group : { ...group, title: SHARED_TITLES[group.rule] ?? group.rule },
    )
    .sort((a, b) => rank(b.severity) - rank(a.severity) || b.items.length - a.items.length)
}

/** A title for a rule whose messages name someone ('Waiting for a submission from <planner>'). */
const SHARED_TITLES: Record<string, string> = {
  subPlannerNotSubmitted: 'Waiting for a submission from a sub-planner',
}

function rank(severity: 'warning' | 'error'): number {
  return severity === 'error' ? 2 : 1
}

import { useMemo } from 'react'
import type { DashboardSummary } from '../../../src-shared/contract'
import { FLOW_END_LABELS } from '../../../src-shared/domain/budget-flow'
import { ChartSlot, FiguresTable } from './DashboardCard'
import { count } from './format'
import { BudgetFlowChart } from './lazy-charts'

/** Budget Flow: the Sankey of budgets from the top of the scope down to teams, and its links. */
export function FlowCard({
  flow,
  scope,
  toUnits,
  money,
  currency,
}: {
  flow: DashboardSummary['budgetFlow']
  /** From the company merit budget (HR), or from the viewer's (or the viewed-as employee's) teams. */
  scope: DashboardSummary['scope']
  toUnits: (cents: number) => number
  money: (cents: number | null) => string
  currency: string
}) {
  const format = useMemo(() => (cents: number) => money(cents), [money])
  const ends = Object.values(FLOW_END_LABELS).join(', ')
  return (
    <>
      <p className="muted dashboard__note">
        {scope.kind === 'company'
          ? `From the company merit budget of ${flow.nodes[0]?.label ?? 'the company'} to teams`
          : `From the budgets of ${scope.viewingAs ? `the teams of ${scope.viewingAs}` : 'your teams'} to their sub-teams`}
        , up to three levels, in {currency}: each team's budget flows on to its sub-teams, and what it keeps
        ends as {ends.toLowerCase()}.
        {flow.teamsGrouped > 0 && ` Smaller teams are grouped (${count(flow.teamsGrouped)} teams).`} Scroll
        the chart or move the minimap.
      </p>
      {flow.links.length === 0 ? (
        <p className="muted">No team has a budget or planned spend yet.</p>
      ) : (
        <ChartSlot label="Budget flow by team" height={560}>
          <BudgetFlowChart flow={flow} toUnits={toUnits} format={format} />
        </ChartSlot>
      )}
      <FiguresTable
        caption="Budget flow"
        head={['From', 'To', 'Amount']}
        rows={flow.links.map((l) => [flow.nodes[l.source].label, flow.nodes[l.target].label, money(l.value)])}
      />
    </>
  )
}

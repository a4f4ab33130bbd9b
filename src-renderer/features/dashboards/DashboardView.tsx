import { useCallback, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import type { DemographicGrouping } from '../../../src-shared/domain/demographics'
import { BudgetUsedCard } from './BudgetUsedCard'
import { CompaCard, CompaGroupingSelect } from './CompaCard'
import { DashboardCard } from './DashboardCard'
import { DashboardHeader } from './DashboardHeader'
import { DistributionCard } from './DistributionCard'
import { FlowCard } from './FlowCard'
import { IncreaseTable, TopOverUnder } from './IncreaseTable'
import { PayEquity } from './PayEquity'
import { PayInRangeCard } from './PayInRangeCard'
import { ScatterCard } from './ScatterCard'
import { tablePathFor } from './table-link'
import { useDashboard } from './use-dashboard'
import { MissingRatesNote } from '../../components/missing-rates/MissingRatesNote'
import './dashboard.css'

/**
 * Summary & Dashboard and Summary & Dashboard (HR): the cycle at a glance over the rows the viewer's
 * Compensation Table shows. One call brings every chart's figures; each card has its skeleton and
 * its error, each chart its figures as a table. Each card is its own component; this lays them out.
 */
export function DashboardView({ title, children }: { title: string; children?: ReactNode }) {
  const navigate = useNavigate()
  const { summary, viewAsEmployeeId, display, toUnits, money, currency } = useDashboard()
  const [grouping, setGrouping] = useState<DemographicGrouping>('gender')
  const data = summary.value
  const state = data ? 'loaded' : summary.state === 'failed' ? 'failed' : 'loading'
  const error = summary.state === 'failed' ? summary.message : undefined
  const card = { state, error, onRetry: summary.reload } as const
  const openInTable = useCallback((id: string) => void navigate(tablePathFor(id)), [navigate])

  return (
    <div className="page dashboard" data-testid="dashboard">
      <DashboardHeader
        title={title}
        scope={data?.scope}
        display={display}
        viewAsEmployeeId={viewAsEmployeeId}
      />
      {summary.state === 'failed' && data && (
        <p className="inline-error" role="alert">
          The figures could not be refreshed: {summary.message}
        </p>
      )}
      {children}
      {data && (
        <MissingRatesNote
          missing={data.missingRates}
          figure="these figures"
          defaultCurrency={data.defaultCurrency}
          testId="dashboard-missing-rates"
        />
      )}
      <div className="dashboard__grid">
        <DashboardCard title="Budget Used" testId="dashboard-budget-used" span={4} {...card}>
          {data && <BudgetUsedCard budgetUsed={data.budgetUsed} money={money} />}
        </DashboardCard>

        <DashboardCard
          title="Distribution of Salary Increases"
          testId="dashboard-distribution"
          span={8}
          {...card}
        >
          {data && <DistributionCard increases={data.increases} />}
        </DashboardCard>

        <DashboardCard
          title="Compa Ratio"
          testId="dashboard-compa"
          span={12}
          {...card}
          toolbar={<CompaGroupingSelect grouping={grouping} onChange={setGrouping} />}
        >
          {data && <CompaCard groups={data.compa[grouping]} grouping={grouping} />}
        </DashboardCard>

        <DashboardCard title="Salary Increase vs Compa Ratio" testId="dashboard-scatter" span={6} {...card}>
          {data && <ScatterCard scatter={data.scatter} onOpen={openInTable} />}
        </DashboardCard>

        <DashboardCard title="Pay in Range" testId="dashboard-pay-in-range" span={6} {...card}>
          {data && <PayInRangeCard payInRange={data.payInRange} />}
        </DashboardCard>

        <DashboardCard
          title="Recommended vs Actual Increase"
          testId="dashboard-increases"
          span={12}
          {...card}
        >
          {data && <IncreaseTable viewAsEmployeeId={viewAsEmployeeId} version={data} onOpen={openInTable} />}
        </DashboardCard>

        <DashboardCard title="Top Over / Under Recommendation" testId="dashboard-top" span={12} {...card}>
          {data && <TopOverUnder lists={data.topOverUnder} onOpen={openInTable} />}
        </DashboardCard>

        <DashboardCard title="Pay Equity" testId="dashboard-equity" span={12} {...card}>
          {data && <PayEquity equity={data.equity} />}
        </DashboardCard>

        <DashboardCard title="Budget Flow" testId="dashboard-flow" span={12} {...card}>
          {data && (
            <FlowCard
              flow={data.budgetFlow}
              scope={data.scope}
              toUnits={toUnits}
              money={money}
              currency={currency}
            />
          )}
        </DashboardCard>
      </div>
    </div>
  )
}

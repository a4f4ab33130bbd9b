import { useCallback, useMemo, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import type { DashboardSummary } from '../../../src-shared/contract'
import type { DemographicGrouping } from '../../../src-shared/domain/demographics'
import { FLOW_END_LABELS } from '../../../src-shared/domain/budget-flow'
import { formatPercent } from '../../../src-shared/domain/money'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { selectRole, selectSessionKey } from '../../app/session-slice'
import { useToast } from '../../components/toast'
import { CurrencyPicker } from '../compensation-table/CurrencyPicker'
import { pickableCurrencies } from '../compensation-table/display-money'
import { updateTableSession } from '../compensation-table/session-store'
import { saveUserSettings } from '../compensation-table/user-settings'
import { canViewAs } from '../compensation-table/view-as'
import { ViewAsControl } from '../compensation-table/ViewAsControl'
import { ChartSlot, DashboardCard, FiguresTable } from './DashboardCard'
import { IncreaseTable, TopOverUnder } from './IncreaseTable'
import {
  BudgetFlowChart,
  BudgetGauge,
  CompaBoxChart,
  DistributionChart,
  IncreaseScatter,
  PayInRangeChart,
} from './lazy-charts'
import { PayEquity } from './PayEquity'
import { tablePathFor } from './table-link'
import { useDashboard } from './use-dashboard'
import './dashboard.css'

export const GROUPINGS: { value: DemographicGrouping; label: string }[] = [
  { value: 'gender', label: 'Gender' },
  { value: 'race', label: 'Race' },
  { value: 'age', label: 'Age band' },
  { value: 'all', label: 'All employees' },
]

const ratio = (value: number | null | undefined) => (value == null ? '—' : value.toFixed(3))
const percent = (value: number | null | undefined) => (value == null ? '—' : formatPercent(value))
const count = (value: number) => value.toLocaleString('en-US')

/**
 * Summary & Dashboard and Summary & Dashboard (HR): the cycle at a glance over the rows the viewer's
 * Compensation Table shows. One call brings every chart's figures; each card has its skeleton and
 * its error, each chart its figures as a table.
 */
export function DashboardView({ title, children }: { title: string; children?: ReactNode }) {
  const dispatch = useAppDispatch()
  const toast = useToast()
  const navigate = useNavigate()
  const role = useAppSelector(selectRole)
  const sessionKey = useAppSelector(selectSessionKey)
  const { summary, viewAsEmployeeId, display, toUnits, money, currency } = useDashboard()
  const [grouping, setGrouping] = useState<DemographicGrouping>('gender')
  const data = summary.value
  const state = data ? 'loaded' : summary.state === 'failed' ? 'failed' : 'loading'
  const error = summary.state === 'failed' ? summary.message : undefined
  const card = { state, error, onRetry: summary.reload } as const
  const openInTable = useCallback((id: string) => void navigate(tablePathFor(id)), [navigate])

  const setCurrency = async (code: typeof display.preferred) => {
    const result = await dispatch(saveUserSettings({ preferredCurrency: code }))
    if (!result.ok) toast.error(result.error.message)
  }

  return (
    <div className="page dashboard" data-testid="dashboard">
      <header className="page__header dashboard__header">
        <div>
          <h1 className="page__title">{title}</h1>
          <p className="muted dashboard__scope" data-testid="dashboard-scope">
            {data
              ? `${data.scope.label} · ${count(data.scope.employees)} employee${data.scope.employees === 1 ? '' : 's'}`
              : 'Loading…'}
            {data?.scope.viewingAs && (
              <span className="dashboard__viewing-as" data-testid="viewing-as">
                Viewing as {data.scope.viewingAs}
              </span>
            )}
          </p>
        </div>
        <div className="dashboard__tools" role="toolbar" aria-label="Dashboard">
          <CurrencyPicker
            value={display.preferred}
            options={pickableCurrencies(display)}
            onChange={(code) => void setCurrency(code)}
          />
          {canViewAs(role) && (
            <ViewAsControl
              viewAsEmployeeId={viewAsEmployeeId}
              onChange={(id) => updateTableSession(sessionKey, () => ({ viewAsEmployeeId: id }))}
            />
          )}
        </div>
      </header>
      {summary.state === 'failed' && data && (
        <p className="inline-error" role="alert">
          The figures could not be refreshed: {summary.message}
        </p>
      )}
      {children}
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
          toolbar={
            <label className="dashboard__select">
              <span className="muted">Group by</span>
              <select
                data-testid="compa-grouping"
                value={grouping}
                onChange={(event) => setGrouping(event.currentTarget.value as DemographicGrouping)}
              >
                {GROUPINGS.map((g) => (
                  <option key={g.value} value={g.value}>
                    {g.label}
                  </option>
                ))}
              </select>
            </label>
          }
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

function BudgetUsedCard({
  budgetUsed,
  money,
}: {
  budgetUsed: DashboardSummary['budgetUsed']
  money: (cents: number | null) => string
}) {
  const { budget, used, percent: share, color } = budgetUsed
  return (
    <>
      {share === null ? (
        <p className="muted" data-testid="budget-used-none">
          There is no budget to measure against yet: {money(used)} is planned.
        </p>
      ) : (
        <ChartSlot label={`Budget used: ${share.toFixed(1)}%`} height={180}>
          <BudgetGauge budgetUsed={budgetUsed} size="md" />
        </ChartSlot>
      )}
      <p className="dashboard__figure" data-testid="budget-used-text" data-color={color ?? 'none'}>
        {money(used)} used of {money(budget)}
        {share !== null && ` (${share.toFixed(1)}%)`}
      </p>
      <FiguresTable
        caption="Budget used"
        head={['Figure', 'Amount']}
        rows={[
          ['Budget', money(budget)],
          ['Used', money(used)],
          ['Remaining', budget === null ? '—' : money(budget - used)],
          ['Used %', share === null ? '—' : `${share.toFixed(1)}%`],
        ]}
      />
    </>
  )
}

function DistributionCard({ increases }: { increases: DashboardSummary['increases'] }) {
  const { histogram } = increases
  const rows: (string | number)[][] = histogram.bins.map((b) => [
    `${b.start.toFixed(2)}% to ${b.end.toFixed(2)}%`,
    b.count,
  ])
  if (histogram.below > 0)
    rows.unshift([`Below ${histogram.bins[0]?.start.toFixed(2) ?? ''}%`, histogram.below])
  if (histogram.above > 0)
    rows.push([`Above ${histogram.bins.at(-1)?.end.toFixed(2) ?? ''}%`, histogram.above])
  return (
    <div className="dashboard__split">
      {increases.planned > 0 && (
        <ChartSlot label="Distribution of planned salary increases" height={300}>
          <DistributionChart increases={increases} />
        </ChartSlot>
      )}
      <div className="narrative" data-testid="increase-narrative">
        {increases.narrative.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {(histogram.below > 0 || histogram.above > 0) && (
          <p className="muted">
            Far from the rest and left out of the bars: {count(histogram.below)} below,{' '}
            {count(histogram.above)} above.
          </p>
        )}
      </div>
      <FiguresTable
        caption="Employees per salary increase band"
        head={['Salary increase', 'Employees']}
        rows={rows}
      />
    </div>
  )
}

function CompaCard({
  groups,
  grouping,
}: {
  groups: DashboardSummary['compa']['all']
  grouping: DemographicGrouping
}) {
  const label = GROUPINGS.find((g) => g.value === grouping)?.label ?? ''
  const rows = groups.flatMap((g) =>
    (['before', 'after'] as const).map((when) => {
      const s = g[when]
      return [
        g.name,
        when === 'before' ? 'Before' : 'After',
        count(s?.count ?? 0),
        ratio(s?.min),
        ratio(s?.lowerWhisker),
        ratio(s?.q1),
        ratio(s?.median),
        ratio(s?.q3),
        ratio(s?.upperWhisker),
        ratio(s?.max),
        count(s?.outliers ?? 0),
        ratio(s?.mean),
      ]
    }),
  )
  return (
    <>
      <p className="muted dashboard__note">
        Compa ratio by {label.toLowerCase()}, before and after the planned changes. Boxes hold the middle
        half; whiskers reach 1.5 × the box's height; the dashed line is the mean.
      </p>
      {groups.length === 0 ? (
        <p className="muted">No employee in view has a compa ratio.</p>
      ) : (
        <ChartSlot label={`Compa ratio box plots by ${label.toLowerCase()}`} height={360}>
          <CompaBoxChart groups={groups} />
        </ChartSlot>
      )}
      <FiguresTable
        caption={`Compa ratio by ${label.toLowerCase()}`}
        head={[
          label,
          'When',
          'Employees',
          'Min',
          'Lower whisker',
          'Q1',
          'Median',
          'Q3',
          'Upper whisker',
          'Max',
          'Beyond whiskers',
          'Mean',
        ]}
        rows={rows}
        testId="compa-figures"
      />
    </>
  )
}

function ScatterCard({
  scatter,
  onOpen,
}: {
  scatter: DashboardSummary['scatter']
  onOpen: (companyEmployeeId: string) => void
}) {
  return (
    <>
      <p className="muted dashboard__note" data-testid="scatter-note">
        {scatter.total === 0
          ? 'No employee in view has a planned increase and a compa ratio yet.'
          : scatter.shown < scatter.total
            ? `${count(scatter.shown)} of ${count(scatter.total)} employees drawn (an even sample); the figures count everyone. Click a point to open the employee in the table.`
            : `${count(scatter.total)} employees with a planned increase. Click a point to open the employee in the table.`}
      </p>
      {scatter.total > 0 && (
        <ChartSlot label="Salary increase against compa ratio" height={340}>
          <IncreaseScatter scatter={scatter} onOpen={onOpen} />
        </ChartSlot>
      )}
      <FiguresTable
        caption="Median salary increase by compa ratio"
        head={['Compa ratio', 'Employees', 'Median increase']}
        rows={scatter.byCompaBand.map((b) => [b.band, count(b.count), percent(b.medianIncrease)])}
      />
    </>
  )
}

function PayInRangeCard({ payInRange }: { payInRange: DashboardSummary['payInRange'] }) {
  return (
    <>
      <ChartSlot label="Employees by position in range, current and new pay" height={300}>
        <PayInRangeChart payInRange={payInRange} />
      </ChartSlot>
      <table className="dashboard__fits" data-testid="fit-in-range">
        <caption className="muted">Fit in range</caption>
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">Current</th>
            <th scope="col">New</th>
          </tr>
        </thead>
        <tbody>
          {payInRange.fits.map((f) => (
            <tr key={f.fit}>
              <th scope="row">{f.fit}</th>
              <td>{count(f.current)}</td>
              <td>{count(f.new)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {payInRange.noRange > 0 && (
        <p className="muted">{count(payInRange.noRange)} employees have no pay range to measure against.</p>
      )}
      <FiguresTable
        caption="Employees by position in range"
        head={['Position in range', 'Current', 'New']}
        rows={payInRange.bands.map((b) => [b.band, count(b.current), count(b.new)])}
      />
    </>
  )
}

function FlowCard({
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

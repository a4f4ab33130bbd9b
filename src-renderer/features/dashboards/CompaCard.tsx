import type { DashboardSummary } from '../../../src-shared/contract'
import type { DemographicGrouping } from '../../../src-shared/domain/demographics'
import { ChartSlot, FiguresTable } from './DashboardCard'
import { count, ratio } from './format'
import { CompaBoxChart } from './lazy-charts'

export const GROUPINGS: { value: DemographicGrouping; label: string }[] = [
  { value: 'gender', label: 'Gender' },
  { value: 'race', label: 'Race' },
  { value: 'age', label: 'Age band' },
  { value: 'all', label: 'All employees' },
]

/** The Compa Ratio card's 'Group by' select. */
export function CompaGroupingSelect({
  grouping,
  onChange,
}: {
  grouping: DemographicGrouping
  onChange: (grouping: DemographicGrouping) => void
}) {
  return (
    <label className="dashboard__select">
      <span className="muted">Group by</span>
      <select
        data-testid="compa-grouping"
        value={grouping}
        onChange={(event) => onChange(event.currentTarget.value as DemographicGrouping)}
      >
        {GROUPINGS.map((g) => (
          <option key={g.value} value={g.value}>
            {g.label}
          </option>
        ))}
      </select>
    </label>
  )
}

/** Compa Ratio: box plots before and after the planned changes by the chosen grouping, and their figures. */
export function CompaCard({
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

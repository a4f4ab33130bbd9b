import type { CompaGroup, DashboardSummary } from '../../../src-shared/contract'
import { budgetFlow } from '../../../src-shared/domain/budget-flow'
import {
  BUDGET_COLORS,
  budgetFlowData,
  compaBoxData,
  FLOW_CHART,
  gaugeData,
  gaugeLayout,
  payInRangeData,
  scatterData,
  WEBGL_ABOVE,
} from '../../../src-renderer/features/dashboards/figures'
import { tablePathFor } from '../../../src-renderer/features/dashboards/table-link'

const box = (median: number, count = 10) => ({
  count,
  mean: median,
  min: median - 0.3,
  q1: median - 0.1,
  median,
  q3: median + 0.1,
  max: median + 0.3,
  lowerWhisker: median - 0.2,
  upperWhisker: median + 0.2,
  outliers: 2,
})

describe("the dashboards' Plotly figures", () => {
  it('compa boxes: precomputed quartiles and fences, before and after side by side, groups without figures left out', () => {
    const groups: CompaGroup[] = [
      { name: 'Female', before: box(0.95), after: box(0.97) },
      { name: 'Unknown', before: null, after: box(1.01, 1) },
    ]
    const [before, after] = compaBoxData(groups) as Record<string, unknown>[]
    expect(before).toMatchObject({
      type: 'box',
      name: 'Before planned changes',
      x: ['Female'],
      q1: [0.85],
      median: [0.95],
      q3: [1.05],
      lowerfence: [0.75],
      upperfence: [1.15],
    })
    expect(after).toMatchObject({
      name: 'After planned changes',
      x: ['Female', 'Unknown'],
      median: [0.97, 1.01],
    })
    expect(after.customdata).toEqual([
      [10, 2],
      [1, 2],
    ])
  })

  it('the gauge: the percent, coloured by the spec thresholds; sizes sm to full', () => {
    const gauge = (percent: number, color: 'red' | 'orange' | 'green') =>
      gaugeData({ budget: 100, used: percent, percent, color })[0] as {
        value: number
        gauge: { bar: { color: string }; axis: { range: number[] } }
      }
    expect(gauge(101, 'red').gauge.bar.color).toBe(BUDGET_COLORS.red)
    expect(gauge(95, 'orange').gauge.bar.color).toBe(BUDGET_COLORS.orange)
    expect(gauge(40, 'green')).toMatchObject({ value: 40, gauge: { axis: { range: [0, 120] } } })
    // Far over budget, the dial still reaches the value.
    expect(gauge(234, 'red').gauge.axis.range).toEqual([0, 240])
    expect(gaugeLayout('sm')).toMatchObject({ width: 180, height: 130, autosize: false })
    expect(gaugeLayout('full')).toMatchObject({ height: 300, autosize: true })
    expect(gaugeLayout('full')).not.toHaveProperty('width')
  })

  it('the scatter draws with WebGL only past a few thousand points', () => {
    const scatter = (n: number): DashboardSummary['scatter'] => ({
      total: n,
      shown: n,
      ids: [],
      companyEmployeeIds: [],
      names: [],
      compaRatios: [],
      increases: [],
      byCompaBand: [],
    })
    expect((scatterData(scatter(WEBGL_ABOVE))[0] as { type: string }).type).toBe('scatter')
    expect((scatterData(scatter(WEBGL_ABOVE + 1))[0] as { type: string }).type).toBe('scattergl')
  })

  it('pay in range: current and new pay per band, each label on two short lines', () => {
    const [current, next] = payInRangeData({
      bands: [{ band: 'Below minimum', current: 3, new: 1 }],
      fits: [],
      noRange: 0,
    }) as { x: string[]; y: number[] }[]
    expect(current).toMatchObject({ x: ['Below<br>minimum'], y: [3] })
    expect(next.y).toEqual([1])
  })

  it('the budget flow: amounts in the shown currency, ends coloured by what they mean', () => {
    const flow = budgetFlow({
      rootLabel: 'Acme',
      rootBudget: 1000_00,
      topIds: [1],
      teamOf: (id) => (id === 1 ? { id, name: 'A', budget: 800_00, used: 900_00, childIds: [] } : undefined),
    })
    const [sankey] = budgetFlowData(
      flow,
      (cents) => cents / 100,
      (cents) => `$${cents / 100}`,
    ) as { link: { value: number[]; customdata: string[]; color: string[] } }[]
    expect(sankey.link.value).toEqual([800, 800, 100, 200])
    expect(sankey.link.customdata).toEqual(['$800', '$800', '$100', '$200'])
    expect(sankey.link.color[2]).toBe('rgba(180,35,24,0.45)')
    expect(FLOW_CHART).toEqual({ width: 1700, height: 1650, minimapWidth: 150 })
  })

  it('opens the table on one employee by Employee Id', () => {
    expect(tablePathFor('E 0042&x')).toBe('/employeetable?find=E%200042%26x')
  })
})

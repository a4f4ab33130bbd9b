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
} from '../../../src-renderer/features/dashboards/figures'
import {
  isSoftwareRenderer,
  scatterDrawing,
  WEBGL_ABOVE,
} from '../../../src-renderer/features/dashboards/scatter-drawing'
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

  const scatter = (n: number): DashboardSummary['scatter'] => ({
    total: n + 5,
    shown: n,
    ids: Array.from({ length: n }, (_, i) => i + 1),
    companyEmployeeIds: Array.from({ length: n }, (_, i) => `E${i + 1}`),
    names: Array.from({ length: n }, (_, i) => `Employee ${i + 1}`),
    compaRatios: Array.from({ length: n }, (_, i) => 0.8 + i / n),
    increases: Array.from({ length: n }, (_, i) => i % 7),
    byCompaBand: [],
  })
  const traceType = (drawing: ReturnType<typeof scatterDrawing>) =>
    (scatterData(drawing)[0] as { type: string }).type

  it('the scatter draws with WebGL only past a few thousand points, on a graphics card', () => {
    expect(traceType(scatterDrawing(scatter(WEBGL_ABOVE), false))).toBe('scatter')
    const many = scatterDrawing(scatter(WEBGL_ABOVE + 1), false)
    expect(traceType(many)).toBe('scattergl')
    expect(many.scatter.shown).toBe(WEBGL_ABOVE + 1)
  })

  it('without a graphics card the scatter stays SVG: an even sample of WEBGL_ABOVE points, each with its own employee', () => {
    expect(traceType(scatterDrawing(scatter(WEBGL_ABOVE), true))).toBe('scatter')
    const all = scatter(3 * WEBGL_ABOVE)
    const drawing = scatterDrawing(all, true)
    expect(traceType(drawing)).toBe('scatter')
    const drawn = drawing.scatter
    expect(drawn.shown).toBe(WEBGL_ABOVE)
    expect(drawn.total).toBe(all.total)
    // Every third point, from the first: the sample spans the whole list.
    expect(drawn.ids.slice(0, 3)).toEqual([1, 4, 7])
    expect(drawn.ids.at(-1)).toBe(3 * WEBGL_ABOVE - 2)
    for (const [i, id] of drawn.ids.entries()) {
      expect(drawn.companyEmployeeIds[i]).toBe(`E${id}`)
      expect(drawn.names[i]).toBe(`Employee ${id}`)
      expect(drawn.compaRatios[i]).toBe(all.compaRatios[id - 1])
      expect(drawn.increases[i]).toBe(all.increases[id - 1])
    }
  })

  it('software WebGL renderers are told from graphics cards by their names', () => {
    for (const software of [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)',
      'Google SwiftShader',
    ])
      expect(isSoftwareRenderer(software)).toBe(true)
    for (const card of [
      'ANGLE (Intel, Intel(R) UHD Graphics 620 Direct3D11 vs_5_0 ps_5_0, D3D11)',
      'Apple M1',
      'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)',
      'Mesa Intel(R) Xe Graphics (TGL GT2)',
    ])
      expect(isSoftwareRenderer(card)).toBe(false)
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

import type { Config, Data, Layout } from 'plotly.js-dist-min'
import type { CompaGroup, DashboardSummary } from '../../../src-shared/contract'
import type { BudgetUsedColor, GaugeSize } from '../../../src-shared/domain/budget-used'
import type { FlowNodeKind } from '../../../src-shared/domain/budget-flow'
import type { ScatterDrawing } from './scatter-drawing'

/**
 * The dashboards' Plotly figures, built from the main process's figures (pure, so they are tested
 * without a browser). Every figure is small: boxes get precomputed quartiles and fences, the
 * distribution its bins, the scatter at most 20,000 points.
 */

export const COLORS = {
  before: '#8a94a6',
  after: '#2f5bd3',
  text: '#1d2330',
  muted: '#5b6474',
  grid: '#e6e9ee',
} as const

/** Spec §9 budget-used colours: red over 100 %, orange above 90 %, else green. */
export const BUDGET_COLORS: Record<BudgetUsedColor, string> = {
  red: '#b42318',
  orange: '#d97706',
  green: '#1c7c44',
}

export const BEFORE_LABEL = 'Before planned changes'
export const AFTER_LABEL = 'After planned changes'

const FONT = {
  family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  size: 12,
  color: COLORS.text,
}

/** Shared layout: transparent, the app's font, a legend above the plot. */
export function baseLayout(patch: Partial<Layout> = {}): Partial<Layout> {
  return {
    font: FONT,
    paper_bgcolor: 'rgba(0,0,0,0)',
    plot_bgcolor: 'rgba(0,0,0,0)',
    margin: { l: 56, r: 16, t: 16, b: 48 },
    legend: { orientation: 'h', x: 0, y: 1.12 },
    hoverlabel: { font: { family: FONT.family } },
    autosize: true,
    ...patch,
  }
}

/** Hover, zoom and the PNG download (named after the chart); no Plotly logo or link to its cloud. */
export function chartConfig(filename: string): Partial<Config> {
  return {
    displaylogo: false,
    responsive: true,
    modeBarButtonsToRemove: ['select2d', 'lasso2d', 'autoScale2d'],
    toImageButtonOptions: { format: 'png', filename, scale: 2 },
  }
}

/** Compa-ratio boxes, before and after the planned changes side by side in each group. */
export function compaBoxData(groups: readonly CompaGroup[]): Data[] {
  const side = (key: 'before' | 'after', name: string, color: string): Data => {
    const shown = groups.filter((g) => g[key] !== null)
    const stats = shown.map((g) => g[key] as NonNullable<CompaGroup['before']>)
    return {
      type: 'box',
      name,
      x: shown.map((g) => g.name),
      q1: stats.map((s) => s.q1),
      median: stats.map((s) => s.median),
      q3: stats.map((s) => s.q3),
      lowerfence: stats.map((s) => s.lowerWhisker),
      upperfence: stats.map((s) => s.upperWhisker),
      mean: stats.map((s) => s.mean),
      boxmean: true,
      marker: { color },
      line: { color },
      customdata: stats.map((s) => [s.count, s.outliers]),
      hovertemplate:
        `<b>%{x}</b> · ${name}<br>` +
        'Median %{median:.3f} · Mean %{mean:.3f}<br>Q1 %{q1:.3f} · Q3 %{q3:.3f}<br>' +
        'Whiskers %{lowerfence:.3f} to %{upperfence:.3f}<br>%{customdata[0]:,} employees · %{customdata[1]:,} beyond the whiskers<extra></extra>',
    }
  }
  return [side('before', BEFORE_LABEL, COLORS.before), side('after', AFTER_LABEL, COLORS.after)]
}

export function compaBoxLayout(): Partial<Layout> {
  return baseLayout({
    boxmode: 'group',
    yaxis: { title: { text: 'Compa ratio' }, gridcolor: COLORS.grid, zeroline: false, tickformat: '.2f' },
    xaxis: { automargin: true },
  })
}

/** Spec §9 gauge sizes, in pixels ('full' takes the card's width). */
export const GAUGE_PIXELS: Record<GaugeSize, { width: number | null; height: number }> = {
  sm: { width: 180, height: 130 },
  md: { width: 260, height: 180 },
  lg: { width: 340, height: 230 },
  xl: { width: 440, height: 290 },
  full: { width: null, height: 300 },
}

/** The budget-used gauge: percent of the budget, coloured by spec §9's thresholds. */
export function gaugeData(budgetUsed: DashboardSummary['budgetUsed']): Data[] {
  const percent = budgetUsed.percent ?? 0
  const color = BUDGET_COLORS[budgetUsed.color ?? 'green']
  return [
    {
      type: 'indicator',
      mode: 'gauge+number',
      value: percent,
      number: { suffix: '%', valueformat: '.1f', font: { color } },
      gauge: {
        shape: 'angular',
        axis: { range: [0, Math.max(120, Math.ceil(percent / 10) * 10)], ticksuffix: '%' },
        bar: { color, thickness: 0.7 },
        steps: [
          { range: [90, 100], color: '#fdf0dc' },
          { range: [100, Math.max(120, Math.ceil(percent / 10) * 10)], color: '#fdecea' },
        ],
        threshold: { line: { color: BUDGET_COLORS.red, width: 2 }, thickness: 0.9, value: 100 },
      },
    },
  ]
}

export function gaugeLayout(size: GaugeSize): Partial<Layout> {
  const pixels = GAUGE_PIXELS[size]
  return baseLayout({
    margin: { l: 36, r: 36, t: 12, b: 8 },
    height: pixels.height,
    ...(pixels.width === null ? {} : { width: pixels.width }),
    autosize: pixels.width === null,
  })
}

/** The distribution of increase percents: one bar per bin, as wide as the bin. */
export function distributionData(histogram: DashboardSummary['increases']['histogram']): Data[] {
  const { bins, width } = histogram
  return [
    {
      type: 'bar',
      name: 'Employees',
      x: bins.map((b) => (b.start + b.end) / 2),
      y: bins.map((b) => b.count),
      width: bins.map(() => width),
      marker: { color: COLORS.after, line: { color: '#ffffff', width: 1 } },
      customdata: bins.map((b) => [b.start, b.end]),
      hovertemplate: '%{customdata[0]:.2f}% to %{customdata[1]:.2f}%<br>%{y:,} employees<extra></extra>',
    },
  ]
}

export function distributionLayout(increases: DashboardSummary['increases']): Partial<Layout> {
  const { summary } = increases
  const most = Math.max(0, ...increases.histogram.bins.map((b) => b.count))
  return baseLayout({
    bargap: 0,
    showlegend: false,
    margin: { l: 56, r: 16, t: 28, b: 48 },
    xaxis: { title: { text: 'Salary increase' }, ticksuffix: '%', gridcolor: COLORS.grid, zeroline: false },
    // Counts are whole: a short axis steps by one rather than by 0.2.
    yaxis: {
      title: { text: 'Employees' },
      gridcolor: COLORS.grid,
      rangemode: 'tozero',
      ...(most <= 8 ? { dtick: 1 } : {}),
    },
    shapes: summary
      ? [
          {
            type: 'line',
            x0: summary.median,
            x1: summary.median,
            y0: 0,
            y1: 1,
            yref: 'paper',
            line: { color: COLORS.text, width: 2, dash: 'dash' },
          },
        ]
      : [],
    annotations: summary
      ? [
          {
            x: summary.median,
            y: 1,
            yref: 'paper',
            text: `Median ${summary.median.toFixed(2)}%`,
            showarrow: false,
            xanchor: 'left',
            // Above the plot, where no bar can be under it.
            yanchor: 'bottom',
            xshift: 4,
            font: { color: COLORS.text, size: 11 },
          },
        ]
      : [],
  })
}

/** Salary increase percent against compa ratio: one point per employee drawn (`scatterDrawing` picks WebGL). */
export function scatterData({ scatter, webgl }: ScatterDrawing): Data[] {
  return [
    {
      type: webgl ? 'scattergl' : 'scatter',
      mode: 'markers',
      name: 'Employees',
      x: scatter.compaRatios,
      y: scatter.increases,
      text: scatter.names,
      customdata: scatter.companyEmployeeIds,
      marker: { color: COLORS.after, size: 6, opacity: webgl ? 0.45 : 0.75 },
      hovertemplate:
        '<b>%{text}</b> (%{customdata})<br>Compa ratio %{x:.2f}<br>Salary increase %{y:.2f}%<br>Click to open in the table<extra></extra>',
    },
  ]
}

export function scatterLayout(): Partial<Layout> {
  return baseLayout({
    showlegend: false,
    hovermode: 'closest',
    xaxis: {
      title: { text: 'Compa ratio (before)' },
      gridcolor: COLORS.grid,
      tickformat: '.2f',
      zeroline: false,
    },
    yaxis: { title: { text: 'Salary increase' }, ticksuffix: '%', gridcolor: COLORS.grid, zeroline: true },
    shapes: [
      {
        type: 'line',
        x0: 1,
        x1: 1,
        y0: 0,
        y1: 1,
        yref: 'paper',
        line: { color: COLORS.muted, width: 1, dash: 'dot' },
      },
    ],
  })
}

/** Employees per position band, now and after the planned changes. */
export function payInRangeData(payInRange: DashboardSummary['payInRange']): Data[] {
  const bands = payInRange.bands
  const trace = (key: 'current' | 'new', name: string, color: string): Data => ({
    type: 'bar',
    name,
    // Two short lines each, so the six bands read level at any card width.
    x: bands.map((b) => b.band.replace(' ', '<br>')),
    y: bands.map((b) => b[key]),
    marker: { color },
    hovertemplate: `%{x}<br>${name}: %{y:,} employees<extra></extra>`,
  })
  return [trace('current', 'Current pay', COLORS.before), trace('new', 'New pay', COLORS.after)]
}

export function payInRangeLayout(): Partial<Layout> {
  return baseLayout({
    barmode: 'group',
    xaxis: { title: { text: 'Position in range' }, tickangle: 0, automargin: true },
    yaxis: { title: { text: 'Employees' }, gridcolor: COLORS.grid, rangemode: 'tozero' },
  })
}

/** Spec §9: "Minimap scale 150 for a 1700 by 1650 chart". */
export const FLOW_CHART = { width: 1700, height: 1650, minimapWidth: 150 } as const

const NODE_COLORS: Record<FlowNodeKind, string> = {
  root: '#1d2330',
  team: COLORS.after,
  others: '#7b8db8',
  used: BUDGET_COLORS.green,
  remaining: '#a3abb8',
  over: BUDGET_COLORS.red,
  unallocated: '#c9ced6',
}

const LINK_COLORS: Partial<Record<FlowNodeKind, string>> = {
  used: 'rgba(28,124,68,0.35)',
  remaining: 'rgba(163,171,184,0.45)',
  over: 'rgba(180,35,24,0.45)',
  unallocated: 'rgba(201,206,214,0.5)',
}

/**
 * The budget flow as a Plotly sankey; `toUnits` turns cents of the default currency into the shown
 * currency's units and `format` writes an amount for the hover.
 */
export function budgetFlowData(
  flow: DashboardSummary['budgetFlow'],
  toUnits: (cents: number) => number,
  format: (cents: number) => string,
): Data[] {
  return [
    {
      type: 'sankey',
      arrangement: 'snap',
      valueformat: ',.0f',
      node: {
        label: flow.nodes.map((n) => n.label),
        color: flow.nodes.map((n) => NODE_COLORS[n.kind]),
        pad: 12,
        thickness: 18,
        line: { color: '#ffffff', width: 0.5 },
        hovertemplate: '<b>%{label}</b><br>%{value:,.0f}<extra></extra>',
      },
      link: {
        source: flow.links.map((l) => l.source),
        target: flow.links.map((l) => l.target),
        value: flow.links.map((l) => toUnits(l.value)),
        color: flow.links.map((l) => LINK_COLORS[flow.nodes[l.target].kind] ?? 'rgba(47,91,211,0.25)'),
        customdata: flow.links.map((l) => format(l.value)),
        hovertemplate: '%{source.label} → %{target.label}<br><b>%{customdata}</b><extra></extra>',
      },
    },
  ]
}

export function budgetFlowLayout(): Partial<Layout> {
  return baseLayout({
    width: FLOW_CHART.width,
    height: FLOW_CHART.height,
    autosize: false,
    margin: { l: 8, r: 8, t: 8, b: 8 },
    font: { ...FONT, size: 11 },
  })
}

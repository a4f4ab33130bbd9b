import type {
  CompaGroup,
  DashboardMetric,
  DashboardStats,
  DashboardSummary,
  IncreaseRow,
  SessionUser,
} from '../../../src-shared/contract'
import { budgetUsedColor, budgetUsedPercent } from '../../../src-shared/domain/budget-used'
import { withDefaultRate } from '../../../src-shared/domain/currency-conversion'
import { missingRatesTally } from '../../../src-shared/domain/missing-rates'
import { DEMOGRAPHIC_GROUPINGS, type DemographicGrouping } from '../../../src-shared/domain/demographics'
import { histogramOfSorted, increaseNarrative } from '../../../src-shared/domain/distribution'
import {
  COMPA_BANDS,
  compaBand,
  FITS,
  fitInRange,
  POSITION_BANDS,
  positionBand,
} from '../../../src-shared/domain/pay-in-range'
import { payEquity, type EquityView } from '../../../src-shared/domain/pay-equity'
import {
  boxSummaryOfSorted,
  evenSample,
  quantile,
  skewness,
  topOverUnder,
} from '../../../src-shared/domain/statistics'
import type { RowState, TableModel } from '../table/model'
import { resolveView, scopeRows, type View } from '../table/query'
import { flowOf, topTeamsOf } from './budget-flow'
import { groupBoxes } from './groups'

/** Points the scatter draws at most; beyond, an even sample in employee order (the counts stay exact). */
export const SCATTER_MAX_POINTS = 20_000

/** The planned salary increase of a row with a recommendation, as the comparison table shows it. */
export function increaseRow(row: RowState): IncreaseRow | null {
  const actual = row.salaryIncrease
  const recommended = row.e.recommendedIncreasePer
  if (actual === null || recommended === null || !Number.isFinite(actual)) return null
  return {
    id: row.e.id,
    companyEmployeeId: row.e.companyEmployeeId,
    name: row.e.name,
    recommended,
    actual,
    difference: actual - recommended,
    comments: row.e.comments,
  }
}

const summaries = new WeakMap<TableModel, Map<string, { version: number; summary: DashboardSummary }>>()

/**
 * dashboard.summary: every chart's figures over the rows the viewer's table shows, in one pass over
 * them plus a sort per box; kept until the model changes (an edit, a budget), per view.
 */
export function dashboardSummary(
  model: TableModel,
  user: SessionUser,
  viewAsEmployeeId: number | null,
  companyName: string,
): DashboardSummary {
  const view = resolveView(model, user, viewAsEmployeeId)
  const key = `${view.scopeKey}|${view.viewerId}`
  let cache = summaries.get(model)
  if (!cache) {
    cache = new Map()
    summaries.set(model, cache)
  }
  const cached = cache.get(key)
  if (cached?.version === model.version) return cached.summary
  const summary = computeSummary(model, view, viewAsEmployeeId, companyName)
  cache.set(key, { version: model.version, summary })
  return summary
}

function computeSummary(
  model: TableModel,
  view: View,
  viewAsEmployeeId: number | null,
  companyName: string,
): DashboardSummary {
  const rows = scopeRows(model, view)
  const increases: number[] = []
  const scatterRows: RowState[] = []
  const compared: { actualIncreasePercent: number; recommendedIncreasePer: number; row: RowState }[] = []
  const bands = new Map(POSITION_BANDS.map((band) => [band, { band, current: 0, new: 0 }]))
  const fits = new Map(FITS.map((fit) => [fit, { fit, current: 0, new: 0 }]))
  let noRange = 0
  let negative = 0
  const { defaultCurrency, rates } = model.rules.currency
  const missing = missingRatesTally(defaultCurrency, withDefaultRate(defaultCurrency, rates))

  for (const index of rows) {
    const row = model.rows[index]
    const { e } = row
    missing.add(e.defaultPayCurrency, row.currentAnnualPay)
    const before = row.compaRatio
    const increase = row.salaryIncrease
    if (increase !== null && Number.isFinite(increase)) {
      increases.push(increase)
      if (increase < 0) negative++
      if (before !== null) scatterRows.push(row)
      if (e.recommendedIncreasePer !== null) {
        compared.push({
          actualIncreasePercent: increase,
          recommendedIncreasePer: e.recommendedIncreasePer,
          row,
        })
      }
    }
    if (row.positionInRange === null) noRange++
    else {
      ;(bands.get(positionBand(row.positionInRange)) as { current: number }).current++
      ;(fits.get(fitInRange(row.positionInRange)) as { current: number }).current++
    }
    if (row.newPositionInRange !== null) {
      ;(bands.get(positionBand(row.newPositionInRange)) as { new: number }).new++
      ;(fits.get(fitInRange(row.newPositionInRange)) as { new: number }).new++
    }
  }

  const boxes = groupBoxes(model, rows, DEMOGRAPHIC_GROUPINGS, ['compaRatio', 'newCompaRatio'] as const)
  const compa = {} as Record<DemographicGrouping, CompaGroup[]>
  for (const grouping of DEMOGRAPHIC_GROUPINGS) {
    compa[grouping] = (boxes.get(grouping) ?? []).map(({ name, boxes: box }) => ({
      name,
      before: box.compaRatio,
      after: box.newCompaRatio,
    }))
  }

  const sortedIncreases = Float64Array.from(increases).sort()
  const increaseSummary = boxSummaryOfSorted(sortedIncreases)
  const skew = skewness(increases)
  const unplanned = rows.length - increases.length
  const ranked = topOverUnder(compared)
  const toRow = (r: { item: { row: RowState } }) => increaseRow(r.item.row) as IncreaseRow

  const tops = topTeamsOf(model, view)
  const company = view.teamIds === null
  let used = 0
  if (company) for (const index of rows) used += model.rows[index].spend
  else for (const id of tops) used += model.teamUsed.get(id) ?? 0
  const budget = company ? model.payCycle.companyMeritBudget : sumBudgets(model, tops)
  const percent = budgetUsedPercent(used, budget)

  return {
    scope: scopeOf(model, view, viewAsEmployeeId, companyName, rows.length),
    defaultCurrency: model.payCycle.defaultCurrency,
    compa,
    equity: { gender: equityOf(compa.gender), race: equityOf(compa.race) },
    budgetUsed: { budget, used, percent, color: percent === null ? null : budgetUsedColor(percent) },
    topOverUnder: { over: ranked.over.map(toRow), under: ranked.under.map(toRow) },
    increases: {
      planned: increases.length,
      unplanned,
      negative,
      summary: increaseSummary,
      skew,
      histogram: histogramOfSorted(sortedIncreases),
      narrative: increaseNarrative({ summary: increaseSummary, skew, negative, unplanned }),
    },
    scatter: scatterOf(scatterRows),
    payInRange: { bands: [...bands.values()], fits: [...fits.values()], noRange },
    budgetFlow: flowOf(model, company ? null : tops, company ? companyName : 'Your teams'),
    missingRates: missing.result(),
  }
}

/**
 * `stats`: one metric's box-plot figures by one grouping over the rows the viewer's table shows,
 * computed as the dashboard's box plots are (not cached: the command line asks once).
 */
export function dashboardStats(
  model: TableModel,
  user: SessionUser,
  query: { viewAsEmployeeId: number | null; metric: DashboardMetric; grouping: DemographicGrouping },
  companyName: string,
): DashboardStats {
  const { viewAsEmployeeId, metric, grouping } = query
  const view = resolveView(model, user, viewAsEmployeeId)
  const rows = scopeRows(model, view)
  const groups = groupBoxes(model, rows, [grouping], [metric]).get(grouping) ?? []
  return {
    scope: scopeOf(model, view, viewAsEmployeeId, companyName, rows.length),
    metric,
    grouping,
    groups: groups.map((g) => ({ name: g.name, summary: g.boxes[metric] })),
  }
}

/** The pay-equity view of one grouping's compa-ratio boxes: medians before and after, gaps, small groups. */
export function equityOf(groups: readonly CompaGroup[]): EquityView {
  return payEquity(
    groups.map((g) => ({
      name: g.name,
      countBefore: g.before?.count ?? 0,
      countAfter: g.after?.count ?? 0,
      medianBefore: g.before?.median ?? null,
      medianAfter: g.after?.median ?? null,
    })),
  )
}

function scopeOf(
  model: TableModel,
  view: View,
  viewAsEmployeeId: number | null,
  companyName: string,
  employees: number,
): DashboardSummary['scope'] {
  return {
    kind: view.teamIds === null ? 'company' : 'teams',
    label: scopeLabel(model, view, viewAsEmployeeId, companyName),
    employees,
    viewingAs: viewAsEmployeeId === null ? null : (model.names.get(viewAsEmployeeId) ?? null),
  }
}

function sumBudgets(model: TableModel, teamIds: readonly number[]): number | null {
  let total: number | null = null
  for (const id of teamIds) {
    const budget = model.teamBudget.get(id) ?? null
    if (budget !== null) total = (total ?? 0) + budget
  }
  return total
}

function scatterOf(rows: readonly RowState[]): DashboardSummary['scatter'] {
  const scatter: DashboardSummary['scatter'] = {
    total: rows.length,
    shown: 0,
    ids: [],
    companyEmployeeIds: [],
    names: [],
    compaRatios: [],
    increases: [],
    byCompaBand: [],
  }
  const bands = new Map<string, number[]>(COMPA_BANDS.map((band) => [band, []]))
  for (const row of rows) bands.get(compaBand(row.compaRatio as number))?.push(row.salaryIncrease as number)
  scatter.byCompaBand = COMPA_BANDS.map((band) => {
    const values = Float64Array.from(bands.get(band) ?? []).sort()
    return { band, count: values.length, medianIncrease: quantile(values, 0.5) }
  })
  for (const at of evenSample(rows.length, SCATTER_MAX_POINTS)) {
    const row = rows[at]
    scatter.ids.push(row.e.id)
    scatter.companyEmployeeIds.push(row.e.companyEmployeeId)
    scatter.names.push(row.e.name)
    scatter.compaRatios.push(row.compaRatio as number)
    scatter.increases.push(row.salaryIncrease as number)
  }
  scatter.shown = scatter.ids.length
  return scatter
}

function scopeLabel(
  model: TableModel,
  view: View,
  viewAsEmployeeId: number | null,
  companyName: string,
): string {
  if (view.teamIds === null) return companyName || 'The company'
  const names = view.viewerTeamIds.map((id) => model.teams.get(id)?.name ?? '').filter((n) => n !== '')
  if (viewAsEmployeeId !== null) {
    const who = model.names.get(viewAsEmployeeId) ?? 'someone else'
    return names.length === 0 ? `${who} manages no team` : `Teams of ${who}`
  }
  if (names.length === 0) return 'You do not manage or plan a team'
  return names.length === 1 ? names[0] : `${names[0]} and ${names.length - 1} more`
}

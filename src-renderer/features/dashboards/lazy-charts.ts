import { lazy } from 'react'

/** The Plotly charts, one chunk loaded on the first chart a dashboard draws. */
const charts = () => import('./charts')

export const CompaBoxChart = lazy(() => charts().then((m) => ({ default: m.CompaBoxChart })))
export const BudgetGauge = lazy(() => charts().then((m) => ({ default: m.BudgetGauge })))
export const DistributionChart = lazy(() => charts().then((m) => ({ default: m.DistributionChart })))
export const IncreaseScatter = lazy(() => charts().then((m) => ({ default: m.IncreaseScatter })))
export const PayInRangeChart = lazy(() => charts().then((m) => ({ default: m.PayInRangeChart })))
export const BudgetFlowChart = lazy(() => charts().then((m) => ({ default: m.BudgetFlowChart })))

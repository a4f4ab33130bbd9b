import { formatPercent } from '../../../src-shared/domain/money'

/** How the dashboard's cards write their figures; a missing figure is a dash. */
export const ratio = (value: number | null | undefined) => (value == null ? '—' : value.toFixed(3))
export const percent = (value: number | null | undefined) => (value == null ? '—' : formatPercent(value))
export const count = (value: number) => value.toLocaleString('en-US')

import type { CustomCellRendererProps } from 'ag-grid-react'
import type { TableRow } from '../../../src-shared/contract'
import { formatBonusPercent } from '../../../src-shared/domain/money'
import { violationsText } from '../../../src-shared/domain/shown-values'
import { cellEditable } from './cell-edit'
import {
  formatDisplayMoney,
  formatIncreasePercent,
  formatPosition,
  percentTone,
  type DisplayCurrency,
} from './display-money'

type Severity = TableRow['severity']

/** A warning or error icon (spec: row violation tooltip "with a warning or error icon"). */
export function SeverityIcon({ severity }: { severity: Severity | 'warning' | 'error' }) {
  if (severity === 'none') return null
  return (
    <span
      className={`severity-icon severity-icon--${severity}`}
      role="img"
      aria-label={severity === 'error' ? 'Error' : 'Warning'}
      data-severity={severity}
    >
      {severity === 'error' ? '✖' : '▲'}
    </span>
  )
}

/** Employee name, with the row's worst violation as an icon (its tooltip lists the messages). */
export function NameCell(props: CustomCellRendererProps<TableRow, string>) {
  if (!props.data) return null
  return (
    <span className="name-cell">
      <SeverityIcon severity={props.data.severity} />
      <span className="name-cell__text">{props.data.employeeName}</span>
    </span>
  )
}

/** The Violations column: icon, severity and how many. */
export function ViolationsCell(props: CustomCellRendererProps<TableRow>) {
  const row = props.data
  if (!row || row.severity === 'none') return null
  return (
    <span className={`severity severity--${row.severity}`} data-testid="row-severity">
      <SeverityIcon severity={row.severity} /> {violationsText(row.severity, row.violations.length)}
    </span>
  )
}

/** 15%..85% of the track is min..max, so positions outside the range still show. */
function markerLeft(position: number): string {
  return `${Math.max(0, Math.min(100, 15 + position * 70))}%`
}

/** Spec: pay-in-range position marker and fit-in-range plot: a bar from min to max, a marker where pay sits. */
export function RangePlotCell(
  props: CustomCellRendererProps<TableRow, number | null> & { ghost?: 'current' },
) {
  const row = props.data
  const value = props.value ?? null
  if (!row || value === null) return <span className="muted">—</span>
  const current = props.ghost === 'current' ? row.positionInRange : null
  return (
    <span className="range-plot" data-testid="range-plot" data-position={value.toFixed(4)}>
      <span className="range-plot__track" aria-hidden="true">
        <span className="range-plot__band" />
        {current !== null && <span className="range-plot__ghost" style={{ left: markerLeft(current) }} />}
        <span className="range-plot__marker" style={{ left: markerLeft(value) }} />
      </span>
      <span className="range-plot__text">{formatPosition(value)}</span>
    </span>
  )
}

/** Salary increase percent: four decimals, green when positive, red when negative (spec §5). */
export function PercentCell(props: CustomCellRendererProps<TableRow, number | null>) {
  const value = props.value ?? null
  return (
    <span className={`percent percent--${percentTone(value)}`} data-testid="salary-increase">
      {formatIncreasePercent(value)}
    </span>
  )
}

export function BonusCell(props: CustomCellRendererProps<TableRow> & { display: DisplayCurrency }) {
  const row = props.data
  if (!row) return null
  const parts: string[] = []
  if (row.bonusInputs.showDollar || row.newDollarBonus !== null)
    parts.push(row.newDollarBonus === null ? '—' : formatDisplayMoney(row.newDollarBonus, row, props.display))
  if (row.bonusInputs.showPercent || row.newPercentBonus !== null)
    parts.push(row.newPercentBonus === null ? '—' : formatBonusPercent(row.newPercentBonus))
  return <span className="bonus-cell">{parts.join(' · ')}</span>
}

/** Promotion: a checkbox that saves at once (disabled when the row is locked). */
export function PromotionCell(
  props: CustomCellRendererProps<TableRow> & { onPromotion: (row: TableRow, value: boolean) => void },
) {
  const row = props.data
  if (!row) return null
  return (
    <input
      type="checkbox"
      className="promotion-cell"
      aria-label={`Promotion for ${row.employeeName}`}
      checked={row.promotion}
      disabled={!cellEditable(row, 'promotion')}
      onChange={(event) => props.onPromotion(row, event.currentTarget.checked)}
    />
  )
}

/** Row actions: the reward history drawer, and for admins the employee's record. */
export function ActionsCell(
  props: CustomCellRendererProps<TableRow> & {
    onHistory: (row: TableRow) => void
    onRecord: ((row: TableRow) => void) | null
  },
) {
  const row = props.data
  if (!row) return null
  return (
    <>
      <button
        type="button"
        className="row-action"
        data-testid="row-history"
        aria-label={`History of ${row.employeeName}`}
        title="Reward history"
        onClick={() => props.onHistory(row)}
      >
        ⟲
      </button>
      {props.onRecord && (
        <button
          type="button"
          className="row-action"
          data-testid="row-record"
          aria-label={`Record of ${row.employeeName}`}
          title="Edit the employee's record"
          onClick={() => props.onRecord?.(row)}
        >
          ✎
        </button>
      )}
    </>
  )
}

import type { ColDef, GetRowIdParams, ValueFormatterParams } from 'ag-grid-community'
import { formatMoney } from '../../../src-shared/domain/money'
import type { CompensationRow } from './selectors'

/** Spec §9: the table pages 25 rows at a time. */
export const PAGE_SIZE = 25

/** Money in the row's own currency; an hourly rate says so. Unknown currency codes fall back to a number. */
export function formatRowMoney(
  cents: number | null,
  row: Pick<CompensationRow, 'currency' | 'salaried'>,
  hourly: boolean,
) {
  if (cents === null) return ''
  let text: string
  try {
    text = formatMoney(cents, row.currency)
  } catch {
    text = `${(cents / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} ${row.currency}`
  }
  return hourly && !row.salaried ? `${text}/hr` : text
}

function money(hourly: boolean) {
  return (params: ValueFormatterParams<CompensationRow, number | null>): string =>
    params.data ? formatRowMoney(params.value ?? null, params.data, hourly) : ''
}

function ratio(params: ValueFormatterParams<CompensationRow, number | null>): string {
  return params.value == null ? '' : params.value.toFixed(2)
}

const numeric: Partial<ColDef<CompensationRow>> = { type: 'rightAligned', width: 160 }

/** The read-only columns (headers as the product names them). */
export const COLUMNS: ColDef<CompensationRow>[] = [
  { headerName: 'Employee Name', field: 'employeeName', pinned: 'left', minWidth: 180 },
  { headerName: 'Manager', field: 'manager', minWidth: 160 },
  { headerName: 'Planner', field: 'planner', minWidth: 160 },
  { headerName: 'Job Title', field: 'jobTitle', minWidth: 180 },
  { headerName: 'Performance Rating', field: 'performanceRating', width: 200 },
  { headerName: 'Current Salary', field: 'currentSalary', valueFormatter: money(true), ...numeric },
  { headerName: 'New Salary', field: 'newSalary', valueFormatter: money(true), ...numeric },
  { headerName: 'Lump Sum', field: 'lumpSum', valueFormatter: money(false), ...numeric },
  { headerName: 'Compa Ratio', field: 'compaRatio', valueFormatter: ratio, ...numeric, width: 130 },
  {
    headerName: 'Position in Range',
    field: 'positionInRange',
    valueFormatter: ratio,
    ...numeric,
    width: 150,
  },
  {
    headerName: 'Violations',
    field: 'severity',
    width: 130,
    cellClass: (params) => `severity severity--${params.value ?? 'none'}`,
    valueFormatter: (params) => (params.value === 'none' ? '' : String(params.value)),
    tooltipValueGetter: (params) => params.data?.violations.join('\n') || null,
  },
  { headerName: 'Comments', field: 'comments', minWidth: 200, flex: 1 },
  { headerName: 'Employee Id', field: 'employeeId', width: 130 },
]

export const DEFAULT_COLUMN: ColDef<CompensationRow> = { sortable: true, resizable: true }

export function rowId(params: GetRowIdParams<CompensationRow>): string {
  return String(params.data.id)
}

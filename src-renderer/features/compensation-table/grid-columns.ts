import type {
  ColDef,
  EditableCallbackParams,
  GridApi,
  ITooltipParams,
  ValueFormatterParams,
} from 'ag-grid-community'
import type { TableRow } from '../../../src-shared/contract'
import {
  BONUS_TOOLTIP,
  HOURLY_MONEY_TOOLTIP,
  LUMP_SUM_TOOLTIP,
  PER_HOUR_COLUMNS,
  isTableColumnId,
  type TableColumnId,
} from '../../../src-shared/domain/table-columns'
import { cellEditable, isEditableColumn } from './cell-edit'
import {
  ActionsCell,
  BonusCell,
  NameCell,
  PercentCell,
  PromotionCell,
  RangePlotCell,
  ViolationsCell,
} from './cells'
import {
  formatDisplayMoney,
  formatIncreasePercent,
  formatPosition,
  formatRatio,
  type DisplayCurrency,
} from './display-money'
import { columnOf } from './column-config'
import { BonusCellEditor, NumericCellEditor } from './editors'
import { JobProfilePicker } from './JobProfilePicker'
import { CommentsCellEditor } from './CommentsCellEditor'
import { SORT_CYCLE } from './sort-cycle'
import { TableTooltip, tooltipKind } from './TableTooltip'

export interface ColumnCallbacks {
  display: DisplayCurrency
  onHistory: (row: TableRow) => void
  /** Admins: the employee's record panel (null: not offered). */
  onRecord: ((row: TableRow) => void) | null
  onPromotion: (row: TableRow, value: boolean) => void
}

type Def = ColDef<TableRow>

function money(
  display: DisplayCurrency,
  key: 'currentSalary' | 'newSalary' | 'dollarIncrease' | 'lumpSum',
): Def {
  // Hourly rows: Current, Dollar Increase and New Salary all per hour (issue 36).
  const hourly = PER_HOUR_COLUMNS.has(key)
  return {
    headerTooltip: hourly ? HOURLY_MONEY_TOOLTIP : undefined,
    valueGetter: (params) => params.data?.[key] ?? null,
    valueFormatter: (params: ValueFormatterParams<TableRow, number | null>) =>
      params.data ? formatDisplayMoney(params.value ?? null, params.data, display, hourly) : '',
    type: 'rightAligned',
    width: 150,
  }
}

function editor(target: 'newSalary' | 'salaryIncrease' | 'lumpSum'): Def {
  return { cellEditor: NumericCellEditor, cellEditorParams: { target } }
}

/** Per column of the catalogue: how it shows and edits. */
function columnDef(id: TableColumnId, cb: ColumnCallbacks): Def {
  const { display } = cb
  switch (id) {
    case 'employeeName':
      return { cellRenderer: NameCell, pinned: 'left', minWidth: 200, width: 220 }
    case 'performanceRating':
      return {
        valueGetter: (p) => p.data?.performanceRatingLabel ?? p.data?.performanceRating ?? null,
        width: 170,
      }
    case 'currentSalary':
    case 'dollarIncrease':
      return money(display, id)
    case 'newSalary':
      return { ...money(display, 'newSalary'), ...editor('newSalary') }
    case 'lumpSum':
      return { ...money(display, 'lumpSum'), ...editor('lumpSum'), headerTooltip: LUMP_SUM_TOOLTIP }
    case 'salaryIncrease':
      return { cellRenderer: PercentCell, type: 'rightAligned', width: 140, ...editor('salaryIncrease') }
    case 'currentPayInRange':
      return { valueGetter: (p) => p.data?.positionInRange ?? null, cellRenderer: RangePlotCell, width: 170 }
    case 'newFitInRange':
      return {
        valueGetter: (p) => p.data?.newPositionInRange ?? null,
        cellRenderer: RangePlotCell,
        cellRendererParams: { ghost: 'current' },
        width: 170,
      }
    case 'bonus':
      return {
        valueGetter: (p) => (p.data ? [p.data.newDollarBonus, p.data.newPercentBonus].join('|') : null),
        cellRenderer: BonusCell,
        cellRendererParams: { display },
        cellEditor: BonusCellEditor,
        cellEditorPopup: true,
        headerTooltip: BONUS_TOOLTIP,
        width: 200,
      }
    case 'comments':
      return { cellEditor: CommentsCellEditor, cellEditorPopup: true, minWidth: 200, flex: 1 }
    case 'promotion':
      return { cellRenderer: PromotionCell, cellRendererParams: { onPromotion: cb.onPromotion }, width: 120 }
    case 'newJobProfile':
      return {
        valueGetter: (p) => p.data?.newJobProfile ?? null,
        cellEditor: JobProfilePicker,
        cellEditorPopup: true,
        minWidth: 220,
      }
    case 'violations':
      return { valueGetter: (p) => p.data?.severity ?? null, cellRenderer: ViolationsCell, width: 140 }
    case 'compaRatio':
      return { valueFormatter: (p) => formatRatio(p.value ?? null), type: 'rightAligned', width: 130 }
    case 'recommendedIncrease':
      return {
        valueFormatter: (p) => formatIncreasePercent(p.value ?? null),
        type: 'rightAligned',
        width: 150,
      }
    case 'positionInRange':
      return { valueFormatter: (p) => formatPosition(p.value ?? null), type: 'rightAligned', width: 150 }
    case 'hireDate':
      return { width: 130 }
    case 'currency':
      return { width: 110 }
    default:
      return { minWidth: 140 }
  }
}

/** The grid's columns: the row actions, then the catalogue's in the user's order. */
export function buildColumnDefs(ids: readonly TableColumnId[], cb: ColumnCallbacks): Def[] {
  const actions: Def = {
    colId: 'actions',
    // Named for screen readers; the 44 px header shows no text (table.css header--unlabelled).
    headerName: 'Reward history',
    headerClass: 'header--unlabelled',
    headerTooltip: 'Reward history',
    width: cb.onRecord ? 76 : 52,
    cellClass: 'cell--actions',
    pinned: 'left',
    sortable: false,
    resizable: false,
    suppressMovable: true,
    cellRenderer: ActionsCell,
    cellRendererParams: { onHistory: cb.onHistory, onRecord: cb.onRecord },
  }
  return [
    actions,
    ...ids.map((id): Def => {
      const column = columnOf(id)
      const editable = isEditableColumn(id) && id !== 'promotion'
      return {
        colId: id,
        field: column.uri === id && isTableRowKey(id) ? id : undefined,
        headerName: column.label,
        sortable: column.sortable,
        editable: editable
          ? (p: EditableCallbackParams<TableRow>) => !!p.data && cellEditable(p.data, id)
          : false,
        cellClassRules: isEditableColumn(id)
          ? {
              'cell--editable': (p) => !!p.data && cellEditable(p.data, id),
              'cell--locked': (p) => !!p.data && !cellEditable(p.data, id),
              // a pay range hint waits in the tooltip
              'cell--hint': (p) => tooltipKind(id, p.data) === 'hints',
            }
          : undefined,
        tooltipValueGetter: (p: ITooltipParams<TableRow>) => (tooltipKind(id, p.data) ? id : null),
        tooltipComponent: TableTooltip,
        tooltipComponentParams: { display: cb.display },
        ...columnDef(id, cb),
      }
    }),
  ]
}

const ROW_KEYS = new Set<string>([
  'employeeName',
  'manager',
  'planner',
  'jobTitle',
  'performanceRating',
  'currentSalary',
  'dollarIncrease',
  'salaryIncrease',
  'newSalary',
  'lumpSum',
  'comments',
  'employeeId',
  'team',
  'hireDate',
  'compaRatio',
  'recommendedIncrease',
  'positionInRange',
  'promotion',
  'currency',
])

function isTableRowKey(id: string): id is keyof TableRow & TableColumnId {
  return ROW_KEYS.has(id)
}

/** Long labels ('Performance Rating', 'New Fit in Range') wrap onto a second line rather than being cut. */
export const DEFAULT_COLUMN: ColDef<TableRow> = {
  resizable: true,
  // Delete and Backspace on a selected cell empty it (TableGrid), instead of the grid's own handling.
  suppressKeyboardEvent: ({ editing, event }) =>
    !editing && (event.key === 'Delete' || event.key === 'Backspace'),
  wrapHeaderText: true,
  autoHeaderHeight: true,
  sortingOrder: [...SORT_CYCLE],
  suppressMovable: true,
}

/** The table's data columns in the order shown (the selection and row-actions columns left out). */
export function shownTableColumns(api: GridApi<TableRow>): TableColumnId[] {
  return api
    .getAllDisplayedColumns()
    .map((column) => column.getColId())
    .filter((id) => isTableColumnId(id))
}

import type { ColDef, GetRowIdParams, ITooltipParams } from 'ag-grid-community'
import { importColumnByHeader } from '../../../src-shared/domain/import-format'
import { ImportCell, type ImportCellParams } from './ImportCell'
import { cellErrors, errorText, errorsText, formatCount, type ImportGridRow } from './import-view'

type Col = ColDef<ImportGridRow>

/** The row number as the results number it (later files continue after earlier ones). */
export const ROW_COLUMN: Col = {
  colId: 'row',
  headerName: 'Row',
  valueGetter: (params) => params.data?.row,
  valueFormatter: (params) => (typeof params.value === 'number' ? formatCount(params.value) : ''),
  pinned: 'left',
  width: 80,
  editable: false,
  type: 'rightAligned',
}

export const ERRORS_COLUMN: Col = {
  colId: 'errors',
  headerName: 'Errors',
  valueGetter: (params) => (params.data ? errorsText(params.data.errors) : ''),
  tooltipValueGetter: (params: ITooltipParams<ImportGridRow>) =>
    params.data && params.data.errors.length > 0 ? params.data.errors.map(errorText).join('\n') : null,
  cellClass: 'import-errors-cell',
  editable: false,
  minWidth: 260,
  flex: 1,
}

/** One editable column per spec header: values as typed, erroneous cells marked and explained. */
export function valueColumn(header: string, field: string): Col {
  const params: ImportCellParams = { header }
  return {
    colId: field,
    headerName: header,
    valueGetter: (p) => p.data?.values[field] ?? '',
    editable: true,
    cellRenderer: ImportCell,
    cellRendererParams: params,
    cellClassRules: { 'import-cell--error': (p) => cellErrors(p.data, header).length > 0 },
    tooltipValueGetter: (p: ITooltipParams<ImportGridRow>) => {
      const errors = cellErrors(p.data, header)
      return errors.length > 0 ? errorsText(errors) : null
    },
    minWidth: 120,
  }
}

/**
 * The grid's columns for the headers present in the import (spec labels, in the spec's order):
 * Row, one per header, Errors. Headers the import format does not know are left out.
 */
export function importColumnDefs(headers: readonly string[]): Col[] {
  const values = headers.flatMap((header) => {
    const column = importColumnByHeader(header)
    return column ? [valueColumn(column.header, column.field)] : []
  })
  return [ROW_COLUMN, ...values, ERRORS_COLUMN]
}

export const DEFAULT_IMPORT_COLUMN: Col = { resizable: true, sortable: false, suppressMovable: true }

export function importRowId(params: GetRowIdParams<ImportGridRow>): string {
  return String(params.data.row)
}

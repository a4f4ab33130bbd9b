import type { CustomCellRendererProps } from 'ag-grid-react'
import { cellErrors, type ImportGridRow } from './import-view'

export interface ImportCellParams {
  /** The column's spec header: errors name their column by it. */
  header: string
}

/** A value as typed in the file (or edited); an erroneous one carries data-error="true". */
export function ImportCell(props: CustomCellRendererProps<ImportGridRow, string> & ImportCellParams) {
  const invalid = cellErrors(props.data, props.header).length > 0
  return (
    <span className="import-cell__value" data-error={invalid ? 'true' : undefined}>
      {props.value ?? ''}
    </span>
  )
}

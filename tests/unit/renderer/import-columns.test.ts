import type { CellClassParams, ColDef, ITooltipParams, ValueGetterParams } from 'ag-grid-community'
import { describe, expect, it } from 'vitest'
import { importColumnDefs } from '../../../src-renderer/features/import/columns'
import type { ImportGridRow } from '../../../src-renderer/features/import/import-view'
import { IMPORT_COLUMNS } from '../../../src-shared/domain/import-format'

const row: ImportGridRow = {
  row: 7,
  id: 'E7',
  values: { employeeId: 'E7', employeeName: 'Ada', email: 'ada@' },
  errors: [
    {
      row: 7,
      header: 'Email',
      id: 'E7',
      code: 'InvalidEmail',
      message: 'Invalid email format',
      consistencyKey: null,
    },
  ],
}

function value(col: ColDef<ImportGridRow>): unknown {
  const getter = col.valueGetter as (p: ValueGetterParams<ImportGridRow>) => unknown
  return getter({ data: row } as ValueGetterParams<ImportGridRow>)
}

function tooltip(col: ColDef<ImportGridRow>): unknown {
  return col.tooltipValueGetter?.({ data: row } as ITooltipParams<ImportGridRow>)
}

function marked(col: ColDef<ImportGridRow>): boolean {
  const rules = col.cellClassRules as Record<string, (p: CellClassParams<ImportGridRow>) => boolean>
  return rules['import-cell--error']({ data: row } as CellClassParams<ImportGridRow>)
}

describe('import grid columns', () => {
  it('has Row, one editable column per header present (spec labels, fields as ids), then Errors', () => {
    const cols = importColumnDefs(['Employee Id', 'Name', 'Email', 'Not a header'])
    expect(cols.map((c) => c.headerName)).toEqual(['Row', 'Employee Id', 'Name', 'Email', 'Errors'])
    expect(cols.map((c) => c.colId)).toEqual(['row', 'employeeId', 'employeeName', 'email', 'errors'])
    expect(cols.map((c) => c.editable)).toEqual([false, true, true, true, false])
  })

  it('follows the spec order and labels for every header', () => {
    const cols = importColumnDefs(IMPORT_COLUMNS.map((c) => c.header))
    expect(cols.slice(1, -1).map((c) => [c.headerName, c.colId])).toEqual(
      IMPORT_COLUMNS.map((c) => [c.header, c.field]),
    )
  })

  it('reads values as typed, marks erroneous cells and explains them in a tooltip', () => {
    const [rowCol, idCol, , emailCol, errorsCol] = importColumnDefs(['Employee Id', 'Name', 'Email'])
    expect(value(rowCol)).toBe(7)
    expect(value(emailCol)).toBe('ada@')
    expect(marked(emailCol)).toBe(true)
    expect(marked(idCol)).toBe(false)
    expect(tooltip(emailCol)).toBe('Email: Invalid email format')
    expect(tooltip(idCol)).toBeNull()
    expect(value(errorsCol)).toBe('Email: Invalid email format')
  })

  it('shows an empty cell for a value the row lacks', () => {
    const [, , , , preferred] = importColumnDefs(['Employee Id', 'Name', 'Email', 'Preferred name'])
    expect(value(preferred)).toBe('')
  })
})

import { describe, expect, it } from 'vitest'
import {
  commitPreview,
  signedPercent,
} from '../../../src-renderer/features/compensation-table/commit-preview'
import {
  isJumpKey,
  isStepKey,
  jumpTarget,
  pageEdgeStep,
  type GridShape,
} from '../../../src-renderer/features/compensation-table/grid-keys'
import { tableRow } from '../../support/table-row'

const shape: GridShape = { columns: ['employeeName', 'newSalary', 'comments'], rowCount: 60, pageSize: 25 }

describe('↓ / ↑ and Enter at the edge of a page', () => {
  const at = (rowIndex: number) => ({ rowIndex, column: 'lumpSum' })

  it("↓ and Enter on a page's last row go on to the next page's first row", () => {
    expect(pageEdgeStep('ArrowDown', false, at(24), shape)).toEqual(at(25))
    expect(pageEdgeStep('Enter', false, at(49), shape)).toEqual(at(50))
    // Shift turns Enter back, not ↓.
    expect(pageEdgeStep('ArrowDown', true, at(24), shape)).toEqual(at(25))
  })

  it("↑ and Shift+Enter on a page's first row go back to the previous page's last row", () => {
    expect(pageEdgeStep('ArrowUp', false, at(25), shape)).toEqual(at(24))
    expect(pageEdgeStep('Enter', true, at(50), shape)).toEqual(at(49))
  })

  it('inside a page, and at either end of the table, the step is left to the grid', () => {
    expect(pageEdgeStep('ArrowDown', false, at(23), shape)).toBeNull()
    expect(pageEdgeStep('Enter', false, at(25), shape)).toBeNull()
    expect(pageEdgeStep('ArrowUp', false, at(24), shape)).toBeNull()
    expect(pageEdgeStep('ArrowUp', false, at(0), shape)).toBeNull()
    // The short last page (50–59): its last row is the table's.
    expect(pageEdgeStep('ArrowDown', false, at(59), shape)).toBeNull()
    // A full last page (25–49 of 50): its last row is the table's too.
    expect(pageEdgeStep('Enter', false, at(49), { ...shape, rowCount: 50 })).toBeNull()
    expect(pageEdgeStep('Enter', true, at(0), shape)).toBeNull()
  })
})

describe('Home / End / PageUp / PageDown on the paged table', () => {
  it('Home and End go to the first and last cell of the row', () => {
    expect(jumpTarget('Home', false, { rowIndex: 7, column: 'newSalary' }, shape)).toEqual({
      rowIndex: 7,
      column: 'employeeName',
    })
    expect(jumpTarget('End', false, { rowIndex: 7, column: 'newSalary' }, shape)).toEqual({
      rowIndex: 7,
      column: 'comments',
    })
  })

  it('Ctrl+Home and Ctrl+End go to the first and last cell of the table, across pages', () => {
    expect(jumpTarget('Home', true, { rowIndex: 40, column: 'newSalary' }, shape)).toEqual({
      rowIndex: 0,
      column: 'employeeName',
    })
    expect(jumpTarget('End', true, { rowIndex: 3, column: 'newSalary' }, shape)).toEqual({
      rowIndex: 59,
      column: 'comments',
    })
  })

  it("PageDown goes to the page's last row, and from there to the next page", () => {
    const at = { rowIndex: 3, column: 'newSalary' }
    const bottom = jumpTarget('PageDown', false, at, shape)
    expect(bottom).toEqual({ rowIndex: 24, column: 'newSalary' })
    const next = bottom && jumpTarget('PageDown', false, bottom, shape)
    expect(next).toEqual({ rowIndex: 49, column: 'newSalary' })
    // The last page is short: its last row, then nowhere further.
    expect(next && jumpTarget('PageDown', false, next, shape)).toEqual({ rowIndex: 59, column: 'newSalary' })
    expect(jumpTarget('PageDown', false, { rowIndex: 59, column: 'newSalary' }, shape)?.rowIndex).toBe(59)
  })

  it("PageUp goes to the page's first row, and from there to the previous page", () => {
    expect(jumpTarget('PageUp', false, { rowIndex: 30, column: 'comments' }, shape)).toEqual({
      rowIndex: 25,
      column: 'comments',
    })
    expect(jumpTarget('PageUp', false, { rowIndex: 25, column: 'comments' }, shape)).toEqual({
      rowIndex: 0,
      column: 'comments',
    })
    expect(jumpTarget('PageUp', false, { rowIndex: 0, column: 'comments' }, shape)?.rowIndex).toBe(0)
  })

  it('an empty table, or one with every data column hidden, has nowhere to go; a table of one row has', () => {
    expect(
      jumpTarget('End', true, { rowIndex: 0, column: 'newSalary' }, { ...shape, rowCount: 0 }),
    ).toBeNull()
    expect(
      jumpTarget('End', true, { rowIndex: 0, column: 'newSalary' }, { ...shape, columns: [] }),
    ).toBeNull()
    expect(jumpTarget('End', true, { rowIndex: 0, column: 'newSalary' }, { ...shape, rowCount: 1 })).toEqual({
      rowIndex: 0,
      column: 'comments',
    })
  })

  it('only Home, End, PageUp and PageDown jump; only ↓, ↑ and Enter step', () => {
    const keys = ['Home', 'End', 'PageUp', 'PageDown', 'ArrowDown', 'ArrowUp', 'Enter', 'Tab', 'a', '']
    expect(keys.filter(isJumpKey)).toEqual(['Home', 'End', 'PageUp', 'PageDown'])
    expect(keys.filter(isStepKey)).toEqual(['ArrowDown', 'ArrowUp', 'Enter'])
  })
})

describe('the commit preview beside the editor', () => {
  const row = tableRow(1, { currentSalary: 191_444_00 })

  it('spells out the trap of a percent typed into New Salary (5% of the basis)', () => {
    // 5% of $191,444.00 is $9,572.20: a 95% cut, visible before Enter.
    expect(commitPreview('newSalary', row, 9_572.2)).toBe('→ $9,572.20 (−95.0%)')
  })

  it('shows the new salary a Salary Increase percent gives', () => {
    expect(commitPreview('salaryIncrease', row, 3)).toBe('→ $197,187.32 (+3.0%)')
  })

  it('marks an hourly rate and an empty input', () => {
    expect(commitPreview('newSalary', tableRow(2, { salaried: false, currentSalary: 40_00 }), 42)).toBe(
      '→ $42.00/hr (+5.0%)',
    )
    expect(commitPreview('newSalary', row, null)).toBe('→ no new salary')
    expect(commitPreview('lumpSum', row, null)).toBe('→ no lump sum')
  })

  it("shows a lump sum's share of the current salary, in the row's currency", () => {
    expect(
      commitPreview('lumpSum', tableRow(3, { currency: 'JPY', currentSalary: 5_000_000_00 }), 250_000),
    ).toBe('→ ¥250,000 lump sum (+5.0% of salary)')
  })

  it('signs increases and prints no sign for none', () => {
    expect(signedPercent(0.04)).toBe('0.0%')
    expect(signedPercent(-0.06)).toBe('−0.1%')
    expect(signedPercent(12.25)).toBe('+12.3%')
  })
})

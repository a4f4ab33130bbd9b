import { describe, expect, it } from 'vitest'
import {
  blockBounds,
  blockTexts,
  extendTo,
  fillDownPlan,
  inBlock,
  isMultiCell,
  singleCell,
  stepBlock,
  tileCells,
} from '../../../src-renderer/features/compensation-table/block-selection'

const columns = ['employeeName', 'salaryIncrease', 'newSalary', 'lumpSum', 'comments']
const page = { firstRow: 25, lastRow: 49 }

describe('block selection', () => {
  it('Shift+click spans the rectangle between the anchor and the cell clicked, in either direction', () => {
    const block = extendTo(singleCell({ rowIndex: 30, column: 'lumpSum' }), {
      rowIndex: 27,
      column: 'salaryIncrease',
    })
    expect(blockBounds(block, columns)).toEqual({ top: 27, bottom: 30, left: 1, right: 3 })
    expect(inBlock(block, columns, 28, 'newSalary')).toBe(true)
    expect(inBlock(block, columns, 31, 'newSalary')).toBe(false)
    expect(inBlock(block, columns, 28, 'comments')).toBe(false)
    expect(isMultiCell(block, columns)).toBe(true)
    expect(isMultiCell(singleCell({ rowIndex: 3, column: 'lumpSum' }), columns)).toBe(false)
  })

  it('Shift+arrows move the far corner one cell and stop at the page and the last column', () => {
    let block = singleCell({ rowIndex: 48, column: 'lumpSum' })
    block = stepBlock(block, 'ArrowDown', columns, page)
    block = stepBlock(block, 'ArrowDown', columns, page)
    block = stepBlock(block, 'ArrowRight', columns, page)
    block = stepBlock(block, 'ArrowRight', columns, page)
    expect(block).toEqual({
      anchor: { rowIndex: 48, column: 'lumpSum' },
      focus: { rowIndex: 49, column: 'comments' },
    })
    block = stepBlock(block, 'ArrowLeft', columns, page)
    block = stepBlock(block, 'ArrowLeft', columns, page)
    block = stepBlock(block, 'ArrowUp', columns, page)
    expect(blockBounds(block, columns)).toEqual({ top: 48, bottom: 48, left: 2, right: 3 })
    expect(
      stepBlock(singleCell({ rowIndex: 25, column: 'newSalary' }), 'ArrowUp', columns, page).focus.rowIndex,
    ).toBe(25)
  })

  it('a block whose column is no longer shown has no bounds', () => {
    expect(blockBounds(singleCell({ rowIndex: 1, column: 'bonus' }), columns)).toBeNull()
    expect(inBlock(singleCell({ rowIndex: 1, column: 'bonus' }), columns, 1, 'bonus')).toBe(false)
  })

  it('reads the block row by row as TSV cells', () => {
    const block = extendTo(singleCell({ rowIndex: 2, column: 'newSalary' }), {
      rowIndex: 3,
      column: 'lumpSum',
    })
    const bounds = blockBounds(block, columns)
    if (!bounds) throw new Error('no bounds')
    expect(blockTexts(bounds, columns, (r, c) => `${c}@${r}`)).toEqual([
      ['newSalary@2', 'lumpSum@2'],
      ['newSalary@3', 'lumpSum@3'],
    ])
  })
})

describe('fitting a pasted block to the selection', () => {
  it('repeats one value, one row or one column to fill the block', () => {
    expect(tileCells([['5%']], { rows: 3, columns: 1 })).toEqual([['5%'], ['5%'], ['5%']])
    expect(tileCells([['1', '2']], { rows: 2, columns: 4 })).toEqual([
      ['1', '2', '1', '2'],
      ['1', '2', '1', '2'],
    ])
  })

  it('pastes a block that does not divide the selection as it is', () => {
    expect(tileCells([['1'], ['2']], { rows: 3, columns: 1 })).toEqual([['1'], ['2']])
    expect(tileCells([['1', '2']], undefined)).toEqual([['1', '2']])
  })
})

describe('fill down (Ctrl+D)', () => {
  it('copies the top row of the block into the rows below it', () => {
    expect(fillDownPlan({ top: 4, bottom: 7, left: 0, right: 1 })).toEqual({ source: 4, top: 5, rows: 3 })
  })

  it('a one-row block takes the row above; the first row has nothing above', () => {
    expect(fillDownPlan({ top: 4, bottom: 4, left: 2, right: 2 })).toEqual({ source: 3, top: 4, rows: 1 })
    expect(fillDownPlan({ top: 0, bottom: 0, left: 2, right: 2 })).toBeNull()
  })
})

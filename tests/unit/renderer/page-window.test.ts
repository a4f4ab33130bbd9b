import { describe, expect, it } from 'vitest'
import { pageWindow, type PageItem } from '../../../src-renderer/features/compensation-table/page-window'

function show(items: PageItem[]): string {
  return items.map((item) => (item.kind === 'gap' ? '…' : String(item.page))).join(' ')
}

describe('pagination window (spec §9: first, last, 2 either side, ellipses)', () => {
  it('shows every page when there are few', () => {
    expect(show(pageWindow(1, 1))).toBe('1')
    expect(show(pageWindow(3, 5))).toBe('1 2 3 4 5')
    expect(show(pageWindow(1, 0))).toBe('')
  })

  it('puts an ellipsis in each gap', () => {
    expect(show(pageWindow(1, 20))).toBe('1 2 3 … 20')
    expect(show(pageWindow(10, 20))).toBe('1 … 8 9 10 11 12 … 20')
    expect(show(pageWindow(20, 20))).toBe('1 … 18 19 20')
    expect(show(pageWindow(5, 20))).toBe('1 … 3 4 5 6 7 … 20')
    expect(show(pageWindow(4, 20))).toBe('1 2 3 4 5 6 … 20')
  })
})

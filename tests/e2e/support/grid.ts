import type { Locator, Page } from '@playwright/test'

export const compensationTable = (page: Page): Locator => page.getByTestId('compensation-table')

/**
 * A row as the user sees it. AG Grid keeps a removed row's element, faded out (`ag-opacity-zero`), for
 * its 400 ms animation, so a row that comes back within that time (an undone fix, a refreshed page) is
 * in the page twice; a new row starts faded too.
 */
export const gridRow = (grid: Page | Locator, id: string | number): Locator =>
  grid.locator(`.ag-row[row-id="${id}"]:not(.ag-opacity-zero)`)

export const gridCell = (grid: Page | Locator, id: string | number, column: string): Locator =>
  gridRow(grid, id).locator(`.ag-cell[col-id="${column}"]`)

import type { ImportSummary } from '../../src-shared/contract'
import { call, importSession, writeCsv } from './import-session'

/** The consistency-key tests' import files (tests/integration/import-conflicts*.test.ts). */
export const HEADER = 'Employee Id,Name,Pay Currency,Salaried,Hire Date,Job Code,Pay Range Name,Min Pay'

/**
 * An import session over `dir` (a new workbook of company Conflicts) with the steps of a review:
 * read a file, list its rows, edit row 1.
 */
export function importReview(dir: string) {
  const { dispatcher, session, readFile } = importSession(dir, 'Conflicts')

  /** `rows` under HEADER, read for review. */
  function reviewOf(name: string, rows: string[]): Promise<ImportSummary> {
    return readFile(writeCsv(dir, name, HEADER, rows))
  }

  /** Five rows sharing pay range Band (Min Pay 1,000), read for review. */
  function review(): Promise<ImportSummary> {
    return reviewOf(
      'band.csv',
      [1, 2, 3, 4, 5].map((n) => `R${n},Person ${n},USD,true,2020-01-01,J,Band,1000`),
    )
  }

  /** Each row's pay range and Min Pay, as the file holds them. */
  async function minPays(importId: string): Promise<string[]> {
    const page = await call(
      dispatcher.dispatch('import.rows', { importId, onlyErrors: false, offset: 0, limit: 10 }),
    )
    return page.rows.map((r) => `${r.values.payRangeName}:${r.values.minPay}`)
  }

  /** Row 1's Min Pay to 2,000, asking before other rows are put at odds. */
  function askToEditRow1(importId: string) {
    return call(
      dispatcher.dispatch('import.editCell', {
        importId,
        row: 1,
        field: 'minPay',
        value: '2000',
        conflicts: 'ask',
      }),
    )
  }

  return { dispatcher, session, review, reviewOf, minPays, askToEditRow1 }
}

import fs from 'node:fs'
import path from 'node:path'
import type { ImportSummary } from '../../src-shared/contract'
import { testBackend } from './session'

/** The consistency-key tests' import files (tests/integration/import-conflicts*.test.ts). */
export const HEADER = 'Employee Id,Name,Pay Currency,Salaried,Hire Date,Job Code,Pay Range Name,Min Pay'

export async function call<T>(
  result: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>,
): Promise<T> {
  const answer = await result
  if (!answer.ok) throw new Error(answer.error.message)
  return answer.value
}

/** A backend over `dir` with the steps of a review: read a file, list its rows, edit row 1. */
export function importReview(dir: string) {
  const { dispatcher, session } = testBackend(dir)

  /** `rows` under HEADER, read for review. */
  async function reviewOf(name: string, rows: string[]): Promise<ImportSummary> {
    const csv = path.join(dir, name)
    fs.writeFileSync(csv, [HEADER, ...rows].join('\r\n'))
    const { importId } = await call(dispatcher.dispatch('import.start', { path: csv }))
    return session.imports.whenSettled(importId)
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

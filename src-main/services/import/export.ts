import { importHeaderLine, importLine } from '../../../src-shared/domain/csv-format'
import { writeCsvLines } from '../../workbook/csv-writer'
import type { Workbook } from '../../workbook/open'
import { exportRecords } from '../../workbook/queries/export'

/** Writes the company back in the import format, so import → export → import is the identity. */
export async function exportCompany(workbook: Workbook, target: string): Promise<number> {
  let rows = 0
  function* lines(): Generator<string> {
    yield importHeaderLine()
    for (const record of exportRecords(workbook)) {
      rows++
      yield importLine(record)
    }
  }
  await writeCsvLines(lines(), target)
  return rows
}

import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse'
import type { ImportError } from '../../../src-shared/contract'
import {
  MISSING_REQUIRED_HEADER,
  matchHeaders,
  missingHeaderMessage,
} from '../../../src-shared/domain/csv-headers'
import { IMPORT_COLUMNS } from '../../../src-shared/domain/import-format'

export interface ReadProgress {
  bytes: number
  totalBytes: number
  rows: number
}

export type ReadResult =
  | { ok: true; fileName: string; presentColumns: number[]; rows: string[][] }
  | { ok: false; errors: ImportError[] }

export class ImportCancelled extends Error {
  constructor() {
    super('The import was cancelled.')
    this.name = 'ImportCancelled'
  }
}

const fileError = (code: string, message: string, header = '', row = 0): ImportError => ({
  row,
  header,
  id: '',
  code,
  message,
  consistencyKey: null,
})

/**
 * Streams an employee CSV: a UTF-8 BOM, CRLF, quoted commas, quotes and newlines are fine; empty
 * lines (and lines of empty fields) are skipped; headers match ignoring case and surrounding spaces;
 * unrecognised headers are dropped. Each row comes back aligned with IMPORT_COLUMNS.
 */
export async function readImportCsv(
  filePath: string,
  options: { signal?: AbortSignal; onProgress?: (progress: ReadProgress) => void } = {},
): Promise<ReadResult> {
  let totalBytes: number
  try {
    totalBytes = fs.statSync(filePath).size
  } catch {
    return { ok: false, errors: [fileError('FileNotFound', `${filePath} cannot be read.`)] }
  }
  const input = fs.createReadStream(filePath)
  // A quote inside an unquoted field is kept as text (relax_quotes), as spreadsheets write it.
  const parser = parse({ bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true })
  let bytes = 0
  input.on('data', (chunk) => (bytes += chunk.length))
  input.on('error', (error) => parser.destroy(error))
  input.pipe(parser)

  let positions: number[] | null = null
  let presentColumns: number[] = []
  const rows: string[][] = []
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (options.signal?.aborted) throw new ImportCancelled()
      if (positions === null) {
        const { found, missingRequired } = matchHeaders(record, IMPORT_COLUMNS)
        if (missingRequired.length > 0) {
          return {
            ok: false,
            errors: missingRequired.map((header) =>
              fileError(MISSING_REQUIRED_HEADER, missingHeaderMessage(header), header),
            ),
          }
        }
        positions = IMPORT_COLUMNS.map((column) => {
          const actual = found.get(column.header)
          return actual === undefined ? -1 : record.indexOf(actual)
        })
        presentColumns = positions.flatMap((at, index) => (at >= 0 ? [index] : []))
        continue
      }
      // A line of empty fields (",,,") is an empty line too.
      if (record.every((cell) => cell === '')) continue
      const aligned = new Array<string>(positions.length)
      for (let i = 0; i < positions.length; i++)
        aligned[i] = positions[i] >= 0 ? (record[positions[i]] ?? '') : ''
      rows.push(aligned)
      if (rows.length % 10_000 === 0) options.onProgress?.({ bytes, totalBytes, rows: rows.length })
    }
  } catch (error) {
    input.destroy()
    if (error instanceof ImportCancelled) throw error
    const where = rows.length + 1
    return {
      ok: false,
      errors: [
        fileError(
          'MalformedCsv',
          `The file is not valid CSV near data row ${where}: ${error instanceof Error ? error.message : String(error)}`,
          '',
          where,
        ),
      ],
    }
  }
  if (positions === null) {
    return {
      ok: false,
      errors: [
        fileError(
          MISSING_REQUIRED_HEADER,
          missingHeaderMessage(IMPORT_COLUMNS[0].header),
          IMPORT_COLUMNS[0].header,
        ),
      ],
    }
  }
  options.onProgress?.({ bytes: totalBytes, totalBytes, rows: rows.length })
  return { ok: true, fileName: path.basename(filePath), presentColumns, rows }
}

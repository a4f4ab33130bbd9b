import { CsvError, parse as parseCsv } from 'csv-parse/sync'
import type { ImportError } from '../../src-shared/contract'
import {
  DUPLICATE_HEADER,
  MISSING_REQUIRED_HEADER,
  duplicateHeaderMessage,
  matchHeaders,
  missingHeaderMessage,
} from '../../src-shared/domain/csv-headers'
import { IMPORT_COLUMNS } from '../../src-shared/domain/import-format'

const fileError = (code: string, message: string, header = ''): ImportError => ({
  row: 0,
  header,
  id: '',
  code,
  message,
  consistencyKey: null,
})

/**
 * The CSV's rows aligned with IMPORT_COLUMNS, read as the desktop reads a file: csv-parse with the
 * desktop's options (csv-records.ts), a BOM, CRLF or LF, headers matched ignoring case and spaces,
 * unknown headers dropped, lines of empty fields skipped.
 */
export function readCsvText(
  text: string,
): { ok: true; rows: string[][] } | { ok: false; errors: ImportError[] } {
  let records: string[][]
  try {
    records = parseCsv(text.replace(/^\uFEFF/, ''), {
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
      record_delimiter: ['\r\n', '\n'],
    }) as string[][]
  } catch (error) {
    const message = error instanceof CsvError ? error.message : String(error)
    return { ok: false, errors: [fileError('NotCsv', `The data is not CSV: ${message}`)] }
  }
  const [header, ...body] = records
  if (!header) return { ok: false, errors: [fileError('NotCsv', 'The data has no header line.')] }
  const { columns, missingRequired, duplicated } = matchHeaders(header, IMPORT_COLUMNS)
  if (missingRequired.length > 0 || duplicated.length > 0)
    return {
      ok: false,
      errors: [
        ...missingRequired.map((h) => fileError(MISSING_REQUIRED_HEADER, missingHeaderMessage(h), h)),
        ...duplicated.map(({ header: h, columns: at }) =>
          fileError(DUPLICATE_HEADER, duplicateHeaderMessage(h, at), h),
        ),
      ],
    }
  const positions = IMPORT_COLUMNS.map((column) => columns.get(column.header) ?? -1)
  const rows: string[][] = []
  for (const record of body) {
    if (record.every((cell) => cell === '')) continue
    rows.push(positions.map((at) => (at >= 0 ? (record[at] ?? '') : '')))
  }
  return { ok: true, rows }
}

import fs from 'node:fs'
import path from 'node:path'
import type { ImportError } from '../../../src-shared/contract'
import {
  DUPLICATE_HEADER,
  MISSING_REQUIRED_HEADER,
  duplicateHeaderMessage,
  matchHeaders,
  missingHeaderMessage,
} from '../../../src-shared/domain/csv-headers'
import { IMPORT_COLUMNS } from '../../../src-shared/domain/import-format'
import { CsvRecordReader } from './csv-records'
import { CsvTextDecoder, MixedEncodingError, notCsvReason, otherSeparatorReason } from './csv-text'

export interface ReadProgress {
  bytes: number
  totalBytes: number
  rows: number
}

export type ReadResult =
  | {
      ok: true
      fileName: string
      presentColumns: number[]
      rows: string[][]
      encoding: CsvTextDecoder['encoding']
    }
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
  const input = fs.createReadStream(filePath, { highWaterMark: CHUNK_BYTES })
  const decoder = new CsvTextDecoder()
  // Set by the record callback (typed with `as` so that the checks after the loop are not narrowed away).
  let positions = null as number[] | null
  let identity = false
  let refused = null as ImportError[] | null
  const rows: string[][] = []
  const reader = new CsvRecordReader((record) => {
    if (refused) return
    if (positions === null) {
      const separator = otherSeparatorReason(record, path.basename(filePath))
      if (separator) {
        refused = [fileError('NotCommaSeparated', separator)]
        return
      }
      const { columns, missingRequired, duplicated } = matchHeaders(record, IMPORT_COLUMNS)
      if (missingRequired.length > 0 || duplicated.length > 0) {
        refused = [
          ...missingRequired.map((header) =>
            fileError(MISSING_REQUIRED_HEADER, missingHeaderMessage(header), header),
          ),
          ...duplicated.map(({ header, columns: at }) =>
            fileError(DUPLICATE_HEADER, duplicateHeaderMessage(header, at), header),
          ),
        ]
        return
      }
      positions = IMPORT_COLUMNS.map((column) => columns.get(column.header) ?? -1)
      identity = positions.every((at, index) => at === index)
      return
    }
    // A line of empty fields (",,,") is an empty line too.
    if (record.every((cell) => cell === '')) return
    if (identity && record.length === positions.length) {
      rows.push(record)
      return
    }
    const aligned = new Array<string>(positions.length)
    for (let i = 0; i < positions.length; i++)
      aligned[i] = positions[i] >= 0 ? (record[positions[i]] ?? '') : ''
    rows.push(aligned)
  })
  try {
    let lineBreak: 'CR' | 'LF' | null = null
    // Bytes after the last line break of what was read: decoded once their line is complete.
    let rest: Buffer = Buffer.alloc(0)
    for await (const read of input as AsyncIterable<Buffer>) {
      if (options.signal?.aborted) throw new ImportCancelled()
      const chunk = rest.length > 0 ? Buffer.concat([rest, read]) : read
      if (lineBreak === null) {
        const reason = notCsvReason(chunk, path.basename(filePath))
        if (reason) {
          refused = [fileError('NotCsv', reason)]
          break
        }
        lineBreak = chunk.includes(CR) && !chunk.includes(LF) ? 'CR' : 'LF'
      }
      // Old Mac spreadsheets end lines with CR alone.
      if (lineBreak === 'CR')
        for (let at = chunk.indexOf(CR); at >= 0; at = chunk.indexOf(CR, at + 1)) chunk[at] = LF
      const lines = chunk.lastIndexOf(LF) + 1
      if (lines > 0) for (const text of decoder.lines(chunk.subarray(0, lines))) reader.push(text)
      rest = chunk.subarray(lines)
      if (refused) break
      options.onProgress?.({ bytes: input.bytesRead, totalBytes, rows: rows.length })
    }
    if (!refused) {
      for (const text of decoder.lines(rest)) reader.push(text)
      reader.end()
    }
  } catch (error) {
    if (error instanceof ImportCancelled) throw error
    const where = rows.length + 1
    if (error instanceof MixedEncodingError) {
      const mix =
        error.readAs === 'UTF-8'
          ? `Data row ${where} is not UTF-8 text, but the rows before it are.`
          : `Data row ${where} is UTF-8 text, but the rows before it are not (they read as Windows-1252).`
      const message = `${mix} Save the file as "CSV UTF-8" and choose it again.`
      return { ok: false, errors: [fileError('MixedEncoding', message, '', where)] }
    }
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
  } finally {
    input.destroy()
  }
  if (refused) return { ok: false, errors: refused }
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
  const presentColumns = positions.flatMap((at, index) => (at >= 0 ? [index] : []))
  options.onProgress?.({ bytes: totalBytes, totalBytes, rows: rows.length })
  return { ok: true, fileName: path.basename(filePath), presentColumns, rows, encoding: decoder.encoding }
}

const CHUNK_BYTES = 1 << 20
const LF = 0x0a
const CR = 0x0d

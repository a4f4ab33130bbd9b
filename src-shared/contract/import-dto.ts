import type { RowError } from './dto'

/** One problem in an import; consistency errors name the key their rows share (spec §3 "Import results"). */
export interface ImportError extends RowError {
  /** e.g. { field: 'payRangeName', value: 'ENG-3' } for rows that disagree on what that range implies. */
  consistencyKey: { field: string; value: string } | null
}

export interface ImportBatchSummary {
  fileName: string
  /** Rows of this batch are numbered from offset + 1 in the results. */
  offset: number
  rows: number
  /** How its bytes were read: UTF-8, or Windows-1252 for a spreadsheet's plain CSV (see csv-text.ts). */
  encoding: 'UTF-8' | 'Windows-1252'
}

/** Where an import stands: parsing a file, waiting for fixes, or done. */
export type ImportPhase = 'parsing' | 'review' | 'committing' | 'imported' | 'aborted'

export interface ImportSummary {
  importId: string
  phase: ImportPhase
  batches: ImportBatchSummary[]
  rows: number
  /** Rows with at least one error. */
  rowsWithErrors: number
  errorCount: number
  /** Headers present in the files (spec labels), in the spec's order. */
  headers: string[]
  /** The file-level refusal (missing required header, unreadable file), when aborted. */
  abortReason: ImportError | null
  imported: number
  /** What an undo would take back ('Email in row 2'), or null; the same for redo. */
  undoLabel: string | null
  redoLabel: string | null
}

/** A page of rows for the results grid. Values are the text as typed (edits included). */
export interface ImportRowsPage {
  total: number
  rows: { row: number; id: string; values: Record<string, string>; errors: ImportError[] }[]
}

/** The CLI's and the commit's answer (issue format). */
export interface ImportResult {
  status: 'imported' | 'invalid' | 'aborted'
  rows: number
  imported: number
  errors: RowError[]
}

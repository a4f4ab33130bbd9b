export type WorkbookErrorCode =
  | 'NOT_A_WORKBOOK'
  | 'WORKBOOK_DAMAGED'
  | 'WORKBOOK_TOO_NEW'
  | 'WORKBOOK_LOCKED'
  | 'FILE_NOT_FOUND'
  | 'FILE_EXISTS'

/** A refusal to open or create a workbook; the message is meant for the user. */
export class WorkbookError extends Error {
  constructor(
    readonly code: WorkbookErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'WorkbookError'
  }
}

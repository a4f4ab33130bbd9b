/** Every channel answers with an envelope: errors are values with a code, never thrown across IPC. */
export interface AppError {
  code: ErrorCode
  message: string
}

export type ErrorCode =
  | 'BAD_INPUT'
  | 'FORBIDDEN'
  | 'NO_WORKBOOK'
  | 'NOT_FOUND'
  | 'UNKNOWN_CHANNEL'
  | 'UNSUPPORTED'
  | 'UNAUTHORIZED'
  | 'INTERNAL'
  | 'NOT_A_WORKBOOK'
  | 'WORKBOOK_DAMAGED'
  | 'WORKBOOK_TOO_NEW'
  | 'WORKBOOK_LOCKED'
  | 'FILE_NOT_FOUND'
  | 'FILE_EXISTS'
  /** The company server: cannot be reached, the sign-in ended, or it refused with its own reason. */
  | 'OFFLINE'
  | 'SIGNED_OUT'
  | 'SERVER'

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError }

export function ok<T>(value: T): Result<T> {
  return { ok: true, value }
}

export function fail<T = never>(code: ErrorCode, message: string): Result<T> {
  return { ok: false, error: { code, message } }
}

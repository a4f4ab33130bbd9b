import type { ErrorCode } from '../../src-shared/contract'

/** A refusal a service reports to the user: the IPC layer turns it into `{ ok: false, error }`. */
export class Failure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'Failure'
  }
}

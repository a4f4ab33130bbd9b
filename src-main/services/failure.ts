import type { ErrorCode, Result } from '../../src-shared/contract'

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

/** The value of an answer, or its refusal thrown as a Failure. */
export async function unwrap<T>(result: Promise<Result<T>>): Promise<T> {
  const answer = await result
  if (!answer.ok) throw new Failure(answer.error.code, answer.error.message)
  return answer.value
}

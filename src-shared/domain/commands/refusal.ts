/**
 * What a command's decision answers (issue 37): the change to write, or a refusal with a code and the
 * user's message. The desktop turns a refusal into its envelope's error; the company server into a
 * status (`BAD_INPUT` 400, `FORBIDDEN` 403, `NOT_FOUND` 404, `CONFLICT` 409) with the same message.
 */

export type RefusalCode = 'BAD_INPUT' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT'

export interface Refusal {
  ok: false
  code: RefusalCode
  message: string
}

export type Decision<Change> = { ok: true; change: Change } | Refusal

export function refuse(code: RefusalCode, message: string): Refusal {
  return { ok: false, code, message }
}

export function accept<Change>(change: Change): { ok: true; change: Change } {
  return { ok: true, change }
}

/** The HTTP status a refusal answers with on the company server. */
export const REFUSAL_STATUS: Record<RefusalCode, number> = {
  BAD_INPUT: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
}

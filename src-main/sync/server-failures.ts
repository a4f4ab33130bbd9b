/**
 * When the company server fails on a push (a 5xx answer) rather than refusing it. Statuses that say
 * the server or its proxy is away or busy (429, 502, 503, 504) leave the push queued as an
 * unreachable server does, however long. Any other 5xx is a failure on this push: it is tried again
 * at the next rounds, and after MAX_SERVER_FAILURES it is taken out of the queue's way as a refusal
 * (put back, the user told, the history kept), provided the server answers a plain request then: a
 * server that fails on everything (its database down) is away, not refusing this one change.
 */
export const MAX_SERVER_FAILURES = 3

export type FailureKind = 'unreachable' | 'refused' | 'failed'

/** What a non-2xx status makes of a push: wait, refused at once, or failed (counted). */
export function failureKind(status: number): FailureKind {
  if (status === 429 || status === 502 || status === 503 || status === 504) return 'unreachable'
  return status >= 500 ? 'failed' : 'refused'
}

/** The reason given when a push the server kept failing on is put back. */
export function failedReason(serverMessage: string, times: number): string {
  const message = /[.!?]$/.test(serverMessage.trim()) ? serverMessage.trim() : `${serverMessage.trim()}.`
  return `${message} (The server failed on it ${times} times.)`
}

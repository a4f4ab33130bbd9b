import { HttpError } from '../http/errors'
import type { MergeSettings } from './settings'

/** How often a call Merge answers 429 is tried again, and the longest wait between tries. */
export const MERGE_RETRIES = 3
const MAX_WAIT_MS = 60_000

export interface MergeCall {
  method: 'GET' | 'POST'
  /** From the base URL: `/api/hris/v1/employees?…`. */
  path: string
  accountToken?: string
  body?: unknown
}

/**
 * How long Merge asks to wait after a 429: Retry-After (seconds), else X-RateLimit-Reset (epoch
 * seconds, or seconds from now when small), else one second; never more than a minute.
 */
export function waitAfter(headers: Headers, now: number): number {
  const retryAfter = Number(headers.get('retry-after'))
  if (headers.has('retry-after') && Number.isFinite(retryAfter))
    return Math.min(Math.max(retryAfter * 1000, 0), MAX_WAIT_MS)
  const reset = Number(headers.get('x-ratelimit-reset'))
  if (headers.has('x-ratelimit-reset') && Number.isFinite(reset))
    return Math.min(Math.max(reset > 1e9 ? reset * 1000 - now : reset * 1000, 0), MAX_WAIT_MS)
  return 1000
}

/** Merge's error bodies carry `detail` or `errors[].detail`; else the status line's words. */
async function mergeProblem(response: Response): Promise<string> {
  const body = await response.text()
  try {
    const parsed = JSON.parse(body) as { detail?: unknown; errors?: { detail?: unknown }[] }
    if (typeof parsed.detail === 'string') return parsed.detail
    const first = parsed.errors?.[0]?.detail
    if (typeof first === 'string') return first
  } catch {
    // Not JSON: the status text says it.
  }
  return response.statusText || 'no reason given'
}

/**
 * One call to Merge with the API key (and the linked account's token): JSON in, JSON out. A 429 waits
 * as Merge asks and tries again (MERGE_RETRIES times); any other refusal is an HttpError: 400 when the
 * caller's input (`refusedInput`) was refused, else 502 naming the call and Merge's words.
 */
export async function callMerge(
  settings: MergeSettings & { apiKey: string },
  call: MergeCall,
  refusedInput?: (status: number, problem: string) => string | null,
): Promise<unknown> {
  const url = call.path.startsWith('http') ? call.path : `${settings.baseUrl}${call.path}`
  const headers: Record<string, string> = {
    authorization: `Bearer ${settings.apiKey}`,
    accept: 'application/json',
  }
  if (call.accountToken) headers['x-account-token'] = call.accountToken
  if (call.body !== undefined) headers['content-type'] = 'application/json'
  const what = `${call.method} ${new URL(url).pathname}`
  for (let attempt = 0; ; attempt++) {
    let response: Response
    try {
      response = await fetch(url, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      })
    } catch (error) {
      const reason =
        error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : ''
      throw new HttpError(502, `Merge cannot be reached at ${settings.baseUrl} (${what}): ${reason}`)
    }
    if (response.status === 429 && attempt < MERGE_RETRIES) {
      await response.arrayBuffer()
      await new Promise((resolve) => setTimeout(resolve, waitAfter(response.headers, Date.now())))
      continue
    }
    if (!response.ok) {
      const problem = await mergeProblem(response)
      const input = refusedInput?.(response.status, problem)
      if (input) throw new HttpError(400, input)
      throw new HttpError(502, `Merge answered ${response.status} to ${what}: ${problem}`)
    }
    try {
      return (await response.json()) as unknown
    } catch {
      throw new HttpError(502, `Merge's answer to ${what} is not JSON.`)
    }
  }
}

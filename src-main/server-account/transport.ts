import { Failure } from '../services/failure'

export const REFRESH_COOKIE = 'meritbook_refresh'
export const SIGNED_OUT = 'Your sign-in has ended. Sign in again.'

/** The spec's client transport: a bearer token on each call; on a 401 one refresh (never for the refresh itself) and one retry. */
export class ServerTransport {
  private access: string | null = null
  private refreshing: Promise<boolean> | null = null

  constructor(
    readonly server: string,
    private refresh: string | null,
    /** Called with every new refresh token (the keychain keeps it). */
    private readonly onRefresh: (token: string | null) => Promise<void>,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  get refreshToken(): string | null {
    return this.refresh
  }

  setTokens(access: string, refresh: string | null): void {
    this.access = access
    this.refresh = refresh
  }

  private url(path: string): string {
    return new URL(path, this.server.endsWith('/') ? this.server : `${this.server}/`).toString()
  }

  /** A call without tokens (sign-in, recovery): the answer's JSON, or a Failure with the server's `detail`. */
  async raw(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    signal?: AbortSignal,
  ): Promise<Response> {
    try {
      return await this.fetchImpl(this.url(path), {
        method,
        headers: {
          ...(body === undefined || body instanceof Uint8Array ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        // Bytes go as they are (a company file, its type in `headers`); anything else as JSON.
        body:
          body === undefined
            ? undefined
            : body instanceof Uint8Array
              ? (body as Uint8Array<ArrayBuffer>)
              : JSON.stringify(body),
        signal,
      })
    } catch (error) {
      throw new Failure(
        'OFFLINE',
        `The company server at ${this.server} cannot be reached (${error instanceof Error ? error.message : String(error)}).`,
      )
    }
  }

  /**
   * Trades the refresh token for a new access token (and a new refresh token). False when the
   * session ended. Calls made together share one refresh: the server rotates refresh tokens, so a
   * second trade of the same token would be refused.
   */
  refreshAccess(): Promise<boolean> {
    this.refreshing ??= this.tradeRefreshToken().finally(() => {
      this.refreshing = null
    })
    return this.refreshing
  }

  private async tradeRefreshToken(): Promise<boolean> {
    if (!this.refresh) return false
    const response = await this.raw('POST', 'api/user/token/refresh/', undefined, {
      cookie: `${REFRESH_COOKIE}=${this.refresh}`,
    })
    if (!response.ok) {
      this.access = null
      this.refresh = null
      await this.onRefresh(null)
      return false
    }
    this.access = ((await response.json()) as { access: string }).access
    this.refresh = refreshFrom(response) ?? this.refresh
    await this.onRefresh(this.refresh)
    return true
  }

  /** A signed-in call's raw answer: on a 401 one refresh and one retry. */
  async authorized(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    signal?: AbortSignal,
  ): Promise<Response> {
    if (!this.access && !(await this.refreshAccess())) throw new Failure('SIGNED_OUT', SIGNED_OUT)
    const sent = this.access
    const call = () =>
      this.raw(method, path, body, { ...headers, authorization: `Bearer ${this.access}` }, signal)
    let response = await call()
    if (response.status === 401) {
      // Another call may have refreshed meanwhile: retry with its token before trading again.
      const renewed = this.access !== null && this.access !== sent
      if (!renewed && !(await this.refreshAccess())) throw new Failure('SIGNED_OUT', SIGNED_OUT)
      response = await call()
    }
    return response
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return answerOf<T>(await this.authorized(method, path, body))
  }
}

/** The refresh token a response sets, if any. */
export function refreshFrom(response: Response): string | null {
  for (const cookie of response.headers.getSetCookie()) {
    const match = new RegExp(`^${REFRESH_COOKIE}=([^;]*)`).exec(cookie)
    if (match && match[1] !== '') return decodeURIComponent(match[1])
  }
  return null
}

/** The JSON of a successful answer, else a Failure carrying the server's `detail`. */
export async function answerOf<T>(response: Response): Promise<T> {
  const text = await response.text()
  let body: unknown
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    body = null
  }
  if (response.ok) return body as T
  const detail =
    body && typeof body === 'object' && 'detail' in body ? String((body as { detail: unknown }).detail) : null
  const code = response.status === 401 ? 'SIGNED_OUT' : response.status === 403 ? 'FORBIDDEN' : 'SERVER'
  throw new Failure(code, detail ?? `The company server answered ${response.status}.`)
}

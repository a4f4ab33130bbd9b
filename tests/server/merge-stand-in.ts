import http from 'node:http'

/** An employee as the stand-in keeps it: Merge's Employee fields, its employments in full. */
export interface StandInEmployee {
  id: string
  remote_id: string
  employee_number: string | null
  first_name: string
  last_name: string
  display_full_name: string
  preferred_name: string | null
  work_email: string | null
  personal_email: string | null
  manager: string | null
  start_date: string | null
  employment_status: 'ACTIVE' | 'PENDING' | 'INACTIVE'
  gender: string | null
  ethnicity: string | null
  date_of_birth: string | null
  remote_was_deleted: boolean
  remote_data: { path: string; data: unknown }[]
  employments: {
    id: string
    job_title: string | null
    pay_rate: number | null
    pay_period: string | null
    pay_currency: string | null
    flsa_status: string | null
    effective_date: string | null
    remote_data: { path: string; data: unknown }[]
  }[]
}

export interface SeenRequest {
  method: string
  path: string
  query: URLSearchParams
  authorization: string | undefined
  accountToken: string | undefined
  body: unknown
}

export interface MergeStandIn {
  url: string
  apiKey: string
  /** The public token Merge Link would give, and the account token it is exchanged for. */
  publicToken: string
  accountToken: string
  employees: StandInEmployee[]
  requests: SeenRequest[]
  /** The next employees call for a later page answers 429 once (Merge's rate limit) when set. */
  limitOnce: boolean
  pageSize: number
  close(): Promise<void>
}

const RATE_LIMIT = 100

/**
 * A stand-in for Merge's API on loopback (node:http, a real socket): the calls Meritbook makes, in
 * the request and response shapes Merge documents. `Authorization: Bearer <API key>` on every call,
 * `X-Account-Token` on HRIS calls; list endpoints page by a `cursor` query with `next`/`previous`;
 * `expand=employments,manager` inlines those objects; `include_remote_data=true` adds `remote_data`;
 * every answer carries X-RateLimit-Limit/Remaining/Reset, and `limitOnce` makes one 429 with Retry-After.
 */
export async function startMergeStandIn(employees: StandInEmployee[]): Promise<MergeStandIn> {
  const state: Omit<MergeStandIn, 'url' | 'close'> = {
    apiKey: 'merge-test-api-key',
    publicToken: 'public-token-from-link',
    accountToken: 'account-token-secret-0123456789',
    employees,
    requests: [],
    limitOnce: false,
    pageSize: 2,
  }
  let remaining = RATE_LIMIT
  const server = http.createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in')
      const seen: SeenRequest = {
        method: request.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        authorization: request.headers.authorization,
        accountToken: request.headers['x-account-token'] as string | undefined,
        body: raw ? (JSON.parse(raw) as unknown) : null,
      }
      state.requests.push(seen)
      remaining = Math.max(remaining - 1, 0)
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'x-ratelimit-limit': String(RATE_LIMIT),
          'x-ratelimit-remaining': String(remaining),
          'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 60),
          ...headers,
        })
        response.end(JSON.stringify(body))
      }
      if (seen.authorization !== `Bearer ${state.apiKey}`) return send(401, { detail: 'Invalid API key.' })
      if (seen.method === 'POST' && seen.path === '/api/integrations/create-link-token')
        return send(200, {
          link_token: 'link-token-for-merge-link',
          integration_name: null,
          magic_link_url: null,
        })
      const exchange = /^\/api\/integrations\/account-token\/([^/]+)\/?$/.exec(seen.path)
      if (seen.method === 'GET' && exchange)
        return decodeURIComponent(exchange[1]) === state.publicToken
          ? send(200, {
              account_token: state.accountToken,
              integration: {
                name: 'BambooHR',
                slug: 'bamboohr',
                categories: ['hris'],
                image: 'https://merge.test/bamboohr.png',
                square_image: 'https://merge.test/bamboohr-square.png',
                color: '#73C41D',
              },
            })
          : send(404, { detail: 'Not found.' })
      if (seen.method === 'GET' && seen.path === '/api/hris/v1/employees') {
        if (seen.accountToken !== state.accountToken) return send(401, { detail: 'Invalid account token.' })
        const offset = Number(Buffer.from(url.searchParams.get('cursor') ?? 'MA==', 'base64').toString())
        if (offset > 0 && state.limitOnce) {
          state.limitOnce = false
          return send(
            429,
            { detail: 'Request was throttled.' },
            { 'retry-after': '1', 'x-ratelimit-remaining': '0' },
          )
        }
        const expand = new Set((url.searchParams.get('expand') ?? '').split(',').filter(Boolean))
        const remote = url.searchParams.get('include_remote_data') === 'true'
        const size = Math.min(Number(url.searchParams.get('page_size') ?? 100), state.pageSize)
        const slice = state.employees.slice(offset, offset + size)
        const cursor = (at: number) => Buffer.from(String(at)).toString('base64')
        return send(200, {
          next: offset + size < state.employees.length ? cursor(offset + size) : null,
          previous: offset > 0 ? cursor(Math.max(offset - size, 0)) : null,
          results: slice.map((e) => ({
            ...e,
            manager:
              expand.has('manager') && e.manager
                ? { ...byId(state.employees, e.manager), employments: [] }
                : e.manager,
            employments: expand.has('employments')
              ? e.employments.map((job) => ({
                  ...job,
                  employee: e.id,
                  remote_data: remote ? job.remote_data : null,
                }))
              : e.employments.map((job) => job.id),
            remote_data: remote ? e.remote_data : null,
            modified_at: '2026-01-01T00:00:00Z',
            field_mappings: null,
          })),
        })
      }
      send(404, { detail: 'Not found.' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}

function byId(employees: readonly StandInEmployee[], id: string): StandInEmployee | undefined {
  return employees.find((e) => e.id === id)
}

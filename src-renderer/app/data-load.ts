import {
  contract,
  type Channel,
  type ChannelInput,
  type ChannelOutput,
  type Result,
} from '../../src-shared/contract'
import type { RoleName } from '../../src-shared/domain/roles'
import { canCall } from './can-call'
import { emptyCollections, type DataCollections, type DataKey } from './data-slice'

/** The shape of `invoke` from client.ts; passed in so this module stays pure and testable. */
export type Invoke = <C extends Channel>(
  channel: C,
  input: ChannelInput<C>,
) => Promise<Result<ChannelOutput<C>>>

/**
 * Spec §7 (both documents): employees, rewards, job profiles, pay ranges, planner submissions;
 * then teams, settings, pay cycle configurations, users, roles. The company details come last.
 */
export const LOAD_PHASES = [
  [
    ['employees', 'employees.list'],
    ['rewards', 'rewards.list'],
    ['jobProfiles', 'jobProfiles.list'],
    ['payRanges', 'payRanges.list'],
    ['plannerSubmissions', 'plannerSubmissions.list'],
  ],
  [
    ['teams', 'teams.list'],
    ['userSettings', 'userSettings.get'],
    ['payCycles', 'payCycles.list'],
    ['users', 'users.list'],
    ['roles', 'roles.list'],
    ['company', 'company.get'],
  ],
] as const satisfies readonly (readonly (readonly [DataKey, Channel])[])[]

type LoadPair = (typeof LOAD_PHASES)[number][number]
type LoadChannel = LoadPair[1]

/** Compile-time check that every channel answers with its collection's type (see `assign`). */
type PairMatches<P> = P extends readonly [infer K extends DataKey, infer C extends Channel]
  ? ChannelOutput<C> extends DataCollections[K]
    ? true
    : false
  : false
const _everyPairMatches: false extends PairMatches<LoadPair> ? never : true = true

/** Spec §7 toasts of the initial data load (verbatim). */
export const LOAD_MESSAGES = {
  loading: 'Loading data...',
  loaded: 'Data loaded successfully!',
  failed: 'Failed to load data.',
} as const

/** Spec §8 fetch-failure messages, kept in state per collection. */
export const FETCH_FAILURE_MESSAGES: Record<DataKey, string> = {
  employees: 'Failed to fetch compensation Info',
  rewards: 'Failed to fetch compensation Info',
  jobProfiles: 'Failed to fetch compensation Info',
  payRanges: 'Failed to fetch compensation Info',
  plannerSubmissions: 'Failed to fetch compensation Info',
  teams: 'Failed to fetch teams',
  userSettings: 'Failed to fetch settings',
  payCycles: 'Failed to fetch pay cycle configuration',
  users: 'Failed to fetch users',
  roles: 'Failed to fetch roles',
  company: 'Failed to fetch company details',
}

export type LoadOutcome =
  | { ok: true; data: DataCollections; skipped: DataKey[] }
  | { ok: false; error: string; errors: Partial<Record<DataKey, string>> }

type StepResult =
  | { key: DataKey; status: 'ok'; value: ChannelOutput<LoadChannel> }
  | { key: DataKey; status: 'skipped' }
  | { key: DataKey; status: 'failed'; message: string }

/**
 * At most this many calls of the load are in flight at once. A browser opens six connections to
 * one host and the event stream holds one; with five lists in flight (58 MiB of employees at
 * 100,000) the Compensation Table's own small requests would wait for a free connection.
 */
export const LOAD_CONCURRENCY = 2

/**
 * Runs the initial data load for a role. Calls are issued in the spec's order, at most
 * LOAD_CONCURRENCY at a time; the second phase starts when the first has answered. Channels the
 * role may not call are skipped and their collections stay empty. Any failure fails the load.
 */
export async function loadInitialData(invoke: Invoke, role: RoleName): Promise<LoadOutcome> {
  const data = emptyCollections()
  const skipped: DataKey[] = []
  for (const phase of LOAD_PHASES) {
    const pairs: readonly LoadPair[] = phase
    const results = await inOrder(pairs, LOAD_CONCURRENCY, ([key, channel]) =>
      runStep(invoke, role, key, channel),
    )
    const errors: Partial<Record<DataKey, string>> = {}
    let first: string | null = null
    for (const result of results) {
      if (result.status === 'skipped') skipped.push(result.key)
      else if (result.status === 'failed') {
        errors[result.key] = `${FETCH_FAILURE_MESSAGES[result.key]}: ${result.message}`
        first ??= FETCH_FAILURE_MESSAGES[result.key]
      } else assign(data, result.key, result.value)
    }
    if (first !== null) return { ok: false, error: first, errors }
  }
  return { ok: true, data, skipped }
}

/** Runs `task` over `items` in their order, `limit` at a time; the results keep the items' order. */
async function inOrder<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length)
  let next = 0
  const lane = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index])
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
  return results
}

async function runStep(
  invoke: Invoke,
  role: RoleName,
  key: DataKey,
  channel: LoadChannel,
): Promise<StepResult> {
  if (!canCall(role, contract[channel].access)) return { key, status: 'skipped' }
  // Every load channel takes no input (`{}`).
  const result = await invoke(channel, {} as ChannelInput<LoadChannel>)
  return result.ok
    ? { key, status: 'ok', value: result.value }
    : { key, status: 'failed', message: result.error.message }
}

/**
 * Writes one answer into its collection; the key/channel pairs above guarantee the types match.
 * A list is frozen here, shallowly: immer, which the store's reducers use, leaves a frozen value as
 * it is instead of deep-freezing its 100,000 items one by one.
 */
function assign(data: DataCollections, key: DataKey, value: ChannelOutput<LoadChannel>): void {
  ;(data as Record<DataKey, unknown>)[key] = Array.isArray(value) ? Object.freeze(value) : value
}

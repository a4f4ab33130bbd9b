import type { LiveRates } from '../../src-shared/contract'
import { isoDay } from '../../src-shared/domain/proration'

/**
 * 'Reload live rates' (administration document §7 Live currency rates): the external rates service
 * is asked for the latest rates with a base currency, the wanted currencies, amount 1, 3 decimal
 * places and daily resolution. A failure returns an empty result. Only an explicit click asks it:
 * nothing else in Meritbook goes to the network for rates.
 */
export const RATES_SERVICE_URL = 'https://api.fxratesapi.com'
export const RATES_TIMEOUT_MS = 10_000

/** The service's address; MERITBOOK_RATES_URL points it elsewhere (a company proxy, a test). */
export function ratesServiceUrl(): string {
  return process.env.MERITBOOK_RATES_URL?.trim() || RATES_SERVICE_URL
}

export function liveRatesUrl(baseUrl: string, base: string, currencies: readonly string[]): string {
  const url = new URL('latest', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`)
  url.searchParams.set('base', base)
  url.searchParams.set('currencies', currencies.join(','))
  url.searchParams.set('resolution', '1d')
  url.searchParams.set('amount', '1')
  url.searchParams.set('places', '3')
  url.searchParams.set('format', 'json')
  return url.toString()
}

export function offlineRates(base: string, reason: string): LiveRates {
  return {
    base,
    rates: {},
    date: null,
    missing: [],
    offline: `Live rates are offline: ${reason} The rates were not changed; type them by hand.`,
  }
}

/** The service's answer as rates per one unit of `base`; only the currencies asked for, above 0. */
export function parseLiveRates(body: unknown, base: string, currencies: readonly string[]): LiveRates {
  const answer = (body ?? {}) as { success?: unknown; rates?: unknown; date?: unknown; description?: unknown }
  if (answer.success === false || typeof answer.rates !== 'object' || answer.rates === null) {
    const why = typeof answer.description === 'string' ? answer.description : 'it answered without rates.'
    return offlineRates(base, `the rates service refused: ${why}`)
  }
  const given = answer.rates as Record<string, unknown>
  const rates: Record<string, number> = { [base]: 1 }
  const missing: string[] = []
  for (const code of currencies) {
    if (code === base) continue
    const rate = given[code]
    if (typeof rate === 'number' && Number.isFinite(rate) && rate > 0) rates[code] = rate
    else missing.push(code)
  }
  return {
    base,
    rates,
    date: typeof answer.date === 'string' ? isoDay(answer.date) : null,
    missing,
    offline: null,
  }
}

export async function fetchLiveRates(
  base: string,
  currencies: readonly string[],
  options: { baseUrl?: string; timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): Promise<LiveRates> {
  const wanted = currencies.filter((code) => code !== base)
  const url = liveRatesUrl(options.baseUrl ?? ratesServiceUrl(), base, wanted)
  let response: Response
  try {
    response = await (options.fetchImpl ?? fetch)(url, {
      signal: AbortSignal.timeout(options.timeoutMs ?? RATES_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    })
  } catch (error) {
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : ''
    return offlineRates(
      base,
      `the rates service (${new URL(url).host}) could not be reached${cause ? ` (${cause})` : ''}.`,
    )
  }
  if (!response.ok) return offlineRates(base, `the rates service answered ${response.status}.`)
  try {
    return parseLiveRates(await response.json(), base, wanted)
  } catch {
    return offlineRates(base, 'the rates service answered something that is not JSON.')
  }
}

import type { PayCycleDto } from '../../src-shared/contract'
import type { PayCycleConfig } from '../../src-shared/domain/pay-cycles'
import { DEFAULT_SETTINGS, type PayCycleSettings } from '../../src-shared/domain/settings'

/** An active pay cycle 'Test' (id 1) in USD at rate 1 with `settings` over the defaults; `patch` changes the rest. */
export function payCycleDto(
  settings: Partial<PayCycleSettings> = {},
  patch: Partial<PayCycleDto> = {},
): PayCycleDto {
  return {
    id: 1,
    name: 'Test',
    active: true,
    effectiveDate: null,
    companyMeritBudget: null,
    defaultCurrency: 'USD',
    currencyConversions: { USD: 1 },
    settings: { ...DEFAULT_SETTINGS, ...settings },
    updatedAt: '2026-01-01T00:00:00.000Z',
    closedAt: null,
    ratesAsOf: null,
    ...patch,
  }
}

/**
 * A configuration as the pay-cycle editor validates it: FY2027 from 2027-04-01, a $100,000 merit
 * budget, USD with EUR at 0.9, ratings Low (to 2), Mid (to 4) and High (to 5); `settings` and `rest`
 * change any part.
 */
export function payCycleConfig(
  settings: Partial<PayCycleSettings> = {},
  rest: Partial<PayCycleConfig> = {},
): PayCycleConfig {
  return {
    name: 'FY2027',
    effectiveDate: '2027-04-01',
    companyMeritBudget: 100_000_00,
    defaultCurrency: 'USD',
    currencyConversions: { USD: 1, EUR: 0.9 },
    ratesAsOf: null,
    settings: {
      ...DEFAULT_SETTINGS,
      performanceRatings: [
        { label: 'Low', max_rating: 2 },
        { label: 'Mid', max_rating: 4 },
        { label: 'High', max_rating: 5 },
      ],
      ...settings,
    },
    ...rest,
  }
}

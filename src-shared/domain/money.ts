/** Money is held as integer hundredths (cents) of its currency; see currencies.ts. */
export type Cents = number

export function toCents(amount: number): Cents {
  return Math.round(amount * 100)
}

export function fromCents(cents: Cents): number {
  return cents / 100
}

/** en-US, at most 2 decimals (spec §9). */
export function formatMoney(cents: Cents, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    maximumFractionDigits: 2,
  }).format(fromCents(cents))
}

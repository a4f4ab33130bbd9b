import { missingRatesWarning, type MissingRates } from '../../../src-shared/domain/missing-rates'

/**
 * Beside a figure in the default currency: who it leaves out for want of a conversion rate, how much
 * pay, and where to set the rate (issue 36). Nothing when every pay has a rate.
 */
export function MissingRatesNote({
  missing,
  figure,
  defaultCurrency,
  testId,
}: {
  missing: MissingRates
  figure: string
  defaultCurrency: string
  testId: string
}) {
  const text = missingRatesWarning(missing, figure, defaultCurrency)
  if (!text) return null
  return (
    <p className="notice notice--warning" role="note" data-testid={testId}>
      {text}
    </p>
  )
}

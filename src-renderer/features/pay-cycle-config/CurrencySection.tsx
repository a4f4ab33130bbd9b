import { useState } from 'react'
import type { LiveRates } from '../../../src-shared/contract'
import { CURRENCIES, type CurrencyCode } from '../../../src-shared/domain/currencies'
import { formatLongDate } from '../../../src-shared/domain/proration'
import {
  addableCurrencies,
  addCurrency,
  changeDefaultCurrency,
  currenciesWithoutRate,
  missingRatesNotice,
  removeCurrency,
  setRate,
  type EditorForm,
} from './editor-state'
import type { SectionProps } from './Field'

/**
 * Default currency and conversions (spec §4): the default currency maps to 1 and is listed first;
 * rates by hand (units of a currency per one unit of the default), or 'Reload live rates' from the
 * rates service, which only this button asks.
 */
export function CurrencySection({
  form,
  update,
  errorOf,
  touch,
  onReloadLive,
  reloading,
  offline,
  payCurrencies,
}: SectionProps<EditorForm> & {
  onReloadLive: () => void
  reloading: boolean
  offline: LiveRates | null
  /** The currencies employees and pay ranges are paid in. */
  payCurrencies: readonly string[]
}) {
  const unrated = currenciesWithoutRate(form, payCurrencies)
  const [defaultError, setDefaultError] = useState<string | null>(null)
  const addable = addableCurrencies(form)
  const [adding, setAdding] = useState<string>('')
  const name = (code: string) => CURRENCIES[code as CurrencyCode]?.name ?? code

  return (
    <section className="pce-section" aria-labelledby="pce-currency">
      <h3 id="pce-currency">Default currency and conversions</h3>
      <div className="pce-row">
        <label className="pce-inline">
          <span className="pce-field__label">Default currency</span>
          <select
            className="text-input pce-select"
            value={form.defaultCurrency}
            onChange={(event) => {
              const { form: next, error } = changeDefaultCurrency(form, event.target.value)
              setDefaultError(error)
              if (!error) update(() => next)
            }}
            data-testid="pce-default-currency"
          >
            {form.rates.map((r) => (
              <option key={r.code} value={r.code}>
                {r.code} · {name(r.code)}
              </option>
            ))}
            {addable.map((code) => (
              <option key={code} value={code}>
                {code} · {name(code)} (no rate yet)
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button"
          onClick={onReloadLive}
          disabled={reloading}
          data-testid="pce-reload-rates"
        >
          {reloading ? 'Reloading…' : 'Reload live rates'}
        </button>
      </div>
      {defaultError && (
        <span className="field-error" role="alert">
          {defaultError}
        </span>
      )}
      <p className="muted pce-rates-source" data-testid="pce-rates-as-of">
        {form.ratesAsOf
          ? `Rates as of ${formatLongDate(form.ratesAsOf)}, from the live rates service.`
          : 'Rates entered by hand.'}{' '}
        A new default currency rebases the rates on it at once; 'Reload live rates' asks the rates service
        over the internet.
      </p>
      {offline?.offline && (
        <p className="notice notice--warning" role="alert" data-testid="pce-rates-offline">
          {offline.offline}
        </p>
      )}
      {offline && !offline.offline && offline.missing.length > 0 && (
        <p className="notice" role="status">
          The rates service has no rate for {offline.missing.join(', ')}; those keep the rate typed here.
        </p>
      )}
      {unrated.length > 0 && (
        <p className="notice notice--warning" role="status" data-testid="pce-missing-rates">
          {missingRatesNotice(unrated, form.defaultCurrency)}
        </p>
      )}
      <table className="pce-table pce-rates">
        <thead>
          <tr>
            <th scope="col">Currency</th>
            <th scope="col">Rate per 1 {form.defaultCurrency}</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {form.rates.map((row) => {
            const isDefault = row.code === form.defaultCurrency
            const error = errorOf(`rates.${row.code}`)
            return (
              <tr key={row.code} data-testid="pce-rate-row" data-code={row.code}>
                <td>
                  <strong>{row.code}</strong> <span className="muted">{name(row.code)}</span>
                </td>
                <td>
                  {isDefault ? (
                    <span data-testid={`pce-rate-${row.code}`}>1 (default currency)</span>
                  ) : (
                    <>
                      <input
                        type="number"
                        className="text-input pce-number"
                        min={0}
                        step="any"
                        value={row.rate ?? ''}
                        aria-label={`Rate of ${row.code} per 1 ${form.defaultCurrency}`}
                        aria-invalid={error ? true : undefined}
                        onChange={(event) => {
                          const text = event.target.value
                          update((f) => setRate(f, row.code, text === '' ? null : Number(text)))
                        }}
                        onBlur={() => touch(`rates.${row.code}`)}
                        data-testid={`pce-rate-${row.code}`}
                      />
                      {error && (
                        <span className="field-error" role="alert">
                          {error}
                        </span>
                      )}
                    </>
                  )}
                </td>
                <td>
                  {!isDefault && (
                    <button
                      type="button"
                      className="button button--ghost"
                      aria-label={`Remove ${row.code}`}
                      onClick={() => update((f) => removeCurrency(f, row.code))}
                      data-testid={`pce-remove-${row.code}`}
                    >
                      ✕
                    </button>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {addable.length > 0 && (
        <div className="pce-row">
          <select
            className="text-input pce-select"
            value={adding}
            aria-label="Currency to add"
            onChange={(event) => setAdding(event.target.value)}
            data-testid="pce-add-currency"
          >
            <option value="">Add a currency…</option>
            {addable.map((code) => (
              <option key={code} value={code}>
                {code} · {name(code)}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button"
            disabled={!adding}
            onClick={() => {
              update((f) => addCurrency(f, adding))
              setAdding('')
            }}
            data-testid="pce-add-currency-submit"
          >
            Add
          </button>
        </div>
      )}
    </section>
  )
}

import { CURRENCIES, type CurrencyCode } from '../../../src-shared/domain/currencies'
import './currency-picker.css'

interface CurrencyPickerProps {
  value: CurrencyCode
  options: readonly CurrencyCode[]
  onChange: (code: CurrencyCode) => void
  disabled?: boolean
  testId?: string
}

/** The preferred currency (spec: only the default or converted currencies are offered). */
export function CurrencyPicker({
  value,
  options,
  onChange,
  disabled,
  testId = 'currency-picker',
}: CurrencyPickerProps) {
  const list = options.includes(value) ? options : [value, ...options]
  return (
    <label className="currency-picker">
      <span className="muted">Currency</span>
      <select
        data-testid={testId}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value as CurrencyCode)}
      >
        {list.map((code) => (
          <option key={code} value={code}>
            {code} ({CURRENCIES[code].symbol})
          </option>
        ))}
      </select>
    </label>
  )
}

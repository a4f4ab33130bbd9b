import { useEffect, useState } from 'react'
import { PERCENT_TOGGLE, percentToggleValue } from '../../../src-shared/domain/pay-cycles'
import { Switch } from '../switch/Switch'
import './percent-toggle-input.css'

export interface PercentToggleInputProps {
  /** Null while switched off. */
  value: number | null
  onChange: (value: number | null) => void
  label: string
  hint?: string
  invalid?: boolean
  testId?: string
}

/**
 * The pay cycle editor's percent toggle input (spec §5): a switch turns the limit on or off; the
 * percent has a minimum of 0 and a step of 0.05 (a typed value moves to its step when it commits).
 */
export function PercentToggleInput({
  value,
  onChange,
  label,
  hint,
  invalid,
  testId,
}: PercentToggleInputProps) {
  const [text, setText] = useState(value === null ? '' : String(value))
  useEffect(() => setText(value === null ? '' : String(value)), [value])

  function commit(raw: string) {
    const next = percentToggleValue(raw.trim() === '' ? 0 : Number(raw))
    setText(String(next ?? 0))
    if (next !== value) onChange(next ?? 0)
  }

  return (
    <div className="percent-toggle" data-testid={testId}>
      <Switch
        checked={value !== null}
        onChange={(on) => onChange(on ? 0 : null)}
        label={label}
        hint={hint}
        testId={testId && `${testId}-switch`}
      />
      {value !== null && (
        <span className="percent-toggle__value">
          <input
            type="number"
            className="text-input percent-toggle__input"
            min={PERCENT_TOGGLE.min}
            step={PERCENT_TOGGLE.step}
            value={text}
            aria-label={`${label} (%)`}
            aria-invalid={invalid || undefined}
            onChange={(event) => setText(event.target.value)}
            onBlur={(event) => commit(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commit(event.currentTarget.value)
            }}
            data-testid={testId && `${testId}-input`}
          />
          <span aria-hidden="true">%</span>
        </span>
      )}
    </div>
  )
}

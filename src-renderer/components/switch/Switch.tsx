import './switch.css'

export interface SwitchProps {
  checked: boolean
  onChange: (checked: boolean) => void
  label: string
  /** A line under the label saying what the option does. */
  hint?: string
  disabled?: boolean
  testId?: string
}

/** An on/off switch (spec §2 widgets): a button with role="switch", its label beside it. */
export function Switch({ checked, onChange, label, hint, disabled, testId }: SwitchProps) {
  return (
    <label className={`switch${disabled ? ' switch--disabled' : ''}`}>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        className="switch__track"
        disabled={disabled}
        onClick={() => onChange(!checked)}
        data-testid={testId}
      >
        <span className="switch__thumb" />
      </button>
      <span className="switch__text">
        <span>{label}</span>
        {hint && <span className="switch__hint">{hint}</span>}
      </span>
    </label>
  )
}

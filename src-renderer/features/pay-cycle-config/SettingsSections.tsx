import { useEffect, useState } from 'react'
import { allowPIROverOneHidden, minPerformanceMaxPirValue } from '../../../src-shared/domain/pay-cycles'
import type { BonusEditableDefault, PayCycleSettings } from '../../../src-shared/domain/settings'
import { MIN_PERFORMANCE_MAX_PIR_SLIDER } from '../../../src-shared/domain/sliders'
import { PercentToggleInput } from '../../components/percent-toggle-input/PercentToggleInput'
import { Switch } from '../../components/switch/Switch'
import type { EditorForm } from './editor-state'
import { Field, type SectionProps } from './Field'

type BooleanKey = {
  [K in keyof PayCycleSettings]: PayCycleSettings[K] extends boolean ? K : never
}[keyof PayCycleSettings]

const COMPONENTS: { key: BooleanKey; label: string; hint?: string }[] = [
  { key: 'includeMerit', label: 'Merit increases' },
  { key: 'includePerformance', label: 'Performance ratings', hint: 'Ratings and their labels in the table.' },
  { key: 'includePositionInRange', label: 'Position in range' },
  {
    key: 'allowPIROverOne',
    label: 'Allow new pay above the range maximum',
    hint: 'Position in range over 1 is then no error.',
  },
  { key: 'noMaxPIRLimit', label: 'No maximum position in range' },
  { key: 'includeCostOfLabor', label: 'Cost of labor' },
  { key: 'separateBudgets', label: 'Separate budgets' },
  { key: 'includeBonus', label: 'Bonus' },
  { key: 'bonusAmountEditable', label: 'Planners may edit bonuses' },
  { key: 'includeCommission', label: 'Commission' },
  { key: 'includeStock', label: 'Stock' },
  { key: 'includeLumpSum', label: 'Lump sums' },
]

function setSetting<K extends keyof PayCycleSettings>(key: K, value: PayCycleSettings[K]) {
  return (form: EditorForm): EditorForm => ({ ...form, settings: { ...form.settings, [key]: value } })
}

/** Components: what the cycle plans. allowPIROverOne is hidden while above-max is an error (spec §5). */
export function ComponentsSection({ form, update }: SectionProps<EditorForm>) {
  const hidden = allowPIROverOneHidden(form.settings)
  return (
    <section className="pce-section" aria-labelledby="pce-components">
      <h3 id="pce-components">Components</h3>
      <div className="pce-switches">
        {COMPONENTS.filter((c) => !(c.key === 'allowPIROverOne' && hidden)).map((c) => (
          <Switch
            key={c.key}
            checked={form.settings[c.key]}
            onChange={(on) => update(setSetting(c.key, on))}
            label={c.label}
            hint={c.hint}
            testId={`pce-${c.key}`}
          />
        ))}
      </div>
      {hidden && (
        <p className="muted" data-testid="pce-allowPIROverOne-hidden">
          'Allow new pay above the range maximum' is not offered while new pay above the maximum is an error.
        </p>
      )}
    </section>
  )
}

const BONUS_DEFAULTS: { value: BonusEditableDefault; label: string }[] = [
  { value: 'PERCENT', label: 'Percent' },
  { value: 'DOLLAR', label: 'Amount' },
  { value: 'BOTH', label: 'Both' },
]

export function BonusSection({ form, update }: SectionProps<EditorForm>) {
  return (
    <section className="pce-section" aria-labelledby="pce-bonus">
      <h3 id="pce-bonus">Bonus</h3>
      <div className="pce-grid">
        <fieldset className="pce-choice" data-testid="pce-bonusEditableDefault">
          <legend className="pce-field__label">A new bonus is entered as</legend>
          {BONUS_DEFAULTS.map((choice) => (
            <label key={choice.value} className="pce-choice__option">
              <input
                type="radio"
                name="bonusEditableDefault"
                value={choice.value}
                checked={form.settings.bonusEditableDefault === choice.value}
                onChange={() => update(setSetting('bonusEditableDefault', choice.value))}
              />
              {choice.label}
            </label>
          ))}
        </fieldset>
        <Switch
          checked={form.settings.bonusOnTotalCashBasis}
          onChange={(on) => update(setSetting('bonusOnTotalCashBasis', on))}
          label="Bonus on a total cash basis"
          hint="Bonus changes then count against the budget."
          testId="pce-bonusOnTotalCashBasis"
        />
      </div>
    </section>
  )
}

/** The minPerformanceMaxPIR slider: 0 to 100 % in steps of 5 %, and a typed percent that snaps to 50 % from 46 to 54. */
function MaxPirSlider({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const percent = Math.round(value * 100)
  const [text, setText] = useState(String(percent))
  useEffect(() => setText(String(percent)), [percent])
  const commit = (raw: string) => {
    const next = minPerformanceMaxPirValue(Number(raw) / 100)
    setText(String(Math.round(next * 100)))
    if (next !== value) onChange(next)
  }
  return (
    <div className="pce-slider">
      <input
        type="range"
        min={MIN_PERFORMANCE_MAX_PIR_SLIDER.min}
        max={MIN_PERFORMANCE_MAX_PIR_SLIDER.max}
        step={MIN_PERFORMANCE_MAX_PIR_SLIDER.step}
        value={value}
        aria-label="Maximum position in range below the minimum performance"
        aria-valuetext={`${percent} %`}
        onChange={(event) => onChange(minPerformanceMaxPirValue(Number(event.target.value)))}
        data-testid="pce-minPerformanceMaxPIR"
      />
      <span className="pce-slider__value">
        <input
          type="number"
          className="text-input pce-number pce-number--short"
          min={0}
          max={100}
          step={1}
          value={text}
          aria-label="Maximum position in range below the minimum performance (%)"
          onChange={(event) => setText(event.target.value)}
          onBlur={(event) => commit(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit(event.currentTarget.value)
          }}
          data-testid="pce-minPerformanceMaxPIR-percent"
        />
        %
      </span>
    </div>
  )
}

export function LimitsSection({ form, update, errorOf }: SectionProps<EditorForm>) {
  const s = form.settings
  return (
    <section className="pce-section" aria-labelledby="pce-limits">
      <h3 id="pce-limits">Limits</h3>
      <div className="pce-stack">
        <PercentToggleInput
          value={s.maxPercentIncrease}
          onChange={(value) => update(setSetting('maxPercentIncrease', value))}
          label="Maximum increase"
          hint="Off: no maximum."
          invalid={!!errorOf('maxPercentIncrease')}
          testId="pce-maxPercentIncrease"
        />
        <PercentToggleInput
          value={s.minPercentIncrease}
          onChange={(value) => update(setSetting('minPercentIncrease', value))}
          label="Minimum increase"
          hint="Off: no minimum."
          invalid={!!errorOf('minPercentIncrease')}
          testId="pce-minPercentIncrease"
        />
        {errorOf('minPercentIncrease') && (
          <span className="field-error" role="alert">
            {errorOf('minPercentIncrease')}
          </span>
        )}
        <Field label="Minimum performance" error={errorOf('minimumPerformance')}>
          <select
            className="text-input pce-select"
            value={s.minimumPerformance ?? ''}
            onChange={(event) => update(setSetting('minimumPerformance', event.target.value || null))}
            data-testid="pce-minimumPerformance"
          >
            <option value="">None</option>
            {s.performanceRatings
              .filter((r) => r.label.trim())
              .map((r, i) => (
                <option key={`${r.label}-${i}`} value={r.label}>
                  {r.label}
                </option>
              ))}
          </select>
        </Field>
        <Field
          label="Maximum position in range below the minimum performance"
          hint="For employees rated below the minimum performance: how high in the range their new pay may go. 50 % by default; values from 46 % to 54 % snap to 50 %."
        >
          <MaxPirSlider
            value={s.minPerformanceMaxPIR}
            onChange={(v) => update(setSetting('minPerformanceMaxPIR', v))}
          />
        </Field>
        <Switch
          checked={s.prioritizePayMin}
          onChange={(on) => update(setSetting('prioritizePayMin', on))}
          label="Prioritize the pay range minimum"
          hint="New pay below the minimum is a violation, and proration is skipped for pay below it."
          testId="pce-prioritizePayMin"
        />
      </div>
    </section>
  )
}

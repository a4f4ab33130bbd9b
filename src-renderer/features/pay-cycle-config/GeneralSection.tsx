import { EFFECTIVE_DATE_BEFORE_TODAY, todayIso } from '../../../src-shared/domain/pay-cycles'
import { formatLongDate } from '../../../src-shared/domain/proration'
import { DatePicker } from '../../components/date-picker/DatePicker'
import { NumericInput } from '../../components/numeric-input'
import type { EditorForm } from './editor-state'
import { Field, type SectionProps } from './Field'

/** Name, effective date (not before today) and the company merit budget. */
export function GeneralSection({
  form,
  update,
  errorOf,
  touch,
  savedEffectiveDate,
}: SectionProps<EditorForm> & { savedEffectiveDate: string | null }) {
  const today = todayIso()
  // Any new date must be today or later; a saved date that has passed may stay.
  const passed = savedEffectiveDate !== null && savedEffectiveDate < today
  return (
    <section className="pce-section" aria-labelledby="pce-general">
      <h3 id="pce-general">General</h3>
      <div className="pce-grid">
        <Field label="Name" error={errorOf('name')}>
          <input
            type="text"
            className="text-input"
            value={form.name}
            required
            aria-label="Name"
            aria-invalid={errorOf('name') ? true : undefined}
            onChange={(event) => {
              const name = event.target.value
              update((f) => ({ ...f, name }))
            }}
            onBlur={() => touch('name')}
            data-testid="pce-name"
          />
        </Field>
        <Field
          label="Effective date"
          error={errorOf('effectiveDate')}
          hint={
            passed
              ? `Not before today; the saved date (${formatLongDate(savedEffectiveDate)}) may stay.`
              : 'Not before today.'
          }
        >
          <DatePicker
            value={form.effectiveDate}
            min={today}
            belowMinMessage={EFFECTIVE_DATE_BEFORE_TODAY}
            aria-label="Effective date"
            invalid={!!errorOf('effectiveDate')}
            onChange={(effectiveDate) => update((f) => ({ ...f, effectiveDate }))}
            onBlur={() => touch('effectiveDate')}
            testId="pce-effective"
          />
        </Field>
        <Field
          label="Company merit budget"
          error={errorOf('companyMeritBudget')}
          hint="Empty: no company budget (the budget views then show none)."
        >
          <NumericInput
            value={form.companyMeritBudget === null ? null : form.companyMeritBudget / 100}
            mode="currency"
            allowNull
            prefix={form.defaultCurrency}
            aria-label="Company merit budget"
            onChange={(parsed) => {
              const cents = parsed.value === null ? null : Math.round(parsed.value * 100)
              update((f) => ({ ...f, companyMeritBudget: cents }))
            }}
            testId="pce-budget"
          />
        </Field>
      </div>
    </section>
  )
}

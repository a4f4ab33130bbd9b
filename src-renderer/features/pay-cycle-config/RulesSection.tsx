import {
  addRatingRow,
  canRemoveRatingRow,
  LAST_RATING_COMPARISON,
  normalizeRatings,
  removeRatingRow,
} from '../../../src-shared/domain/admin-rules'
import {
  PLANNER_VIOLATION_LABELS,
  RATING_STEP,
  ratingValue,
  SEVERITY_CHOICES,
  SEVERITY_LABELS,
  severityChoice,
  severityDisabled,
  todayIso,
  withSeverity,
} from '../../../src-shared/domain/pay-cycles'
import {
  PRORATION_COMPARISON_LABELS,
  PRORATION_VALUE_LABELS,
  prorationAmountMessage,
} from '../../../src-shared/domain/proration'
import { PLANNER_VIOLATION_KEYS, type ProrationRule } from '../../../src-shared/domain/settings'
import { DatePicker } from '../../components/date-picker/DatePicker'
import { newProrationRule, withComparison, withRuleDate, type EditorForm } from './editor-state'
import type { SectionProps } from './Field'

function setRules(form: EditorForm, prorationRules: ProrationRule[]): EditorForm {
  return { ...form, settings: { ...form.settings, prorationRules } }
}

/** Proration rules: hire date or date of last increase, After (>=) one date or between two; a percent. */
export function ProrationRulesEditor({ form, update, errorOf, touch }: SectionProps<EditorForm>) {
  const rules = form.settings.prorationRules
  const change = (index: number, rule: ProrationRule) =>
    update((f) =>
      setRules(
        f,
        f.settings.prorationRules.map((r, i) => (i === index ? rule : r)),
      ),
    )
  return (
    <div className="pce-subsection" data-testid="pce-proration">
      <h4>Proration rules</h4>
      {rules.length === 0 && <p className="muted">No proration rules: everyone is eligible in full.</p>}
      {rules.map((rule, i) => {
        const between = Array.isArray(rule.date)
        const dates = between ? (rule.date as [string, string]) : [rule.date as string]
        const message = prorationAmountMessage(rule.prorate_amount)
        const amountError = errorOf(`proration.${i}.prorate_amount`)
        return (
          <div key={i} className="pce-rule" data-testid="pce-proration-rule">
            <select
              className="text-input pce-select"
              value={rule.proration_value}
              aria-label={`Rule ${i + 1}: date compared`}
              onChange={(event) =>
                change(i, {
                  ...rule,
                  proration_value: event.target.value as ProrationRule['proration_value'],
                })
              }
              data-testid="pce-proration-value"
            >
              {Object.entries(PRORATION_VALUE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <select
              className="text-input pce-select"
              value={rule.comparison}
              aria-label={`Rule ${i + 1}: comparison`}
              onChange={(event) =>
                change(i, withComparison(rule, event.target.value as ProrationRule['comparison']))
              }
              data-testid="pce-proration-comparison"
            >
              {Object.entries(PRORATION_COMPARISON_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            {dates.map((date, d) => {
              const path = between ? `proration.${i}.date.${d}` : `proration.${i}.date`
              return (
                <span key={d} className="pce-rule__date">
                  {d === 1 && <span className="muted">and</span>}
                  <DatePicker
                    value={date || null}
                    min={d === 1 && dates[0] ? dates[0] : null}
                    aria-label={`Rule ${i + 1}: ${d === 1 ? 'end date' : 'date'}`}
                    invalid={!!errorOf(path)}
                    onChange={(iso) => change(i, withRuleDate(rule, d as 0 | 1, iso))}
                    onBlur={() => touch(path)}
                    testId={`pce-proration-date-${d}`}
                  />
                  {errorOf(path) && (
                    <span className="field-error" role="alert">
                      {errorOf(path)}
                    </span>
                  )}
                </span>
              )
            })}
            <span className="pce-rule__amount">
              <input
                type="number"
                className="text-input pce-number pce-number--short"
                min={0}
                max={100}
                step={1}
                value={Number.isFinite(rule.prorate_amount) ? rule.prorate_amount : ''}
                aria-label={`Rule ${i + 1}: proration (%)`}
                aria-invalid={amountError ? true : undefined}
                onChange={(event) => change(i, { ...rule, prorate_amount: event.target.valueAsNumber })}
                data-testid="pce-proration-amount"
              />
              %
            </span>
            <button
              type="button"
              className="button button--ghost"
              aria-label={`Remove rule ${i + 1}`}
              onClick={() =>
                update((f) =>
                  setRules(
                    f,
                    f.settings.prorationRules.filter((_, j) => j !== i),
                  ),
                )
              }
              data-testid="pce-proration-remove"
            >
              ✕
            </button>
            {message && (
              <p className="pce-rule__message notice notice--warning" data-testid="pce-proration-message">
                {message}
              </p>
            )}
            {amountError && (
              <span className="field-error" role="alert">
                {amountError}
              </span>
            )}
          </div>
        )
      })}
      <button
        type="button"
        className="button"
        onClick={() =>
          update((f) => setRules(f, [...f.settings.prorationRules, newProrationRule(todayIso())]))
        }
        data-testid="pce-proration-add"
      >
        Add proration rule
      </button>
    </div>
  )
}

/**
 * Planner-violation severities: error, warning or ignore for each rule; negativePayChange is always an
 * error. With allowPIROverOne on, above-max cannot be an error (spec §5).
 */
export function ViolationSeverities({ form, update, errorOf }: SectionProps<EditorForm>) {
  return (
    <div className="pce-subsection" data-testid="pce-violations">
      <h4>Planner violations</h4>
      <table className="pce-table">
        <thead>
          <tr>
            <th scope="col">Rule</th>
            {SEVERITY_CHOICES.map((choice) => (
              <th key={choice} scope="col">
                {SEVERITY_LABELS[choice]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Pay increase is negative</th>
            <td colSpan={3} className="muted">
              Always an error
            </td>
          </tr>
          {PLANNER_VIOLATION_KEYS.map((key) => (
            <tr key={key} data-testid={`pce-violation-${key}`}>
              <th scope="row">{PLANNER_VIOLATION_LABELS[key]}</th>
              {SEVERITY_CHOICES.map((choice) => {
                const disabled = severityDisabled(key, choice, form.settings)
                return (
                  <td key={choice}>
                    <input
                      type="radio"
                      name={`severity-${key}`}
                      value={choice}
                      aria-label={`${PLANNER_VIOLATION_LABELS[key]}: ${SEVERITY_LABELS[choice]}`}
                      checked={severityChoice(form.settings, key) === choice}
                      disabled={disabled}
                      title={disabled ? 'Not while new pay above the range maximum is allowed.' : undefined}
                      onChange={() =>
                        update((f) => ({ ...f, settings: withSeverity(f.settings, key, choice) }))
                      }
                      data-testid={`pce-violation-${key}-${choice}`}
                    />
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {errorOf('violations.newSalaryIsAboveMaximumOfPayRange') && (
        <span className="field-error" role="alert">
          {errorOf('violations.newSalaryIsAboveMaximumOfPayRange')}
        </span>
      )}
    </div>
  )
}

/**
 * The ratings editor (spec §4): the last row is 'Greater than or Equals' and copies the previous row's
 * max_rating; only the second-to-last row can be removed; adding copies the last max_rating with an
 * empty label. Rating inputs step 0.1.
 */
export function RatingsEditor({ form, update, errorOf, touch }: SectionProps<EditorForm>) {
  const rows = form.settings.performanceRatings
  const setRows = (performanceRatings: typeof rows) =>
    update((f) => ({ ...f, settings: { ...f.settings, performanceRatings } }))
  return (
    <div className="pce-subsection" data-testid="pce-ratings">
      <h4>Performance ratings</h4>
      {rows.length === 0 && <p className="muted">No ratings: the table shows ratings as numbers.</p>}
      <table className="pce-table">
        {rows.length > 0 && (
          <thead>
            <tr>
              <th scope="col">Label</th>
              <th scope="col">Rating</th>
              <th scope="col">Max rating</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
        )}
        <tbody>
          {rows.map((row, i) => {
            const last = i === rows.length - 1 && rows.length > 1
            const labelError = errorOf(`ratings.${i}.label`)
            const maxError = errorOf(`ratings.${i}.max_rating`)
            return (
              <tr key={i} data-testid="pce-rating-row">
                <td>
                  <input
                    type="text"
                    className="text-input"
                    value={row.label}
                    required
                    aria-label={`Rating ${i + 1} label`}
                    aria-invalid={labelError ? true : undefined}
                    onChange={(event) => {
                      const label = event.target.value
                      setRows(rows.map((r, j) => (j === i ? { ...r, label } : r)))
                    }}
                    onBlur={() => touch(`ratings.${i}.label`)}
                    data-testid="pce-rating-label"
                  />
                  {labelError && (
                    <span className="field-error" role="alert">
                      {labelError}
                    </span>
                  )}
                </td>
                <td className="muted">{last ? LAST_RATING_COMPARISON : 'Less than'}</td>
                <td>
                  <input
                    type="number"
                    className="text-input pce-number pce-number--short"
                    min={0}
                    step={RATING_STEP}
                    value={row.max_rating}
                    disabled={last}
                    aria-label={`Rating ${i + 1} max rating`}
                    aria-invalid={maxError ? true : undefined}
                    onChange={(event) => {
                      const value = event.target.valueAsNumber
                      setRows(
                        normalizeRatings(rows.map((r, j) => (j === i ? { ...r, max_rating: value } : r))),
                      )
                    }}
                    onBlur={(event) => {
                      const value = ratingValue(event.currentTarget.valueAsNumber)
                      setRows(
                        normalizeRatings(rows.map((r, j) => (j === i ? { ...r, max_rating: value } : r))),
                      )
                    }}
                    data-testid="pce-rating-max"
                  />
                  {maxError && (
                    <span className="field-error" role="alert">
                      {maxError}
                    </span>
                  )}
                </td>
                <td>
                  {canRemoveRatingRow(i, rows.length) && (
                    <button
                      type="button"
                      className="button button--ghost"
                      aria-label={`Remove rating ${i + 1}`}
                      onClick={() => setRows(removeRatingRow(rows, i))}
                      data-testid="pce-rating-remove"
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
      <button
        type="button"
        className="button"
        onClick={() => setRows(addRatingRow(rows))}
        data-testid="pce-rating-add"
      >
        Add rating
      </button>
    </div>
  )
}

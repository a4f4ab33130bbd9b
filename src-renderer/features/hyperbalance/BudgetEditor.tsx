import { useEffect, useId, useRef, useState } from 'react'
import { formatAmount } from '../../../src-shared/domain/money'
import { budgetText, readBudgetInput } from '../../../src-shared/domain/team-budget'
import { Tooltip } from '../../components/tooltip'

interface Props {
  /** What the budget is for, for the input's accessible name ('Company' or a team name). */
  label: string
  budget: number | null
  currency: string
  /** Currencies a team budget may be set in; none for the company budget (default currency only). */
  currencies: readonly string[]
  disabledReason: string | null
  onSave: (budget: number | null, currency: string) => Promise<void>
  testId: string
}

/**
 * A budget and its currency. The text commits on Enter or when focus leaves; empty clears the
 * budget; '$2,000,000', '250k' and '1.5m' are amounts (the one money parser, issue 39); a negative
 * or text that is no amount is not saved and says why in place (never 'NaN'). Escape puts back
 * the saved value. Disabled with the spec's tooltip for teams of 2 or fewer members.
 */
export function BudgetEditor({ label, budget, currency, currencies, disabledReason, onSave, testId }: Props) {
  const [text, setText] = useState(() => editableText(budget))
  const [shown, setShown] = useState<number | null>(budget)
  const [problem, setProblem] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const inputId = useId()
  // The text last committed: Enter then leaving the field commits once, not twice.
  const committed = useRef(editableText(budget))
  useEffect(() => {
    committed.current = editableText(budget)
    setText(committed.current)
    setShown(budget)
    setProblem(null)
  }, [budget])

  async function commit(nextCurrency = currency) {
    if (text === committed.current && nextCurrency === currency) return
    committed.current = text
    const read = readBudgetInput(text)
    setProblem(read.ok ? null : read.message)
    if (!read.ok) return
    const parsed = read.cents
    setShown(parsed)
    // '1.5m' reads back as the amount it is.
    committed.current = editableText(parsed)
    setText(committed.current)
    if (parsed === budget && nextCurrency === currency) return
    setSaving(true)
    try {
      await onSave(parsed, nextCurrency)
    } finally {
      setSaving(false)
    }
  }

  const disabled = disabledReason !== null || saving
  const field = (
    <span className="budget-editor" data-testid={testId}>
      <label className="visually-hidden" htmlFor={inputId}>
        Budget for {label}
      </label>
      <input
        id={inputId}
        className="budget-editor__input"
        inputMode="decimal"
        value={text}
        disabled={disabled}
        placeholder="No budget"
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${inputId}-problem` : undefined}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => void commit()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void commit()
          if (event.key === 'Escape') {
            setText(editableText(budget))
            setShown(budget)
            setProblem(null)
          }
        }}
      />
      {currencies.length > 1 && (
        <select
          aria-label={`Budget currency for ${label}`}
          className="budget-editor__currency"
          value={currency}
          disabled={disabled}
          onChange={(event) => void commit(event.target.value)}
        >
          {currencies.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      )}
      {problem ? (
        <span
          className="budget-editor__problem"
          id={`${inputId}-problem`}
          role="alert"
          data-testid={`${testId}-problem`}
        >
          {problem}
        </span>
      ) : (
        <span className="budget-editor__text" data-testid={`${testId}-text`}>
          {budgetText(shown, currency)}
        </span>
      )}
    </span>
  )
  return disabledReason ? (
    <Tooltip content={disabledReason} testId={`${testId}-disabled`}>
      <span tabIndex={0}>{field}</span>
    </Tooltip>
  ) : (
    field
  )
}

function editableText(budget: number | null): string {
  return budget === null ? '' : formatAmount(budget)
}

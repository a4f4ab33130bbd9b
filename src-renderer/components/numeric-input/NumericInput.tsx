import { useEffect, useRef, useState, type Ref } from 'react'
import {
  filterNumericTyping,
  formatNumericInput,
  NUMERIC_INPUT_PAUSE_MS,
  parseNumericInput,
  refusedCharacters,
  typingRefusal,
  type NumericInputMode,
  type ParsedNumericInput,
} from '../../../src-shared/domain/input-parsing'
import './numeric-input.css'

export interface NumericInputProps {
  value: number | null
  /** Text to start from instead of the value (a cell editor opened by typing a key). */
  initialText?: string
  /** 'currency' pads to two decimals; 'percent' keeps four and colours the sign. */
  mode?: NumericInputMode
  allowNull?: boolean
  /** A "%" suffix means that percent of this basis. */
  percentBasis?: number | null
  /** Every keystroke, with what the text would commit as. */
  onChange?: (parsed: ParsedNumericInput) => void
  /** Enter, Tab, blur, or a 1000 ms pause when autoSubmit is on (spec §5). */
  onCommit?: (parsed: ParsedNumericInput) => void
  autoSubmit?: boolean
  /** Shown before the input, e.g. the currency code an amount is in. */
  prefix?: string
  /** Shown after the input, e.g. "%". */
  suffix?: string
  disabled?: boolean
  autoFocus?: boolean
  inputRef?: Ref<HTMLInputElement>
  'aria-label'?: string
  testId?: string
  /**
   * Why typed characters were refused ("abc", a minus sign), or null once a character is kept
   * (issue 39). The input shows it beneath itself unless `messageOutside` (a table cell shows it
   * under the cell instead).
   */
  onRefusal?: (message: string | null) => void
  messageOutside?: boolean
}

function tone(mode: NumericInputMode, value: number | null): string {
  if (mode !== 'percent' || value === null || value === 0) return ''
  return value > 0 ? ' numeric-input--positive' : ' numeric-input--negative'
}

/**
 * Spec §5 numeric and percent inputs: only digits and one decimal point are kept while typing,
 * thousands separators are inserted, "k" multiplies by 1000, "%" scales by the basis, and the value
 * commits on Enter, Tab or blur (or after a pause when auto-submit is on). Percent is green when
 * positive, red when negative.
 */
export function NumericInput({
  value,
  initialText,
  mode = 'currency',
  allowNull,
  percentBasis,
  onChange,
  onCommit,
  autoSubmit,
  prefix,
  suffix,
  disabled,
  autoFocus,
  inputRef,
  'aria-label': ariaLabel,
  testId,
  onRefusal,
  messageOutside,
}: NumericInputProps) {
  const options = { mode, allowNull, percentBasis }
  const [text, setText] = useState(() =>
    initialText !== undefined ? filterNumericTyping(initialText) : formatNumericInput(value, { mode }),
  )
  // Characters refused since the last one kept: "abc" typed into an amount says so in place.
  const [refused, setRefused] = useState(() =>
    initialText === undefined ? '' : refusedCharacters(initialText),
  )
  const refusal = typingRefusal(refused)
  const timer = useRef<number | null>(null)
  const parsed = parseNumericInput(text, options)
  useEffect(() => onRefusal?.(refusal), [refusal, onRefusal])

  // While a refusal shows, Enter keeps the input open with its message instead of committing what
  // is left (often nothing): the native listener stops the key before a grid around the input sees it.
  const holdEnter = useRef(false)
  useEffect(() => {
    holdEnter.current = refusal !== null
  }, [refusal])
  const box = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    const element = box.current
    if (!element) return
    const hold = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !holdEnter.current) return
      event.preventDefault()
      event.stopPropagation()
    }
    element.addEventListener('keydown', hold)
    return () => element.removeEventListener('keydown', hold)
  }, [])

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current)
    },
    [],
  )

  // Text the input starts from (a key typed into a table cell) is an edit already: report it, or a
  // single typed character followed by Enter would commit nothing. A key the input refuses (a
  // letter) is no edit: the value stays as it was.
  const startText = useRef(initialText)
  const reportChange = useRef(onChange)
  useEffect(() => {
    const start = startText.current === undefined ? '' : filterNumericTyping(startText.current)
    if (start !== '') reportChange.current?.(parseNumericInput(start, options))
    // Once, for the text the input opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  function commit(raw: string) {
    if (timer.current !== null) window.clearTimeout(timer.current)
    timer.current = null
    const result = parseNumericInput(raw, options)
    setText(result.text)
    onCommit?.(result)
  }

  return (
    <span ref={box} className={`numeric-input${tone(mode, parsed.value)}`}>
      {prefix && <span className="numeric-input__affix">{prefix}</span>}
      <input
        ref={inputRef}
        type="text"
        inputMode="decimal"
        className="numeric-input__field"
        value={text}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-label={ariaLabel}
        aria-invalid={parsed.valid && refusal === null ? undefined : true}
        data-testid={testId}
        onFocus={(event) => {
          if (initialText === undefined) event.currentTarget.select()
        }}
        onChange={(event) => {
          const raw = event.currentTarget.value
          const next = filterNumericTyping(raw)
          // Every character of the keystroke refused: nothing changed but the message in place.
          if (next === text) {
            const dropped = refusedCharacters(raw)
            if (dropped !== '') setRefused((before) => before + dropped)
            return
          }
          setRefused('')
          setText(next)
          onChange?.(parseNumericInput(next, options))
          if (autoSubmit) {
            if (timer.current !== null) window.clearTimeout(timer.current)
            timer.current = window.setTimeout(() => commit(next), NUMERIC_INPUT_PAUSE_MS)
          }
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && holdEnter.current) return
          if (event.key === 'Enter' || event.key === 'Tab') commit(event.currentTarget.value)
        }}
        onBlur={(event) => {
          if (onCommit) commit(event.currentTarget.value)
        }}
      />
      {suffix && <span className="numeric-input__affix">{suffix}</span>}
      {refusal && !messageOutside && (
        <span
          className="numeric-input__message"
          role="alert"
          data-testid={testId ? `${testId}-message` : undefined}
        >
          {refusal}
        </span>
      )}
    </span>
  )
}

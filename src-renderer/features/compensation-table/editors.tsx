import type { CustomCellEditorProps } from 'ag-grid-react'
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import type { TableRow } from '../../../src-shared/contract'
import { fromCents } from '../../../src-shared/domain/money'
import { NumericInput } from '../../components/numeric-input'
import { percentBasis, type CellEditResult, type EditTarget } from './cell-edit'
import { commitPreview } from './commit-preview'

/** A printable key that opened the editor starts the text (as spreadsheets do). */
function typedStart(eventKey: string | null | undefined): string | undefined {
  return eventKey && eventKey.length === 1 ? eventKey : undefined
}

type EditorProps = CustomCellEditorProps<TableRow, unknown, unknown> & { target: EditTarget }

/**
 * New salary, lump sum (amounts) and salary increase (percent). Amounts are typed in the ROW's
 * currency (its code shows beside the input), so what is saved is exactly what was typed: no
 * round trip through an exchange rate.
 */
export function NumericCellEditor(props: EditorProps) {
  const row = props.data
  const percent = props.target === 'salaryIncrease'
  const raw = percent ? row.salaryIncrease : props.target === 'lumpSum' ? row.lumpSum : row.newSalary
  const initial = raw === null ? null : percent ? raw : fromCents(raw)
  const { onValueChange, target } = props
  const [typed, setTyped] = useState<{ value: number | null } | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const host = useRef<HTMLDivElement>(null)
  return (
    <div className="cell-editor" data-testid="cell-editor" ref={host}>
      <NumericInput
        value={initial}
        initialText={typedStart(props.eventKey)}
        mode={percent ? 'percent' : 'currency'}
        allowNull
        percentBasis={percent ? null : percentBasis(row)}
        prefix={percent ? undefined : row.currency}
        suffix={percent ? '%' : !row.salaried && target === 'newSalary' ? '/hr' : undefined}
        autoFocus
        aria-label={
          percent
            ? 'Salary increase percent'
            : `${target === 'lumpSum' ? 'Lump sum' : 'New salary'} in ${row.currency}`
        }
        messageOutside
        onRefusal={setRefusal}
        onChange={(parsed) => {
          setTyped({ value: parsed.value })
          onValueChange({ target, value: parsed.value } satisfies CellEditResult)
        }}
      />
      {refusal ? (
        <CommitPreview anchor={host} refusal>
          {refusal}
        </CommitPreview>
      ) : (
        typed &&
        isAmountTarget(target) && (
          <CommitPreview anchor={host}>{commitPreview(target, row, typed.value)}</CommitPreview>
        )
      )}
    </div>
  )
}

function isAmountTarget(target: EditTarget): target is 'newSalary' | 'salaryIncrease' | 'lumpSum' {
  return target === 'newSalary' || target === 'salaryIncrease' || target === 'lumpSum'
}

/** Drawn under the cell, outside the grid's clipping, from the moment the first key is typed. */
function CommitPreview({
  anchor,
  children,
  refusal,
}: {
  anchor: RefObject<HTMLDivElement | null>
  children: string
  /** Why the typing was refused (issue 39), said as an alert instead of the preview. */
  refusal?: boolean
}) {
  const [place, setPlace] = useState<{ right: number; top: number } | null>(null)
  useLayoutEffect(() => {
    // Right-aligned with the cell, as its numbers are: a cell's left part may sit under the pinned columns.
    const rect = anchor.current?.getBoundingClientRect()
    if (rect) setPlace({ right: document.documentElement.clientWidth - rect.right, top: rect.bottom + 2 })
  }, [anchor])
  if (!place) return null
  return createPortal(
    <div
      className={refusal ? 'commit-preview commit-preview--refusal' : 'commit-preview'}
      data-testid={refusal ? 'cell-refusal' : 'commit-preview'}
      role={refusal ? 'alert' : 'status'}
      style={place}
    >
      {children}
    </div>,
    document.body,
  )
}

/** Spec §5 bonus: the dollar input and/or the percent input the row shows (bonusInputs). */
export function BonusCellEditor(props: CustomCellEditorProps<TableRow, unknown, unknown>) {
  const row = props.data
  const result = useRef<CellEditResult>({ target: 'bonus' })
  const first = useRef<HTMLInputElement>(null)
  const { onValueChange } = props
  useEffect(() => first.current?.focus(), [])
  const update = (part: 'dollar' | 'percent', value: number | null) => {
    result.current = { ...result.current, [part]: value }
    onValueChange(result.current)
  }
  const { showDollar, showPercent } = row.bonusInputs
  return (
    <div className="cell-editor cell-editor--bonus" data-testid="bonus-editor">
      {showDollar && (
        <NumericInput
          value={row.newDollarBonus === null ? null : fromCents(row.newDollarBonus)}
          initialText={typedStart(props.eventKey)}
          mode="currency"
          allowNull
          percentBasis={percentBasis(row)}
          prefix={row.currency}
          inputRef={first}
          aria-label={`Bonus amount in ${row.currency}`}
          onChange={(parsed) => update('dollar', parsed.value)}
        />
      )}
      {showPercent && (
        <NumericInput
          value={row.newPercentBonus}
          initialText={showDollar ? undefined : typedStart(props.eventKey)}
          mode="percent"
          allowNull
          suffix="%"
          inputRef={showDollar ? undefined : first}
          aria-label="Bonus percent"
          onChange={(parsed) => update('percent', parsed.value)}
        />
      )}
    </div>
  )
}

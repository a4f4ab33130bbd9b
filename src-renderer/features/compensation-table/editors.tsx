import type { CustomCellEditorProps } from 'ag-grid-react'
import { useEffect, useRef } from 'react'
import type { TableRow } from '../../../src-shared/contract'
import { fromCents } from '../../../src-shared/domain/money'
import { NumericInput } from '../../components/numeric-input'
import { percentBasis, type CellEditResult, type EditTarget } from './cell-edit'

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
  return (
    <div className="cell-editor" data-testid="cell-editor">
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
        onChange={(parsed) => onValueChange({ target, value: parsed.value } satisfies CellEditResult)}
      />
    </div>
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

import { useCallback, useEffect, useRef, useState } from 'react'
import type { ChannelOutput, MatrixCell, PercentRow } from '../../../src-shared/contract'
import { matrixErrorMessage, POSITION_BANDS } from '../../../src-shared/contract'
import { formatMoney, formatPercent, fromCents, toCents } from '../../../src-shared/domain/money'
import {
  bubbleSize,
  heatColor,
  heatFraction,
  OVER_MAX_SLIDER,
  prioritySliderValue,
  toSliderValue,
} from '../../../src-shared/domain/sliders'
import { invoke } from '../../app/client'
import { useUndoKeys } from '../../components/keyboard'
import { NumericInput } from '../../components/numeric-input'
import { LoadingSkeleton } from '../../components/skeleton/LoadingSkeleton'
import { useToast } from '../../components/toast'
import { useChannel } from './use-budget-level'
import './matrix.css'

type Answer = ChannelOutput<'matrix.calculate'>

/** The screen's inputs (calculate-matrix's payload without the cell). */
export interface MatrixInputs {
  performance_multiplier_priority: number
  position_in_range_priority: number
  max_position_in_range: number
  desired_budget: number | null
}

/** A cell's employees are listed this many at a time. */
export const CELL_PAGE_SIZE = 5
/** Slider moves are gathered for this long before the engine is asked (the latest request wins). */
const RECALCULATE_DELAY_MS = 150
/** Defaults before any configuration is saved: both priorities in the middle, no room over the maximum. */
const DEFAULT_PRIORITY = 50
const DEFAULT_MAX_PIR = 1

/**
 * The pay-cycle matrix screen (planning document §2.7, §9): the priorities and the over-max slider
 * shape the merit matrix the main process calculates; the heat map shows its percentages, the bubble
 * table the counts per rating and position band before and after; a cell lists its employees; Save
 * writes every recommendation (one undo step).
 */
export function MatrixView() {
  const config = useChannel('matrix.config', {})
  const toast = useToast()
  const [inputs, setInputs] = useState<MatrixInputs | null>(null)
  const [cell, setCell] = useState<MatrixCell | null>(null)
  const [cellPage, setCellPage] = useState(0)
  const [answer, setAnswer] = useState<Answer | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [saving, setSaving] = useState(false)
  const [saves, setSaves] = useState<{ past: number[]; future: number[] }>({ past: [], future: [] })
  const latest = useRef(0)

  // The saved configuration, else the defaults (desired budget: the company merit budget).
  useEffect(() => {
    if (config.state !== 'loaded' || inputs) return
    const saved = config.value.hyperbalance_config
    const d = config.value.defaults
    setInputs({
      performance_multiplier_priority:
        saved?.performance_multiplier_priority ?? d.performance_multiplier_priority ?? DEFAULT_PRIORITY,
      position_in_range_priority:
        saved?.position_in_range_priority ?? d.position_in_range_priority ?? DEFAULT_PRIORITY,
      max_position_in_range: saved?.max_position_in_range ?? d.max_position_in_range ?? DEFAULT_MAX_PIR,
      desired_budget: saved?.desired_budget ?? d.desired_budget ?? config.value.company_merit_budget,
    })
  }, [config.state, config.value, inputs])

  useEffect(() => {
    if (!inputs) return
    const request = ++latest.current
    setBusy(true)
    const timer = window.setTimeout(() => {
      void invoke('matrix.calculate', {
        ...inputs,
        cell,
        cell_offset: cellPage * CELL_PAGE_SIZE,
        cell_limit: CELL_PAGE_SIZE,
      }).then((result) => {
        if (request !== latest.current) return
        setBusy(false)
        if (result.ok) {
          setAnswer(result.value)
          setError(null)
        } else setError(matrixErrorMessage(result.error))
      })
    }, RECALCULATE_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [inputs, cell, cellPage])

  const change = (patch: Partial<MatrixInputs>) =>
    setInputs((current) => (current ? { ...current, ...patch } : current))
  const select = (next: MatrixCell) => {
    setCell((current) =>
      current && current.row === next.row && current.column === next.column ? null : next,
    )
    setCellPage(0)
  }

  const save = async () => {
    if (!inputs) return
    setSaving(true)
    const result = await invoke('matrix.save', { ...inputs, cell: null })
    setSaving(false)
    if (!result.ok) return toast.error(matrixErrorMessage(result.error))
    setSaves((s) => ({ past: [...s.past, result.value.changeLogId], future: [] }))
    toast.success(result.value.message)
    config.reload()
  }

  const restore = useCallback(
    async (direction: 'undo' | 'redo') => {
      const id = direction === 'undo' ? saves.past.at(-1) : saves.future.at(-1)
      if (id === undefined) return
      const result = await invoke('matrix.restore', {
        changeLogId: id,
        side: direction === 'undo' ? 'before' : 'after',
      })
      if (!result.ok) return toast.error(result.error.message)
      setSaves((s) =>
        direction === 'undo'
          ? { past: s.past.slice(0, -1), future: [...s.future, id] }
          : { past: [...s.past, id], future: s.future.slice(0, -1) },
      )
      toast.info(`${direction === 'undo' ? 'Undone' : 'Redone'}: ${result.value.message}`)
      config.reload()
    },
    [saves, toast, config],
  )
  useUndoKeys(
    () => void restore('undo'),
    () => void restore('redo'),
  )

  if (config.state === 'failed' && !config.value)
    return <p className="inline-error">{matrixErrorMessage(config)}</p>
  if (!inputs) return <LoadingSkeleton label="Loading the matrix…" />
  const currency = answer?.default_currency ?? config.value?.default_currency ?? 'USD'
  return (
    <section className="matrix" data-testid="matrix-view" aria-busy={busy}>
      {config.value?.warning && !config.value.hyperbalance_config && (
        <p className="matrix__note" role="note">
          {config.value.warning}
        </p>
      )}
      <div className="matrix__controls">
        <PrioritySlider
          label="Performance priority"
          testId="perf-priority"
          value={inputs.performance_multiplier_priority}
          onChange={(v) => change({ performance_multiplier_priority: v })}
        />
        <PrioritySlider
          label="Position-in-range priority"
          testId="pir-priority"
          value={inputs.position_in_range_priority}
          onChange={(v) => change({ position_in_range_priority: v })}
        />
        <label className="matrix__slider">
          <span>
            Over max (new position in range up to <output>{inputs.max_position_in_range.toFixed(2)}</output>)
          </span>
          <input
            type="range"
            min={OVER_MAX_SLIDER.min}
            max={OVER_MAX_SLIDER.max}
            step={OVER_MAX_SLIDER.step}
            value={inputs.max_position_in_range}
            data-testid="max-pir"
            onChange={(e) =>
              change({ max_position_in_range: toSliderValue(Number(e.currentTarget.value), OVER_MAX_SLIDER) })
            }
          />
        </label>
        <label className="matrix__budget">
          <span>Desired budget</span>
          <NumericInput
            value={inputs.desired_budget === null ? null : fromCents(inputs.desired_budget)}
            allowNull
            prefix={currency}
            aria-label="Desired budget"
            testId="desired-budget"
            onCommit={(parsed) =>
              change({ desired_budget: parsed.value === null ? null : toCents(parsed.value) })
            }
          />
        </label>
        <div className="matrix__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={saving || !answer}
            onClick={() => void save()}
            data-testid="matrix-save"
          >
            {saving ? 'Saving…' : 'Save'}
          </button>
          <button
            type="button"
            className="button"
            disabled={saves.past.length === 0}
            onClick={() => void restore('undo')}
          >
            Undo
          </button>
        </div>
      </div>
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
      {!answer ? (
        <LoadingSkeleton label="Calculating the matrix…" />
      ) : (
        <>
          <BudgetUsed answer={answer} />
          <div className="matrix__tables">
            <HeatMap answer={answer} cell={cell} onSelect={select} />
            <BubbleTable answer={answer} cell={cell} onSelect={select} />
          </div>
          {cell && (
            <CellEmployees
              answer={answer}
              page={cellPage}
              onPage={setCellPage}
              label={`${answer.performance_ratings[cell.row]} · position ${POSITION_BANDS[cell.column]}`}
            />
          )}
        </>
      )}
    </section>
  )
}

function PrioritySlider(props: {
  label: string
  testId: string
  value: number
  onChange: (value: number) => void
}) {
  return (
    <label className="matrix__slider">
      <span>
        {props.label} <output>{props.value}</output>
      </span>
      <input
        type="range"
        min={0}
        max={100}
        step={1}
        value={props.value}
        data-testid={props.testId}
        onChange={(e) => props.onChange(prioritySliderValue(Number(e.currentTarget.value)))}
      />
    </label>
  )
}

function BudgetUsed({ answer }: { answer: Answer }) {
  const used = answer.budget_used
  const desired = answer.desired_budget
  const share = desired > 0 ? (used / desired) * 100 : null
  return (
    <p className="matrix__used" data-testid="matrix-budget-used">
      Budget used <strong>{formatMoney(used, answer.default_currency)}</strong> of{' '}
      {formatMoney(desired, answer.default_currency)}
      {share !== null && ` (${formatPercent(share, 1)})`}
    </p>
  )
}

interface TableProps {
  answer: Answer
  cell: MatrixCell | null
  onSelect: (cell: MatrixCell) => void
}

/** Best rating on top, as merit matrices are read; the data keeps the lowest first. */
function rowsTopDown(count: number): number[] {
  return Array.from({ length: count }, (_, i) => count - 1 - i)
}

function isSelected(cell: MatrixCell | null, row: number, column: number): boolean {
  return cell !== null && cell.row === row && cell.column === column
}

function HeatMap({ answer, cell, onSelect }: TableProps) {
  const rows: PercentRow[] = answer.hyperbalance_matrix
  const values = rows.flatMap((r) => POSITION_BANDS.map((b) => r[b])).filter((v): v is number => v !== null)
  const min = Math.min(...values)
  const max = Math.max(...values)
  return (
    <table className="matrix__table" data-testid="matrix-heat-map">
      <caption>Merit matrix: increase % by performance rating and position in range</caption>
      <thead>
        <tr>
          <th scope="col">Rating</th>
          {POSITION_BANDS.map((band) => (
            <th key={band} scope="col">
              {band}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rowsTopDown(rows.length).map((row) => (
          <tr key={row}>
            <th scope="row">{answer.performance_ratings[row]}</th>
            {POSITION_BANDS.map((band, column) => {
              const value = rows[row][band]
              return (
                <td key={band}>
                  <button
                    type="button"
                    className={`matrix__cell${isSelected(cell, row, column) ? ' matrix__cell--selected' : ''}`}
                    style={
                      value === null ? undefined : { background: heatColor(heatFraction(value, min, max)) }
                    }
                    aria-pressed={isSelected(cell, row, column)}
                    aria-label={`${answer.performance_ratings[row]}, position ${band}: ${value === null ? 'no employees' : formatPercent(value, 2)}`}
                    data-testid="matrix-cell"
                    data-row={row}
                    data-column={column}
                    onClick={() => onSelect({ row, column })}
                  >
                    {value === null ? '—' : formatPercent(value, 1)}
                  </button>
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

const BUBBLE_PX = 28

function BubbleTable({ answer, cell, onSelect }: TableProps) {
  const [after, setAfter] = useState(false)
  const counts = after ? answer.new_count_matrix : answer.current_count_matrix
  const maxCount = Math.max(
    0,
    ...answer.current_count_matrix.flatMap((r) => POSITION_BANDS.map((b) => r[b])),
    ...answer.new_count_matrix.flatMap((r) => POSITION_BANDS.map((b) => r[b])),
  )
  return (
    <div className="matrix__bubbles">
      <div className="matrix__toggle" role="radiogroup" aria-label="Counts">
        <button
          type="button"
          role="radio"
          aria-checked={!after}
          className="button"
          onClick={() => setAfter(false)}
        >
          Before
        </button>
        <button
          type="button"
          role="radio"
          aria-checked={after}
          className="button"
          onClick={() => setAfter(true)}
        >
          After
        </button>
      </div>
      <table className="matrix__table" data-testid="matrix-bubbles">
        <caption>
          Employees by performance rating and position in range, {after ? 'after' : 'before'} the increases
        </caption>
        <thead>
          <tr>
            <th scope="col">Rating</th>
            {POSITION_BANDS.map((band) => (
              <th key={band} scope="col">
                {band}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rowsTopDown(counts.length).map((row) => (
            <tr key={row}>
              <th scope="row">{answer.performance_ratings[row]}</th>
              {POSITION_BANDS.map((band, column) => {
                const count = counts[row][band]
                const size = bubbleSize(count, maxCount, BUBBLE_PX)
                return (
                  <td key={band}>
                    <button
                      type="button"
                      className={`matrix__bubble-cell${isSelected(cell, row, column) ? ' matrix__cell--selected' : ''}`}
                      aria-label={`${answer.performance_ratings[row]}, position ${band}: ${count} employees`}
                      title={`${count} employees`}
                      onClick={() => onSelect({ row, column })}
                    >
                      {size > 0 && <span className="matrix__bubble" style={{ width: size, height: size }} />}
                    </button>
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function CellEmployees(props: {
  answer: Answer
  page: number
  onPage: (page: number) => void
  label: string
}) {
  const { answer, page, onPage } = props
  const currency = answer.default_currency
  const pages = Math.max(1, Math.ceil(answer.cell_total / CELL_PAGE_SIZE))
  return (
    <section
      className="matrix__cell-list"
      data-testid="matrix-cell-list"
      aria-label={`Employees in ${props.label}`}
    >
      <h3>{props.label}</h3>
      {answer.cell_total === 0 ? (
        <p className="muted">No employees are in this cell.</p>
      ) : (
        <>
          <table className="matrix__employees">
            <thead>
              <tr>
                <th scope="col">Employee</th>
                <th scope="col">Current Base Pay</th>
                <th scope="col">Recommended Increase</th>
                <th scope="col">Recommended %</th>
                <th scope="col">Performance Rating</th>
                <th scope="col">Current Position in Range</th>
                <th scope="col">New Position in Range</th>
              </tr>
            </thead>
            <tbody>
              {answer.cell_data.map((e) => (
                <tr key={e.meritbook_employee_id} data-testid="matrix-cell-employee">
                  <td>{e.employee_name}</td>
                  <td>{formatMoney(e.annualized_current_base_pay, currency)}</td>
                  <td>{formatMoney(e.recommended_pay_increase_dollar, currency)}</td>
                  <td>{formatPercent(e.recommended_pay_increase_percent, 2)}</td>
                  <td>{e.performance_rating ?? '—'}</td>
                  <td>{formatPercent(e.current_position_in_range * 100, 0)}</td>
                  <td>
                    {e.new_position_in_range === null ? '—' : formatPercent(e.new_position_in_range * 100, 0)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {pages > 1 && (
            <div className="matrix__pager">
              <button type="button" className="button" disabled={page === 0} onClick={() => onPage(page - 1)}>
                Previous
              </button>
              <span>
                {page * CELL_PAGE_SIZE + 1}–{page * CELL_PAGE_SIZE + answer.cell_data.length} of{' '}
                {answer.cell_total}
              </span>
              <button
                type="button"
                className="button"
                disabled={page >= pages - 1}
                onClick={() => onPage(page + 1)}
              >
                Next
              </button>
            </div>
          )}
        </>
      )}
    </section>
  )
}

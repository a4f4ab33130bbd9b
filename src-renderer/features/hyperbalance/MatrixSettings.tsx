import { fromCents, toCents } from '../../../src-shared/domain/money'
import { useRef } from 'react'
import {
  OVER_MAX_SLIDER,
  prioritySliderMove,
  toSliderValue,
  type SliderMove,
} from '../../../src-shared/domain/sliders'
import { NumericInput } from '../../components/numeric-input'
import type { MatrixInputs } from './use-matrix'

/** The matrix's settings: the two priorities, the over-max slider and the desired budget. */
export function MatrixSettings({
  inputs,
  currency,
  change,
}: {
  inputs: MatrixInputs
  currency: string
  change: (patch: Partial<MatrixInputs>) => void
}) {
  return (
    <>
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
          aria-label="Over max: highest new position in range"
          aria-valuetext={inputs.max_position_in_range.toFixed(2)}
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
    </>
  )
}

function PrioritySlider(props: {
  label: string
  testId: string
  value: number
  onChange: (value: number) => void
}) {
  // Snap on drag only (sliders.ts): a pointer held on the slider is a drag; keys move it step by step.
  const move = useRef<SliderMove>('keys')
  const drag = () => (move.current = 'drag')
  const keys = () => (move.current = 'keys')
  return (
    <label className="matrix__slider">
      <span>
        {props.label} <output>{props.value}</output>
      </span>
      <input
        type="range"
        aria-label={props.label}
        aria-valuetext={`${props.value} of 100`}
        min={0}
        max={100}
        step={1}
        value={props.value}
        data-testid={props.testId}
        onPointerDown={drag}
        onPointerUp={keys}
        onPointerCancel={keys}
        onKeyDown={keys}
        onBlur={keys}
        onChange={(e) => props.onChange(prioritySliderMove(Number(e.currentTarget.value), move.current))}
      />
    </label>
  )
}

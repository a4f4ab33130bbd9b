import { useCallback, useEffect, useRef, useState } from 'react'
import type { MatrixAnswer, MatrixCell } from '../../../src-shared/contract'
import { matrixErrorMessage } from '../../../src-shared/contract'
import { OVER_MAX_DEFAULT } from '../../../src-shared/domain/sliders'
import { invoke } from '../../app/client'
import { useRefusedPush } from '../../app/use-sync-applied'
import { useUndoKeys } from '../../components/keyboard'
import { useToast } from '../../components/toast'
import { useChannel } from './use-budget-level'

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
const NO_SAVES: { past: number[]; future: number[] } = { past: [], future: [] }
const MATRIX_PUSHES = ['matrix'] as const

/**
 * The matrix screen's state: the saved configuration (else the defaults) as the sliders' inputs, the
 * engine's latest answer for them and the selected cell's page, and Save with its undo and redo
 * (the buttons and Ctrl+Z / Ctrl+Y).
 */
export function useMatrix() {
  const config = useChannel('matrix.config', {})
  const toast = useToast()
  const [inputs, setInputs] = useState<MatrixInputs | null>(null)
  const [cell, setCell] = useState<MatrixCell | null>(null)
  const [cellPage, setCellPage] = useState(0)
  const [answer, setAnswer] = useState<MatrixAnswer | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [saving, setSaving] = useState(false)
  const [saves, setSaves] = useState<{ past: number[]; future: number[] }>(NO_SAVES)
  const latest = useRef(0)
  // A save the server refused was put back: undo and redo may not replay it (or what came before it).
  useRefusedPush(MATRIX_PUSHES, () => setSaves(NO_SAVES))

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
      max_position_in_range: saved?.max_position_in_range ?? d.max_position_in_range ?? OVER_MAX_DEFAULT,
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

  return {
    config,
    inputs,
    cell,
    cellPage,
    setCellPage,
    answer,
    error,
    busy,
    saving,
    canUndo: saves.past.length > 0,
    change,
    select,
    save,
    restore,
  }
}

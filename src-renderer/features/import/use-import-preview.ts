import { useCallback, useEffect, useState } from 'react'
import type { ImportPlanMode, ImportPreview } from '../../../src-shared/contract'
import { invoke } from '../../app/client'
import { useToast } from '../../components/toast'

/** Affected plans and updated employees are listed this many at a time. */
export const PREVIEW_PAGE_SIZE = 10

export interface ImportPreviewController {
  /** The import in review. */
  importId: string | null
  /** The counts with a page of the affected plans; null until main answered. */
  plans: ImportPreview | null
  /** A page of the updated employees, once that list is opened. */
  updated: ImportPreview | null
  plansOffset: number
  updatedOffset: number
  setPlansOffset(offset: number): void
  setUpdatedOffset(offset: number): void
  /** Whether the updated employees are listed (fetched only then). */
  showUpdated: boolean
  setShowUpdated(show: boolean): void
  /** For every affected plan (drops the employees' own), or for one employee (null: as for all). */
  choose(mode: ImportPlanMode | null, employeeId?: string): Promise<void>
  choosing: boolean
  /** The choice for all, shown at once while main is told. */
  planMode: ImportPlanMode | null
}

/**
 * What the import in review will do to the workbook (`import.preview`), asked again whenever its rows
 * change (`revision`), and the choices for the plans it affects (`import.choosePlan`).
 */
export function useImportPreview(importId: string | null, reviewing: boolean, revision: number) {
  const toast = useToast()
  const [plans, setPlans] = useState<ImportPreview | null>(null)
  const [updated, setUpdated] = useState<ImportPreview | null>(null)
  const [plansOffset, setPlansOffset] = useState(0)
  const [updatedOffset, setUpdatedOffset] = useState(0)
  const [showUpdated, setShowUpdated] = useState(false)
  const [choices, setChoices] = useState(0)
  const [choosing, setChoosing] = useState(false)
  const [pendingMode, setPendingMode] = useState<ImportPlanMode | null>(null)

  useEffect(() => {
    setPlans(null)
    setUpdated(null)
    setPlansOffset(0)
    setUpdatedOffset(0)
  }, [importId])

  useEffect(() => {
    if (!importId || !reviewing) return
    let live = true
    const limit = PREVIEW_PAGE_SIZE
    void invoke('import.preview', { importId, list: 'plans', offset: plansOffset, limit }).then((answer) => {
      if (!live) return
      if (answer.ok) {
        setPlans(answer.value)
        setPendingMode(null)
      } else if (answer.error.code !== 'NOT_FOUND') toast.error(answer.error.message)
    })
    return () => {
      live = false
    }
  }, [importId, reviewing, revision, plansOffset, choices, toast])

  useEffect(() => {
    if (!importId || !reviewing || !showUpdated) return
    let live = true
    const limit = PREVIEW_PAGE_SIZE
    void invoke('import.preview', { importId, list: 'updated', offset: updatedOffset, limit }).then(
      (answer) => {
        if (!live) return
        if (answer.ok) setUpdated(answer.value)
        else if (answer.error.code !== 'NOT_FOUND') toast.error(answer.error.message)
      },
    )
    return () => {
      live = false
    }
  }, [importId, reviewing, revision, showUpdated, updatedOffset, toast])

  const choose = useCallback(
    async (mode: ImportPlanMode | null, employeeId?: string) => {
      if (!importId) return
      setChoosing(true)
      if (employeeId === undefined) setPendingMode(mode)
      try {
        const answer = await invoke('import.choosePlan', {
          importId,
          mode,
          ...(employeeId === undefined ? {} : { employeeId }),
        })
        if (!answer.ok) {
          toast.error(answer.error.message)
          setPendingMode(null)
        }
        setChoices((n) => n + 1)
      } finally {
        setChoosing(false)
      }
    },
    [importId, toast],
  )

  const controller: ImportPreviewController = {
    importId,
    plans,
    updated,
    plansOffset,
    updatedOffset,
    setPlansOffset,
    setUpdatedOffset,
    showUpdated,
    setShowUpdated,
    choose,
    choosing,
    planMode: pendingMode ?? plans?.planMode ?? null,
  }
  return controller
}

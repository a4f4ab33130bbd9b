import { useEffect, useRef } from 'react'
import { useToast } from '../components/toast'
import { bridge } from './client'
import { useAppDispatch, useAppSelector } from './hooks'
import { selectWorkbook } from './session-slice'
import { refreshSession } from './session-thunks'

/** Loads `app.info` once and again whenever main says the workbook changed (`workbook.changed`). */
export function useSessionSync(): void {
  const dispatch = useAppDispatch()
  useEffect(() => {
    void dispatch(refreshSession())
    return bridge.on('workbook.changed', () => {
      void dispatch(refreshSession())
    })
  }, [dispatch])

  // A lock taken over from a Meritbook no longer running is told once per opening.
  const toast = useToast()
  const notice = useAppSelector(selectWorkbook)?.notice ?? null
  const told = useRef<string | null>(null)
  useEffect(() => {
    if (notice && told.current !== notice) toast.info(notice)
    told.current = notice
  }, [notice, toast])
}

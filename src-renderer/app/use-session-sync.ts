import { useEffect } from 'react'
import { bridge } from './client'
import { useAppDispatch } from './hooks'
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
}

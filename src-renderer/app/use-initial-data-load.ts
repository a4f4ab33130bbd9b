import { useCallback, useEffect } from 'react'
import { useToast } from '../components/toast'
import { LOAD_MESSAGES } from './data-load'
import { loadWorkbookData, type DataLoadListener } from './data-thunks'
import { selectDataStatus } from './data-slice'
import { useAppDispatch, useAppSelector } from './hooks'
import { selectSessionKey } from './session-slice'

/** Starts the initial data load with the spec's progress toasts ('Loading data...' and the outcome). */
export function useStartDataLoad(): () => void {
  const dispatch = useAppDispatch()
  const toast = useToast()
  const listener = useCallback<DataLoadListener>(() => {
    const loadingToast = toast.loading(LOAD_MESSAGES.loading)
    return (result) => {
      toast.dismiss(loadingToast)
      if (result === 'loaded') toast.success(LOAD_MESSAGES.loaded)
      else if (result === 'failed') toast.error(LOAD_MESSAGES.failed)
    }
  }, [toast])

  return useCallback(() => {
    void dispatch(loadWorkbookData(listener))
  }, [dispatch, listener])
}

/** Loads the open workbook's data whenever a workbook is open and its data is not loaded yet. */
export function useInitialDataLoad(): void {
  const sessionKey = useAppSelector(selectSessionKey)
  const status = useAppSelector(selectDataStatus)
  const start = useStartDataLoad()
  useEffect(() => {
    if (sessionKey && status === 'idle') start()
  }, [sessionKey, status, start])
}

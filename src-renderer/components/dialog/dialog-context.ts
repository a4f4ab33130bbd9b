import { createContext, useContext } from 'react'
import type { DialogApi } from './dialog-controller'

export const DialogContext = createContext<DialogApi | null>(null)

export function useDialog(): DialogApi {
  const api = useContext(DialogContext)
  if (!api) throw new Error('useDialog was called outside <DialogProvider>.')
  return api
}

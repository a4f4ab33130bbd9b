import { createContext, useContext } from 'react'
import type { ToastApi } from './toast-controller'

export const ToastContext = createContext<ToastApi | null>(null)

/** Spec: "Using a toast before its provider is ready is an error." */
export function useToast(): ToastApi {
  const api = useContext(ToastContext)
  if (!api)
    throw new Error(
      'useToast was called outside <ToastProvider>: a toast was used before its provider is ready.',
    )
  return api
}

import { useEffect, useState, type ReactNode } from 'react'
import { useDispatch } from 'react-redux'
import { ToastContext } from './toast-context'
import { ToastController } from './toast-controller'
import { ToastViewport } from './ToastViewport'

/** Gives `useToast()` to its children and renders the toasts held in the store. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const dispatch = useDispatch()
  const [controller] = useState(() => new ToastController(dispatch))
  useEffect(() => () => controller.dispose(), [controller])
  return (
    <ToastContext.Provider value={controller}>
      {children}
      <ToastViewport onDismiss={controller.dismiss} />
    </ToastContext.Provider>
  )
}

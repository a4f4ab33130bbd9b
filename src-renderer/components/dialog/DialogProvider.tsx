import { useEffect, useState, type ReactNode } from 'react'
import { useDispatch } from 'react-redux'
import { DialogContext } from './dialog-context'
import { DialogController } from './dialog-controller'
import { DialogHost } from './DialogHost'

/** Gives `useDialog()` to its children and shows the first queued dialog. */
export function DialogProvider({ children }: { children: ReactNode }) {
  const dispatch = useDispatch()
  const [controller] = useState(() => new DialogController(dispatch))
  useEffect(() => () => controller.dispose(), [controller])
  return (
    <DialogContext.Provider value={controller}>
      {children}
      <DialogHost onClose={controller.close} />
    </DialogContext.Provider>
  )
}

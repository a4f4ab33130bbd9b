import { useEffect } from 'react'

/**
 * While `active`, closing or reloading the page asks first (the browser's own prompt; in Electron,
 * main's dialog on 'will-prevent-unload'). For work that lives only in memory until committed.
 */
export function useLeaveGuard(active: boolean): void {
  useEffect(() => {
    if (!active) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older Chromium (and Electron) need returnValue set to ask.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [active])
}

import type { UnknownAction } from '@reduxjs/toolkit'
import { toastAdded, toastHidden, toastRemoved, type ToastKind } from './toast-slice'

/** Spec §9: toasts last 3000 ms by default; the exit animation takes 250 ms. */
export const TOAST_DEFAULT_DURATION_MS = 3000
export const TOAST_EXIT_MS = 250

export interface ToastOptions {
  /** Milliseconds before the toast hides; null keeps it until dismissed. Loading toasts default to null. */
  duration?: number | null
}

export interface ToastApi {
  show(kind: ToastKind, message: string, options?: ToastOptions): string
  success(message: string, options?: ToastOptions): string
  error(message: string, options?: ToastOptions): string
  info(message: string, options?: ToastOptions): string
  /** Stays until dismissed (spec: loading toasts stay until dismissed). */
  loading(message: string, options?: ToastOptions): string
  /** Hides a toast now; it is removed after the exit animation. Unknown or hidden ids are ignored. */
  dismiss(id: string): void
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
}

type Dispatch = (action: UnknownAction) => unknown

/**
 * Owns the toast timers; the store only holds serializable toasts. visible → (duration) → hidden
 * → (250 ms) → removed. Loading toasts have no duration and stay until dismissed.
 */
export class ToastController implements ToastApi {
  private counter = 0
  private readonly pending = new Map<string, unknown>()
  private readonly visible = new Set<string>()

  constructor(
    private readonly dispatch: Dispatch,
    private readonly timers: Timers = globalTimers,
  ) {}

  show(kind: ToastKind, message: string, options: ToastOptions = {}): string {
    this.counter += 1
    const id = `toast-${this.counter}`
    const duration =
      options.duration === undefined
        ? kind === 'loading'
          ? null
          : TOAST_DEFAULT_DURATION_MS
        : options.duration
    this.dispatch(toastAdded({ id, kind, message }))
    this.visible.add(id)
    if (duration !== null) this.schedule(id, duration, () => this.hide(id))
    return id
  }

  success = (message: string, options?: ToastOptions): string => this.show('success', message, options)
  error = (message: string, options?: ToastOptions): string => this.show('error', message, options)
  info = (message: string, options?: ToastOptions): string => this.show('info', message, options)
  loading = (message: string, options?: ToastOptions): string => this.show('loading', message, options)

  dismiss = (id: string): void => {
    if (this.visible.has(id)) this.hide(id)
  }

  /** Clears every timer (the provider unmounted). */
  dispose(): void {
    for (const handle of this.pending.values()) this.timers.clearTimeout(handle)
    this.pending.clear()
  }

  private hide(id: string): void {
    this.cancel(id)
    this.visible.delete(id)
    this.dispatch(toastHidden(id))
    this.schedule(id, TOAST_EXIT_MS, () => {
      this.pending.delete(id)
      this.dispatch(toastRemoved(id))
    })
  }

  private schedule(id: string, ms: number, run: () => void): void {
    this.cancel(id)
    this.pending.set(
      id,
      this.timers.setTimeout(() => {
        this.pending.delete(id)
        run()
      }, ms),
    )
  }

  private cancel(id: string): void {
    const handle = this.pending.get(id)
    if (handle !== undefined) {
      this.timers.clearTimeout(handle)
      this.pending.delete(id)
    }
  }
}

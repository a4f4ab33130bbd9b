import type { UnknownAction } from '@reduxjs/toolkit'
import type { Timers } from '../toast/toast-controller'
import {
  dialogClosing,
  dialogQueued,
  dialogRemoved,
  type DialogPropsByType,
  type DialogType,
} from './dialog-slice'

/** Spec §9: the modal close animation takes 150 ms before the dialog leaves the queue. */
export const DIALOG_CLOSE_MS = 150

/** What each dialog type resolves with. */
export interface DialogResultByType {
  ConfirmDialog: boolean
}

export interface DialogApi {
  open<T extends DialogType>(type: T, props: DialogPropsByType[T]): Promise<DialogResultByType[T]>
  confirm(props: DialogPropsByType['ConfirmDialog']): Promise<boolean>
  /** Starts the close animation, resolves the opener's promise, and removes the dialog after 150 ms. */
  close(id: string, result: unknown): void
}

const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
}

type Dispatch = (action: UnknownAction) => unknown

/** Keeps the promise resolvers (not serializable) outside the store; the store keeps the queue. */
export class DialogController implements DialogApi {
  private counter = 0
  private readonly resolvers = new Map<string, (result: unknown) => void>()
  private readonly timers = new Set<unknown>()

  constructor(
    private readonly dispatch: Dispatch,
    private readonly clock: Timers = globalTimers,
  ) {}

  open<T extends DialogType>(type: T, props: DialogPropsByType[T]): Promise<DialogResultByType[T]> {
    this.counter += 1
    const id = `dialog-${this.counter}`
    return new Promise<DialogResultByType[T]>((resolve) => {
      this.resolvers.set(id, (result) => resolve(result as DialogResultByType[T]))
      this.dispatch(dialogQueued({ id, type, props } as Parameters<typeof dialogQueued>[0]))
    })
  }

  confirm = (props: DialogPropsByType['ConfirmDialog']): Promise<boolean> => this.open('ConfirmDialog', props)

  close = (id: string, result: unknown): void => {
    const resolve = this.resolvers.get(id)
    if (!resolve) return
    this.resolvers.delete(id)
    this.dispatch(dialogClosing(id))
    resolve(result)
    const handle = this.clock.setTimeout(() => {
      this.timers.delete(handle)
      this.dispatch(dialogRemoved(id))
    }, DIALOG_CLOSE_MS)
    this.timers.add(handle)
  }

  dispose(): void {
    for (const handle of this.timers) this.clock.clearTimeout(handle)
    this.timers.clear()
  }
}

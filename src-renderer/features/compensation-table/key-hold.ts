/** A key as typed: enough to replay it. */
export interface HeldKey {
  key: string
  code: string
  ctrlKey: boolean
  shiftKey: boolean
  altKey: boolean
  metaKey: boolean
}

const HOLD_FOR_MS = 10_000
const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock'])

/**
 * While the table turns a page, the cell the keyboard moves to is not drawn yet (its rows may still be
 * loading) and the browser's focus falls to the page body, so keys typed meanwhile would be lost, or
 * reach the row being left. A hold catches every key typed in that time and, once `ready()` says the
 * cell is there and focused, hands them to `replay` one at a time, in the order typed. A click ends the
 * hold (the user has gone elsewhere) and so does a page that has not come in 10 s; the keys held are
 * then dropped.
 */
export class KeyHold {
  private queue: HeldKey[] = []
  private ready: (() => boolean) | null = null
  private until = 0
  private replaying = false
  private listening = false
  private readonly replayed = new WeakSet<Event>()

  constructor(private readonly replay: (key: HeldKey) => Promise<void>) {}

  get holding(): boolean {
    return this.ready !== null || this.replaying
  }

  /** Holds keys until `ready()`; started by a replayed key, it keeps the keys not yet replayed. */
  hold(ready: () => boolean): void {
    const idle = this.ready === null
    this.ready = ready
    this.until = performance.now() + HOLD_FOR_MS
    if (!this.listening) {
      document.addEventListener('keydown', this.onKeyDown, true)
      document.addEventListener('pointerdown', this.release, true)
      this.listening = true
    }
    if (idle && !this.replaying) requestAnimationFrame(this.check)
  }

  /** Sends a held key to `target` as a keydown the hold lets through. */
  dispatch(target: EventTarget, key: HeldKey): void {
    const event = new KeyboardEvent('keydown', { ...key, bubbles: true, cancelable: true })
    this.replayed.add(event)
    target.dispatchEvent(event)
  }

  release = (): void => {
    this.ready = null
    this.queue = []
    if (!this.replaying) this.stopListening()
  }

  private onKeyDown = (event: KeyboardEvent): void => {
    if (this.replayed.has(event) || MODIFIER_KEYS.has(event.key)) return
    event.preventDefault()
    event.stopImmediatePropagation()
    const { key, code, ctrlKey, shiftKey, altKey, metaKey } = event
    this.queue.push({ key, code, ctrlKey, shiftKey, altKey, metaKey })
  }

  private check = (): void => {
    if (this.ready === null) return
    if (this.ready()) {
      this.ready = null
      void this.drain()
    } else if (performance.now() > this.until) {
      this.release()
    } else {
      requestAnimationFrame(this.check)
    }
  }

  private async drain(): Promise<void> {
    this.replaying = true
    try {
      // A replayed key that turns the page again starts a new hold: the rest wait for it.
      while (this.ready === null && this.queue.length > 0) {
        await this.replay(this.queue.shift() as HeldKey)
      }
    } catch {
      this.queue = []
      this.ready = null
    } finally {
      this.replaying = false
    }
    if (this.ready !== null) requestAnimationFrame(this.check)
    else this.stopListening()
  }

  private stopListening(): void {
    if (!this.listening) return
    document.removeEventListener('keydown', this.onKeyDown, true)
    document.removeEventListener('pointerdown', this.release, true)
    this.listening = false
  }
}

import { configureStore } from '@reduxjs/toolkit'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DIALOG_CLOSE_MS, DialogController } from '../../../src-renderer/components/dialog/dialog-controller'
import { dialogsReducer, selectActiveDialog } from '../../../src-renderer/components/dialog/dialog-slice'

function setup() {
  const store = configureStore({ reducer: { dialogs: dialogsReducer } })
  return { store, dialogs: new DialogController(store.dispatch) }
}

describe('dialog queue (spec: only the first is shown; closing takes 150 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows only the first queued dialog and the next one after the close animation', async () => {
    const { store, dialogs } = setup()
    expect(DIALOG_CLOSE_MS).toBe(150)
    const first = dialogs.confirm({ title: 'Close pay cycle?', message: 'Choices get locked.' })
    const second = dialogs.confirm({ title: 'Second', message: 'Waits its turn.' })
    const active = selectActiveDialog(store.getState())
    expect(active?.props).toMatchObject({ title: 'Close pay cycle?' })
    expect(store.getState().dialogs.modalStack).toHaveLength(2)

    dialogs.close(active!.id, true)
    await expect(first).resolves.toBe(true)
    expect(selectActiveDialog(store.getState())).toMatchObject({ id: active!.id, closing: true })
    vi.advanceTimersByTime(DIALOG_CLOSE_MS - 1)
    expect(selectActiveDialog(store.getState())?.id).toBe(active!.id)
    vi.advanceTimersByTime(1)
    const next = selectActiveDialog(store.getState())
    expect(next).toMatchObject({ type: 'ConfirmDialog', closing: false, props: { title: 'Second' } })

    dialogs.close(next!.id, false)
    dialogs.close(next!.id, true)
    await expect(second).resolves.toBe(false)
    vi.advanceTimersByTime(DIALOG_CLOSE_MS)
    expect(store.getState().dialogs.modalStack).toEqual([])
  })

  it('keeps only serializable data in the store', () => {
    const { store, dialogs } = setup()
    void dialogs.confirm({ title: 'Delete?', message: 'Sure?', tone: 'danger' })
    const state = store.getState()
    expect(JSON.parse(JSON.stringify(state))).toEqual(state)
  })
})

import { configureStore } from '@reduxjs/toolkit'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  TOAST_DEFAULT_DURATION_MS,
  TOAST_EXIT_MS,
  ToastController,
} from '../../../src-renderer/components/toast/toast-controller'
import { toastsReducer } from '../../../src-renderer/components/toast/toast-slice'

function setup() {
  const store = configureStore({ reducer: { toasts: toastsReducer } })
  const toasts = new ToastController(store.dispatch)
  const phases = () => store.getState().toasts.map((t) => `${t.kind}:${t.message}:${t.phase}`)
  return { store, toasts, phases }
}

describe('toasts (spec: visible → hidden → removed after 250 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('uses the spec constants', () => {
    expect(TOAST_DEFAULT_DURATION_MS).toBe(3000)
    expect(TOAST_EXIT_MS).toBe(250)
  })

  it('hides a toast after 3000 ms and removes it 250 ms later', () => {
    const { toasts, phases } = setup()
    toasts.success('Data loaded successfully!')
    expect(phases()).toEqual(['success:Data loaded successfully!:visible'])
    vi.advanceTimersByTime(2999)
    expect(phases()).toEqual(['success:Data loaded successfully!:visible'])
    vi.advanceTimersByTime(1)
    expect(phases()).toEqual(['success:Data loaded successfully!:hidden'])
    vi.advanceTimersByTime(249)
    expect(phases()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(phases()).toEqual([])
  })

  it('keeps a loading toast until it is dismissed', () => {
    const { toasts, phases } = setup()
    const id = toasts.loading('Loading data...')
    vi.advanceTimersByTime(60_000)
    expect(phases()).toEqual(['loading:Loading data...:visible'])
    toasts.dismiss(id)
    expect(phases()).toEqual(['loading:Loading data...:hidden'])
    vi.advanceTimersByTime(TOAST_EXIT_MS)
    expect(phases()).toEqual([])
  })

  it('dismissing early cancels the pending hide; unknown and hidden ids are ignored', () => {
    const { toasts, phases, store } = setup()
    const id = toasts.error('Failed to load data.')
    vi.advanceTimersByTime(1000)
    toasts.dismiss(id)
    toasts.dismiss(id)
    toasts.dismiss('toast-unknown')
    vi.advanceTimersByTime(TOAST_EXIT_MS)
    expect(phases()).toEqual([])
    vi.advanceTimersByTime(10_000)
    expect(store.getState().toasts).toEqual([])
  })

  it('honours a custom duration, and null keeps any kind on screen', () => {
    const { toasts, phases } = setup()
    toasts.info('short', { duration: 500 })
    toasts.info('sticky', { duration: null })
    vi.advanceTimersByTime(500 + TOAST_EXIT_MS)
    expect(phases()).toEqual(['info:sticky:visible'])
  })

  it('dispose clears every timer', () => {
    const { toasts, phases } = setup()
    toasts.success('saved')
    toasts.dispose()
    vi.advanceTimersByTime(10_000)
    expect(phases()).toEqual(['success:saved:visible'])
  })
})

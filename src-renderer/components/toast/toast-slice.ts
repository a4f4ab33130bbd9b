import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

export type ToastKind = 'success' | 'error' | 'loading' | 'info'

/** Spec: a toast is visible, then hidden (its 250 ms exit animation), then removed. */
export type ToastPhase = 'visible' | 'hidden'

export interface Toast {
  id: string
  kind: ToastKind
  message: string
  phase: ToastPhase
}

export type ToastsState = Toast[]

/** The slice of the root state this module reads; keeps components free of the app's store types. */
export interface WithToasts {
  toasts: ToastsState
}

const initialState: ToastsState = []

const toastsSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastAdded(state, action: PayloadAction<{ id: string; kind: ToastKind; message: string }>) {
      state.push({ ...action.payload, phase: 'visible' })
    },
    toastHidden(state, action: PayloadAction<string>) {
      const toast = state.find((t) => t.id === action.payload)
      if (toast) toast.phase = 'hidden'
    },
    toastRemoved(state, action: PayloadAction<string>) {
      return state.filter((t) => t.id !== action.payload)
    },
  },
})

export const { toastAdded, toastHidden, toastRemoved } = toastsSlice.actions
export const toastsReducer = toastsSlice.reducer

export const selectToasts = (state: WithToasts): ToastsState => state.toasts

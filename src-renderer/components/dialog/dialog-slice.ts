import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

/** Props of each dialog type; only serializable data (callbacks live in the DialogController). */
export interface ConfirmDialogProps {
  title: string
  message: string
  confirmLabel?: string
  cancelLabel?: string
  /** A destructive action gets a red confirm button. */
  tone?: 'default' | 'danger'
}

/** Spec §2 lists the dialog types; each is added here as it is built. */
export interface DialogPropsByType {
  ConfirmDialog: ConfirmDialogProps
}
export type DialogType = keyof DialogPropsByType

export type DialogEntry = {
  [T in DialogType]: { id: string; type: T; props: DialogPropsByType[T]; closing: boolean }
}[DialogType]

export interface DialogsState {
  /** Spec: only the first queued dialog is shown. */
  modalStack: DialogEntry[]
}

export interface WithDialogs {
  dialogs: DialogsState
}

const initialState: DialogsState = { modalStack: [] }

const dialogsSlice = createSlice({
  name: 'dialogs',
  initialState,
  reducers: {
    dialogQueued(state, action: PayloadAction<Omit<DialogEntry, 'closing'>>) {
      state.modalStack.push({ ...action.payload, closing: false } as DialogEntry)
    },
    dialogClosing(state, action: PayloadAction<string>) {
      const entry = state.modalStack.find((d) => d.id === action.payload)
      if (entry) entry.closing = true
    },
    dialogRemoved(state, action: PayloadAction<string>) {
      state.modalStack = state.modalStack.filter((d) => d.id !== action.payload)
    },
  },
})

export const { dialogQueued, dialogClosing, dialogRemoved } = dialogsSlice.actions
export const dialogsReducer = dialogsSlice.reducer

export const selectModalStack = (state: WithDialogs): DialogEntry[] => state.dialogs.modalStack
/** The one dialog on screen: the first queued. */
export const selectActiveDialog = (state: WithDialogs): DialogEntry | null =>
  state.dialogs.modalStack[0] ?? null

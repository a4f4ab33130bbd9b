import { configureStore, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit'
import { dialogsReducer } from '../components/dialog'
import { toastsReducer } from '../components/toast'
import { dataReducer } from './data-slice'
import { sessionReducer } from './session-slice'

/** Only serializable data lives here: timers and promise resolvers stay in their controllers. */
export function createAppStore() {
  return configureStore({
    reducer: {
      session: sessionReducer,
      data: dataReducer,
      toasts: toastsReducer,
      dialogs: dialogsReducer,
    },
  })
}

export type AppStore = ReturnType<typeof createAppStore>
export type RootState = ReturnType<AppStore['getState']>
export type AppDispatch = AppStore['dispatch']
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, UnknownAction>

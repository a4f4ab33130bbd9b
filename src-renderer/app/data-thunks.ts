import { nanoid } from '@reduxjs/toolkit'
import { contract } from '../../src-shared/contract'
import { canCall } from './can-call'
import { invoke } from './client'
import { loadInitialData } from './data-load'
import type { SyncApplied } from '../../src-shared/contract'
import {
  loadFailed,
  loadStarted,
  loadSucceeded,
  payCyclesChanged,
  payRangesChanged,
  submissionsChanged,
  usersChanged,
} from './data-slice'
import { sessionKeyOf } from './session-slice'
import type { AppThunk } from './store'

export type DataLoadResult = 'loaded' | 'failed' | 'skipped' | 'stale'

/** Told when a load really starts; returns what to call when that load ends (the caller shows toasts). */
export type DataLoadListener = () => (result: Exclude<DataLoadResult, 'skipped'>) => void

/**
 * The initial data load for the open workbook and acting user. Does nothing when no workbook is
 * open or a load for the same workbook is already running. An answer for a workbook that has
 * since been closed or replaced is dropped ('stale').
 */
export function loadWorkbookData(listener?: DataLoadListener): AppThunk<Promise<DataLoadResult>> {
  return async (dispatch, getState) => {
    const { session, data } = getState()
    const sessionKey = sessionKeyOf(session.info)
    const role = session.info?.user?.role
    if (!sessionKey || !role) return 'skipped'
    if (data.status === 'loading' && data.sessionKey === sessionKey) return 'skipped'

    const requestId = nanoid()
    dispatch(loadStarted({ sessionKey, requestId }))
    const finished = listener?.()
    const outcome = await loadInitialData(invoke, role)
    if (getState().data.requestId !== requestId) {
      finished?.('stale')
      return 'stale'
    }
    if (outcome.ok) dispatch(loadSucceeded({ requestId, data: outcome.data, skipped: outcome.skipped }))
    else dispatch(loadFailed({ requestId, error: outcome.error, errors: outcome.errors }))
    const result = outcome.ok ? 'loaded' : 'failed'
    finished?.(result)
    return result
  }
}

/**
 * After a submission, a send-back or an edited comment: reads the planner submissions again (one row
 * per planner) and bumps the version the open views watch. The employees and rewards lists do not
 * change with a submission, so they are not downloaded again (a minute at 131,000 employees).
 */
export function refreshSubmissions(): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const role = getState().session.info?.user?.role
    if (!role || !canCall(role, contract['plannerSubmissions.list'].access)) {
      dispatch(submissionsChanged(null))
      return
    }
    const result = await invoke('plannerSubmissions.list', {})
    dispatch(submissionsChanged(result.ok ? result.value : null))
  }
}

/**
 * Others' changes reached the open replica (sync.applied): the small company lists the pages read
 * from the store (pay cycles, pay ranges, users) are read again when the change touched them.
 */
export function refreshSyncedLists(applied: SyncApplied): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const role = getState().session.info?.user?.role
    if (!role || getState().data.status !== 'loaded') return
    const may = (channel: 'payCycles.list' | 'payRanges.list' | 'users.list') =>
      canCall(role, contract[channel].access)
    if (applied.payCyclesChanged && may('payCycles.list')) {
      const result = await invoke('payCycles.list', {})
      if (result.ok) dispatch(payCyclesChanged(result.value))
    }
    if (applied.recordsChanged && may('payRanges.list')) {
      const result = await invoke('payRanges.list', {})
      if (result.ok) dispatch(payRangesChanged(result.value))
    }
    if (applied.usersChanged && may('users.list')) {
      const result = await invoke('users.list', {})
      if (result.ok) dispatch(usersChanged(result.value))
    }
  }
}

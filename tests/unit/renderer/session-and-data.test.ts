import { describe, expect, it } from 'vitest'
import type { AppInfo } from '../../../src-shared/contract'
import { computeAppState } from '../../../src-renderer/app/app-state'
import {
  emptyCollections,
  loadFailed,
  loadStarted,
  loadSucceeded,
  selectSubmissionsVersion,
  submissionsChanged,
  userSettingsChanged,
  usersChanged,
} from '../../../src-renderer/app/data-slice'
import { pathAfterOpen, safeReturnPath, welcomePathFor } from '../../../src-renderer/app/return-path'
import {
  closeRequested,
  logoutSettled,
  selectSessionKey,
  sessionLoaded,
  workbookClosed,
} from '../../../src-renderer/app/session-slice'
import { createAppStore } from '../../../src-renderer/app/store'

function info(path: string | null, userId = 1): AppInfo {
  return {
    mode: 'browser',
    version: '0.1.0',
    nativeDialogs: false,
    filesFolder: null,
    workbook: path
      ? { path, fileName: 'a.paycycle', companyName: 'Acme', schemaVersion: 1, employees: 3 }
      : null,
    user: path ? { id: userId, email: 'o@acme.test', name: 'Owner', role: 'OWNER', employeeId: null } : null,
    secretStore: null,
  }
}

describe('session and data slices', () => {
  it('loads data for one session key and drops it when the workbook or user changes', () => {
    const store = createAppStore()
    store.dispatch(sessionLoaded(info('/a.paycycle')))
    const key = selectSessionKey(store.getState())!
    store.dispatch(loadStarted({ sessionKey: key, requestId: 'r1' }))
    expect(store.getState().data.status).toBe('loading')
    store.dispatch(
      loadSucceeded({ requestId: 'r1', data: { ...emptyCollections(), teams: [] }, skipped: ['users'] }),
    )
    expect(store.getState().data).toMatchObject({ status: 'loaded', skipped: ['users'], sessionKey: key })

    store.dispatch(sessionLoaded(info('/a.paycycle')))
    expect(store.getState().data.status).toBe('loaded')
    store.dispatch(sessionLoaded(info('/a.paycycle', 2)))
    expect(store.getState().data.status).toBe('idle')
  })

  it('ignores answers of a load that was superseded', () => {
    const store = createAppStore()
    store.dispatch(loadStarted({ sessionKey: 'k', requestId: 'old' }))
    store.dispatch(loadStarted({ sessionKey: 'k', requestId: 'new' }))
    store.dispatch(loadFailed({ requestId: 'old', error: 'Failed to fetch teams', errors: {} }))
    expect(store.getState().data.status).toBe('loading')
    store.dispatch(loadFailed({ requestId: 'new', error: 'Failed to fetch users', errors: { users: 'x' } }))
    expect(store.getState().data).toMatchObject({ status: 'failed', error: 'Failed to fetch users' })
  })

  it('a currency picked while the load runs is kept when the load answers with the settings it read before', () => {
    const store = createAppStore()
    store.dispatch(loadStarted({ sessionKey: 'k', requestId: 'r1' }))
    const read = { preferredCurrency: 'USD' } as never
    const picked = { preferredCurrency: 'EUR' } as never
    store.dispatch(userSettingsChanged(picked))
    store.dispatch(
      loadSucceeded({ requestId: 'r1', data: { ...emptyCollections(), userSettings: read }, skipped: [] }),
    )
    expect(store.getState().data.userSettings).toBe(picked)
    // The next load's answer is taken whole again.
    store.dispatch(loadStarted({ sessionKey: 'k', requestId: 'r2' }))
    store.dispatch(
      loadSucceeded({ requestId: 'r2', data: { ...emptyCollections(), userSettings: read }, skipped: [] }),
    )
    expect(store.getState().data.userSettings).toBe(read)
  })

  it('logout forgets the workbook, its data, and remembers that the user left on purpose', () => {
    const store = createAppStore()
    store.dispatch(sessionLoaded(info('/a.paycycle')))
    store.dispatch(loadStarted({ sessionKey: selectSessionKey(store.getState())!, requestId: 'r' }))
    store.dispatch(closeRequested())
    store.dispatch(workbookClosed())
    expect(store.getState().session).toMatchObject({ loggedOut: true, info: { workbook: null, user: null } })
    expect(store.getState().data.status).toBe('idle')
    store.dispatch(logoutSettled())
    expect(store.getState().session.loggedOut).toBe(false)
  })

  it('keeps the whole state serializable', () => {
    const store = createAppStore()
    store.dispatch(sessionLoaded(info('/a.paycycle')))
    const state = store.getState()
    expect(JSON.parse(JSON.stringify(state))).toEqual(state)
  })
})

describe('a submission refreshes only what shows submissions', () => {
  it('submissionsChanged keeps the fresh list and bumps the version, leaving the company lists and the load alone', () => {
    const store = createAppStore()
    store.dispatch(sessionLoaded(info('/a.paycycle')))
    const key = selectSessionKey(store.getState())!
    store.dispatch(loadStarted({ sessionKey: key, requestId: 'r1' }))
    const employees = [{ id: 1 }] as unknown as ReturnType<typeof emptyCollections>['employees']
    store.dispatch(
      loadSucceeded({ requestId: 'r1', data: { ...emptyCollections(), employees }, skipped: [] }),
    )
    const submission = {
      id: 1,
      plannerEmployeeId: 4,
      payCycleId: 1,
      submissionType: 'PLANNER' as const,
      comments: 'Done',
      updatedAt: '2026-11-26T00:00:00.000Z',
    }
    expect(selectSubmissionsVersion(store.getState())).toBe(0)
    store.dispatch(submissionsChanged([submission]))
    expect(store.getState().data.plannerSubmissions).toEqual([submission])
    expect(selectSubmissionsVersion(store.getState())).toBe(1)
    // A list that could not be read keeps the one held; the views still ask again.
    store.dispatch(submissionsChanged(null))
    expect(store.getState().data.plannerSubmissions).toEqual([submission])
    expect(selectSubmissionsVersion(store.getState())).toBe(2)
    expect(store.getState().data.requestId).toBe('r1')
    expect(store.getState().data.status).toBe('loaded')
    expect(store.getState().data.employees).toBe(employees)
  })
})

describe('the Users screen keeps the held users current', () => {
  it("usersChanged replaces the users ('View as' lists employees with users)", () => {
    const store = createAppStore()
    const user = {
      id: 9,
      email: 'new@acme.test',
      name: 'New',
      preferredName: null,
      role: 'PLANNER' as const,
      employeeId: 4,
      invited: false,
      inviteAccepted: false,
    }
    store.dispatch(usersChanged([user]))
    expect(store.getState().data.users).toEqual([user])
    store.dispatch(usersChanged([]))
    expect(store.getState().data.users).toEqual([])
  })
})

describe('data-app-state marker', () => {
  it('follows the session and the data load', () => {
    expect(computeAppState('starting', false, 'idle')).toBe('loading')
    expect(computeAppState('failed', false, 'idle')).toBe('failed')
    expect(computeAppState('ready', false, 'idle')).toBe('welcome')
    expect(computeAppState('ready', true, 'idle')).toBe('loading')
    expect(computeAppState('ready', true, 'loading')).toBe('loading')
    expect(computeAppState('ready', true, 'loaded')).toBe('loaded')
    expect(computeAppState('ready', true, 'failed')).toBe('failed')
  })
})

describe('onlogin and landing paths', () => {
  it('follows only in-app paths', () => {
    expect(safeReturnPath('/employeetable')).toBe('/employeetable')
    expect(safeReturnPath('/reward-statement/compstatements?x=1')).toBe(
      '/reward-statement/compstatements?x=1',
    )
    expect(safeReturnPath('//evil.example')).toBeNull()
    expect(safeReturnPath('/\\evil.example')).toBeNull()
    expect(safeReturnPath('https://evil.example')).toBeNull()
    expect(safeReturnPath('employeetable')).toBeNull()
    expect(safeReturnPath('')).toBeNull()
    expect(safeReturnPath(null)).toBeNull()
  })

  it('onlogin first, then the role landing page (spec: owners, admins, super users, planners)', () => {
    expect(pathAfterOpen('/plannerstatus', 'PLANNER')).toBe('/plannerstatus')
    expect(pathAfterOpen(null, 'OWNER')).toBe('/employeetable')
    expect(pathAfterOpen(null, 'PLANNER')).toBe('/employeetable')
    expect(pathAfterOpen('//evil', 'ADMIN')).toBe('/employeetable')
    expect(pathAfterOpen(null, 'MANAGER')).toBeNull()
    expect(pathAfterOpen(null, 'COMM_MANAGER')).toBeNull()
  })

  it('the guard remembers the current path', () => {
    expect(welcomePathFor('/employeetable')).toBe('/?onlogin=%2Femployeetable')
  })
})

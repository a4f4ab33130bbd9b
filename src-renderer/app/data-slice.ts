import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type {
  CompanyDto,
  EmployeeDto,
  JobProfileDto,
  PayCycleDto,
  PayRangeDto,
  PlannerSubmissionDto,
  RewardDto,
  RoleDto,
  TeamDto,
  UserDto,
  UserSettingsDto,
} from '../../src-shared/contract'
import { currentPayCycle } from '../../src-shared/domain/pay-cycles'
import { sessionKeyOf, sessionLoaded, workbookClosed } from './session-slice'

/** What the initial data load fetches (spec §7), in the spec's order. */
export interface DataCollections {
  employees: EmployeeDto[]
  rewards: RewardDto[]
  jobProfiles: JobProfileDto[]
  payRanges: PayRangeDto[]
  plannerSubmissions: PlannerSubmissionDto[]
  teams: TeamDto[]
  userSettings: UserSettingsDto | null
  payCycles: PayCycleDto[]
  users: UserDto[]
  roles: RoleDto[]
  company: CompanyDto | null
}
export type DataKey = keyof DataCollections
export type DataStatus = 'idle' | 'loading' | 'loaded' | 'failed'

export interface DataState extends DataCollections {
  status: DataStatus
  /** The first failure's spec message, e.g. 'Failed to fetch teams'. */
  error: string | null
  /** Spec: fetch errors are kept in state; per collection, the spec message and the envelope's. */
  errors: Partial<Record<DataKey, string>>
  /** Collections the acting role may not read (their channel's access rule refuses it). */
  skipped: DataKey[]
  /** The workbook + user the data belongs to (see sessionKeyOf). */
  sessionKey: string | null
  requestId: string | null
  /** True once a load of this session succeeded: a reload (after an import) keeps showing it. */
  hasData: boolean
  /**
   * Bumped when a planner submission was made, sent back or edited: the open views that show
   * submissions (the table's locks, Planner Status) ask the main process again; nothing is re-downloaded.
   */
  submissionsVersion: number
  /**
   * Collections changed on this screen while a load was running (a currency picked before the load
   * answered): the load's older copy of them does not overwrite the change.
   */
  changedWhileLoading: DataKey[]
}

export interface WithData {
  data: DataState
}

export function emptyCollections(): DataCollections {
  return {
    employees: [],
    rewards: [],
    jobProfiles: [],
    payRanges: [],
    plannerSubmissions: [],
    teams: [],
    userSettings: null,
    payCycles: [],
    users: [],
    roles: [],
    company: null,
  }
}

function initialState(): DataState {
  return {
    ...emptyCollections(),
    status: 'idle',
    error: null,
    errors: {},
    skipped: [],
    sessionKey: null,
    requestId: null,
    hasData: false,
    submissionsVersion: 0,
    changedWhileLoading: [],
  }
}

/** Keeps `value` as collection `key`; during a load, the load's answer leaves it as it is. */
function changed<K extends DataKey>(state: DataState, key: K, value: DataState[K]): void {
  state[key] = value
  if (state.status === 'loading' && !state.changedWhileLoading.includes(key))
    state.changedWhileLoading.push(key)
}

const dataSlice = createSlice({
  name: 'data',
  initialState,
  reducers: {
    loadStarted(state, action: PayloadAction<{ sessionKey: string; requestId: string }>) {
      if (state.sessionKey !== action.payload.sessionKey)
        Object.assign(state, emptyCollections(), { hasData: false })
      state.status = 'loading'
      state.error = null
      state.errors = {}
      state.sessionKey = action.payload.sessionKey
      state.requestId = action.payload.requestId
      state.changedWhileLoading = []
    },
    loadSucceeded(
      state,
      action: PayloadAction<{ requestId: string; data: DataCollections; skipped: DataKey[] }>,
    ) {
      if (state.requestId !== action.payload.requestId) return
      const data: Partial<DataCollections> = { ...action.payload.data }
      for (const key of state.changedWhileLoading) delete data[key]
      Object.assign(state, data)
      state.changedWhileLoading = []
      state.skipped = action.payload.skipped
      state.status = 'loaded'
      state.hasData = true
    },
    loadFailed(
      state,
      action: PayloadAction<{ requestId: string; error: string; errors: Partial<Record<DataKey, string>> }>,
    ) {
      if (state.requestId !== action.payload.requestId) return
      state.status = 'failed'
      state.error = action.payload.error
      state.errors = action.payload.errors
    },
    userSettingsChanged(state, action: PayloadAction<UserSettingsDto>) {
      changed(state, 'userSettings', action.payload)
    },
    /** The pay cycle editor changed the configurations (the table and budgets read the current one). */
    payCyclesChanged(state, action: PayloadAction<PayCycleDto[]>) {
      changed(state, 'payCycles', action.payload)
    },
    /** Pay ranges changed on the company server (a replica following its feed). */
    payRangesChanged(state, action: PayloadAction<PayRangeDto[]>) {
      changed(state, 'payRanges', action.payload)
    },
    /** The Users screen changed the users: 'View as' lists employees who have users. */
    usersChanged(state, action: PayloadAction<UserDto[]>) {
      changed(state, 'users', action.payload)
    },
    /** Submissions changed (here or synced): the fresh list when it was read, and a new version. */
    submissionsChanged(state, action: PayloadAction<PlannerSubmissionDto[] | null>) {
      if (action.payload) changed(state, 'plannerSubmissions', action.payload)
      state.submissionsVersion += 1
    },
    dataReset: () => initialState(),
  },
  extraReducers: (builder) => {
    builder
      // Another workbook or user: what we hold belongs to the previous one.
      .addCase(sessionLoaded, (state, action) =>
        state.sessionKey !== null && state.sessionKey !== sessionKeyOf(action.payload)
          ? initialState()
          : state,
      )
      .addCase(workbookClosed, () => initialState())
  },
})

export const {
  loadStarted,
  loadSucceeded,
  loadFailed,
  userSettingsChanged,
  usersChanged,
  payCyclesChanged,
  payRangesChanged,
  submissionsChanged,
  dataReset,
} = dataSlice.actions
export const dataReducer = dataSlice.reducer

export const selectDataStatus = (state: WithData): DataStatus => state.data.status
export const selectHasData = (state: WithData): boolean => state.data.hasData
export const selectDataError = (state: WithData): string | null => state.data.error
export const selectDataErrors = (state: WithData): Partial<Record<DataKey, string>> => state.data.errors
export const selectDataSessionKey = (state: WithData): string | null => state.data.sessionKey
export const selectEmployees = (state: WithData): EmployeeDto[] => state.data.employees
export const selectRewards = (state: WithData): RewardDto[] => state.data.rewards
export const selectJobProfiles = (state: WithData): JobProfileDto[] => state.data.jobProfiles
export const selectPayRanges = (state: WithData): PayRangeDto[] => state.data.payRanges
export const selectTeams = (state: WithData): TeamDto[] => state.data.teams
export const selectUserSettings = (state: WithData): UserSettingsDto | null => state.data.userSettings
export const selectSubmissionsVersion = (state: WithData): number => state.data.submissionsVersion
export const selectCompany = (state: WithData): CompanyDto | null => state.data.company
/** The cycle planning runs in: the active one, else the one closed last. */
export const selectCurrentPayCycle = (state: WithData): PayCycleDto | null =>
  currentPayCycle(state.data.payCycles)

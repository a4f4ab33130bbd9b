import type { CurrencyCode } from '../domain/currencies'
import type { RoleName } from '../domain/roles'
import type { CurrencyConversions, PayCycleSettings } from '../domain/settings'

/** Plain data crossing the bridge. Money is integer cents; percents are percent values (12.5 = 12.5%). */

export interface WorkbookSummary {
  path: string
  fileName: string
  companyName: string
  schemaVersion: number
  employees: number
  /** The app's demo company (made-up people, in the data folder); absent for the user's own files. */
  demo?: true
  /** Opening took over a lock a Meritbook no longer running had left: what happened, to tell once. */
  notice?: string
}

/** A copy written by Save a copy, and the workbook now open when the user chose to open it. */
export interface WorkbookCopy {
  name: string
  path: string
  bytes: number
  opened: WorkbookSummary | null
}

/** Join from a company file: the replica opened, or why the file was refused (join then goes by rows). */
export type CompanyFileJoin = { summary: WorkbookSummary } | { refused: string }

export interface SessionUser {
  id: number
  email: string
  name: string
  role: RoleName
  employeeId: number | null
}

export interface AppInfo {
  mode: 'electron' | 'browser' | 'cli'
  version: string
  /** True when the shell can show native open/save dialogs (Electron). */
  nativeDialogs: boolean
  /** Browser mode: the folder where new workbooks and statements are saved (no dialogs); else null. */
  filesFolder: string | null
  workbook: WorkbookSummary | null
  user: SessionUser | null
  /** Where sign-in tokens are kept on this machine; null where nothing signs in (the CLI). */
  secretStore: SecretStoreStatus | null
}

/** Help → Copy diagnostics: versions, OS and the newest log's last 200 lines, and where the logs are. */
export interface DiagnosticsDto {
  text: string
  logDir: string
  logFile: string | null
}

/** The secret store the shell chose (src-main/secrets), as Settings shows it. */
export interface SecretStoreStatus {
  kind: 'safeStorage' | 'keytar' | 'memory'
  /** One sentence: where tokens are kept. */
  description: string
  /** How to enable the keychain; null when tokens persist. */
  advice: string | null
  /** Why each better back end was passed over ("keytar: no keychain answered (…)"). */
  passedOver: string[]
}

export interface RecentFile {
  path: string
  /** What the renderer opens it with (workbook.open); issued by the shell, null elsewhere. */
  handle: string | null
  fileName: string
  openedAt: string
  exists: boolean
}

export interface EmployeeDto {
  id: number
  companyEmployeeId: string
  name: string
  preferredName: string | null
  email: string | null
  avatar: string | null
  jobTitle: string | null
  jobProfileId: number | null
  fte: number
  salaried: boolean
  hireDate: string | null
  currentSalary: number
  defaultPayCurrency: string
  currentDollarBonus: number
  currentPercentBonus: number
  gender: string | null
  race: string | null
  age: number | null
  department: string | null
  location: string | null
  employmentStatus: string
  previousIncreaseDate: string | null
  teamId: number | null
  managerId: number | null
  plannerId: number | null
  managedTeamIds: number[]
  isManager: boolean
}

export interface RewardDto {
  employeeId: number
  newSalary: number | null
  newDollarBonus: number | null
  newPercentBonus: number | null
  newJobProfileId: number | null
  lumpSum: number | null
  comments: string | null
  performanceRating: number | null
  performanceRatingLabel: string | null
  performancePlan: boolean
  promotion: boolean
  eligibleForIncrease: boolean
  recommendedIncrease: number | null
  recommendedIncreasePer: number | null
  previousIncrease: string | null
  hyperbalanceAnnualAllocatedBudget: number | null
  deltaFromMidPoint: number | null
}

export interface JobProfileDto {
  id: number
  jobCode: string
  jobProfile: string | null
  jobFamily: string | null
  jobFamilyGroup: string | null
  exemptionStatus: boolean
  payRangeId: number | null
}

export interface PayRangeDto {
  id: number
  name: string
  minPay: number
  midPay: number
  maxPay: number
  payCurrency: string
  salaried: boolean
}

export interface TeamDto {
  id: number
  name: string
  parentTeamId: number | null
  managerId: number | null
  plannerId: number | null
  budget: number | null
  budgetCurrency: string | null
  calculatedBudget: number | null
  recommendedBudget: number | null
}

export interface PlannerSubmissionDto {
  id: number
  plannerEmployeeId: number
  payCycleId: number
  submissionType: 'PLANNER' | 'FORCE' | 'HR'
  comments: string
  updatedAt: string
}

export interface PayCycleDto {
  id: number
  name: string
  active: boolean
  effectiveDate: string | null
  companyMeritBudget: number | null
  defaultCurrency: string
  currencyConversions: CurrencyConversions
  settings: PayCycleSettings
  updatedAt: string
  /** When it was closed (or deactivated by another's activation); null while active. */
  closedAt: string | null
  /** The day its rates came from the live rates service; null when entered by hand. */
  ratesAsOf: string | null
}

export interface UserDto {
  id: number
  email: string
  name: string
  preferredName: string | null
  role: RoleName
  employeeId: number | null
  invited: boolean
  inviteAccepted: boolean
}

export interface RoleDto {
  id: number
  name: RoleName
  nameDisplay: string
}

export interface UserSettingsDto {
  preferredCurrency: CurrencyCode
  /** Null when the user has no accepted column order (the default columns apply). */
  compensationTableConfig: string[] | null
}

export interface CompanyDto {
  name: string
  logoUrl: string | null
  hasCustomAssets: boolean
}

/** One problem in one row of an uploaded CSV (import, bulk planner input). Rows count from 1. */
export interface RowError {
  row: number
  header: string
  id: string
  code: string
  message: string
}

export interface BulkPlanResult {
  status: 'updated' | 'invalid'
  rows: number
  updated: number
  errors: RowError[]
}

export interface ViolationDto {
  rule: string
  severity: 'warning' | 'error'
  message: string
}

export interface EmployeeCheck {
  /** The company's Employee Id. */
  id: string
  severity: 'none' | 'warning' | 'error'
  violations: ViolationDto[]
  proratedPercent: number
  prorationReasons: string[]
  compaRatio: number | null
  positionInRange: number | null
}

export interface TeamCheck {
  name: string
  status: 'error' | 'warning-calculated' | 'warning-recommended' | 'none'
  messages: string[]
  violations: ViolationDto[]
}

export interface CheckReport {
  employees: EmployeeCheck[]
  teams: TeamCheck[]
}

export interface SavedBudget {
  team: TeamDto
  /** The spec's success toast: 'Saved Budget for {team name or Company}'. */
  message: string
}

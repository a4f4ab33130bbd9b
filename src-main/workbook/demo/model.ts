import type { CurrencyCode } from '../../../src-shared/domain/currencies'
import type { Cents } from '../../../src-shared/domain/money'
import type { RoleName } from '../../../src-shared/domain/roles'
import type { CurrencyConversions, PayCycleSettings } from '../../../src-shared/domain/settings'

/**
 * The demo company in memory: plain data that mirrors the workbook tables. Ids are the row ids the
 * writer inserts. Money is integer cents; for hourly staff salaries and ranges are hourly rates.
 */

export interface DemoOptions {
  /** How many employees (default 500). */
  employees?: number
  /** Same seed ⇒ the same company, byte for byte (default 1). */
  seed?: number
  /** "Today" for the company: hire dates, the pay cycle and proration dates hang off it (default 2026-01-01). */
  referenceDate?: string | Date
  /**
   * A names file in the City of Chicago layout (Name "LAST, FIRST M", Job Titles, Salary or Hourly).
   * Without it the built-in name lists are used, so the demo needs no data folder.
   */
  namesFile?: string
}

export interface DemoCompany {
  name: string
  /** E-mail domain of every generated address. */
  domain: string
  createdAt: string
}

export interface DemoPayCycle {
  id: number
  name: string
  active: boolean
  effectiveDate: string
  companyMeritBudget: Cents
  defaultCurrency: CurrencyCode
  currencyConversions: CurrencyConversions
  settings: PayCycleSettings
  updatedAt: string
}

export interface DemoPayRange {
  id: number
  name: string
  minPay: Cents
  midPay: Cents
  maxPay: Cents
  payCurrency: CurrencyCode
  salaried: boolean
}

export interface DemoJobProfile {
  id: number
  jobCode: string
  /** The level label, e.g. 'P3 Senior Professional'. */
  jobProfile: string
  jobFamily: string
  jobFamilyGroup: string
  exemptionStatus: boolean
  payRangeId: number
}

export interface DemoTeam {
  id: number
  name: string
  parentTeamId: number | null
  managerId: number
  plannerId: number
  /** 1 for the CEO's (root) team. */
  depth: number
  budget: Cents | null
  budgetCurrency: CurrencyCode | null
}

export interface DemoReward {
  newSalary: Cents | null
  newDollarBonus: Cents | null
  newPercentBonus: number | null
  newJobProfileId: number | null
  recommendedIncrease: Cents | null
  recommendedIncreasePer: number | null
  performanceRating: number | null
  performanceRatingLabel: string | null
  performancePlan: boolean
  lumpSum: Cents | null
  promotion: boolean
  comments: string | null
  eligibleForIncrease: boolean
  previousIncrease: string | null
  deltaFromMidPoint: Cents | null
  updatedAt: string | null
}

export interface DemoEmployee {
  id: number
  companyEmployeeId: string
  name: string
  preferredName: string | null
  email: string | null
  jobTitle: string
  jobProfileId: number
  fte: number
  salaried: boolean
  hireDate: string
  /** Annual salary, or the hourly rate for hourly staff. */
  currentSalary: Cents
  payCurrency: CurrencyCode
  currentDollarBonus: Cents
  currentPercentBonus: number
  gender: string | null
  race: string | null
  age: number | null
  department: string
  location: string
  employmentStatus: string
  previousIncreaseDate: string | null
  reasonForLastIncrease: string
  /** Null only for the CEO, whose team is the root. */
  teamId: number | null
  managerId: number | null
  plannerId: number | null
  /** 0 for the CEO. */
  level: number
  /** The team this employee manages, if any. */
  managedTeamId: number | null
  reward: DemoReward
}

export interface DemoUser {
  id: number
  email: string
  name: string
  preferredName: string | null
  role: RoleName
  employeeId: number | null
  invited: boolean
  inviteAccepted: boolean
}

export interface DemoUserSetting {
  userId: number
  preferredCurrency: CurrencyCode | null
  compensationTableConfig: string[] | null
}

export interface DemoPlannerSubmission {
  id: number
  plannerEmployeeId: number
  payCycleId: number
  submissionType: 'PLANNER' | 'FORCE' | 'HR'
  comments: string
  submittedByUserId: number | null
  updatedAt: string
}

export interface DemoRewardHistory {
  id: number
  employeeId: number
  changedAt: string
  changedByUserId: number | null
  source: 'demo'
  /** field → { old, new } */
  changes: Record<string, { old: unknown; new: unknown }>
}

export interface DemoCompanyModel {
  seed: number
  referenceDate: string
  company: DemoCompany
  payCycle: DemoPayCycle
  payRanges: DemoPayRange[]
  jobProfiles: DemoJobProfile[]
  /** Parents before children (ids ascending). */
  teams: DemoTeam[]
  /** Managers before their reports (ids ascending); the CEO first. */
  employees: DemoEmployee[]
  users: DemoUser[]
  userSettings: DemoUserSetting[]
  plannerSubmissions: DemoPlannerSubmission[]
  rewardHistory: DemoRewardHistory[]
  ownerEmail: string
  /** One user's e-mail per role, for `--as` in tests and demos. */
  sampleUsers: Record<RoleName, string>
}

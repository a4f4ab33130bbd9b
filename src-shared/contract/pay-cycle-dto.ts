import type { CurrencyConversions } from '../domain/settings'
import type { PayCycleDto } from './dto'
import type { PayCycleRestore } from './pay-cycle-schema'

/** What every lifecycle action answers: the configurations after it, and how to undo and redo it. */
export interface PayCycleChange {
  /** The configuration acted on (null when an undo removed it). */
  cycle: PayCycleDto | null
  /** Every configuration after the change. */
  cycles: PayCycleDto[]
  /** The spec's toast: 'Successfully saved {name}', 'Successfully closed pay cycle.' … */
  message: string
  /** Employees who moved into the new current cycle (their teams stay held). */
  employeesMoved: number
  undo: PayCycleRestore
  redo: PayCycleRestore
}

/** 'Reload live rates': the rates service's answer, or why there is none (an empty result). */
export interface LiveRates {
  base: string
  /** Units per one unit of `base`; empty when the service could not be reached. */
  rates: CurrencyConversions
  /** The day the rates are from. */
  date: string | null
  /** Currencies asked for that the service had no rate for. */
  missing: string[]
  /** Set when the rates are offline: what happened, for the screen. */
  offline: string | null
}

/** A change-log entry of a configuration, for its history list. */
export interface PayCycleHistoryEntry {
  id: number
  at: string
  userName: string | null
  action: string
  /** The top-level fields and settings keys that changed. */
  changed: string[]
}

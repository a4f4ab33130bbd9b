import { z } from 'zod'
import type { PayCycleDto } from '../dto'
import { payCycleConfigSchema, payCyclePatchSchema, payCycleRestoreSchema } from '../pay-cycle-schema'
import type { LiveRates, PayCycleChange, PayCycleHistoryEntry } from '../pay-cycle-dto'
import { CURRENCY_CODES } from '../../domain/currencies'
import { admin, channel, userId } from './shared'

/** "Copy last cycle's plans" (cycle-start.ts); off when left out. */
const copyPlans = z.boolean().optional()

/** The pay cycle: its configurations, their lifecycle and live currency rates. */
export const payCycleChannels = {
  /** A change to the current pay cycle's settings (the CLI's config --set). */
  'payCycle.update': channel<PayCycleDto>()(z.object({ patch: payCyclePatchSchema }).strict(), admin),
  /**
   * The pay cycle editor: a new configuration, always saved active (the active one is deactivated).
   * Its employees start with no plans unless `copyPlans` ("copy last cycle's plans").
   */
  'payCycles.create': channel<PayCycleChange>()(
    z.object({ config: payCycleConfigSchema, copyPlans }).strict(),
    admin,
  ),
  /** Save, or Save And Activate (`activate`) for an inactive configuration. */
  'payCycles.save': channel<PayCycleChange>()(
    z.object({ id: userId, config: payCycleConfigSchema, activate: z.boolean(), copyPlans }).strict(),
    admin,
  ),
  /** Makes a configuration the active one (reopens a closed cycle); plans as for create. */
  'payCycles.activate': channel<PayCycleChange>()(z.object({ id: userId, copyPlans }).strict(), admin),
  /** ClosePayCycle: the active flag set to false; every planner choice locks. */
  'payCycles.close': channel<PayCycleChange>()(z.object({ id: userId.nullable() }).strict(), admin),
  /** Undo or redo of a lifecycle step, as its answer described it. */
  'payCycles.restore': channel<PayCycleChange>()(payCycleRestoreSchema, admin),
  /** A configuration's change-log entries, newest first. */
  'payCycles.history': channel<PayCycleHistoryEntry[]>()(z.object({ id: userId }).strict(), admin),
  /** 'Reload live rates': asks the external rates service (empty rates when it cannot be reached). */
  'currencyRates.live': channel<LiveRates>()(
    z.object({ base: z.enum(CURRENCY_CODES), currencies: z.array(z.enum(CURRENCY_CODES)).max(20) }).strict(),
    admin,
  ),
} as const

import { z } from 'zod'
import { text } from './text'
import { CURRENCY_CODES } from '../domain/currencies'
import { PLANNER_VIOLATION_KEYS } from '../domain/settings'

const isoDate = z.iso.date('Dates are ISO yyyy-mm-dd.')
const percent = z.number().min(0, 'A percent cannot be negative.').max(100, 'A percent cannot exceed 100.')

export const prorationRuleSchema = z
  .object({
    proration_value: z.enum(['hire_date', 'previous_increase']),
    comparison: z.enum(['>=', 'between']),
    date: z.union([isoDate, z.tuple([isoDate, isoDate])]),
    prorate_amount: percent,
  })
  .strict()
  .refine((rule) => (rule.comparison === 'between') === Array.isArray(rule.date), {
    message: "'between' takes a pair of dates and '>=' a single date.",
  })

export const performanceRatingSchema = z
  .object({ label: text().trim(), max_rating: z.number().min(0) })
  .strict()

const severity = z.enum(['warning', 'error'])
/** null unsets a violation's severity: the rule is then ignored. */
const plannerViolationsPatch = z
  .object(Object.fromEntries(PLANNER_VIOLATION_KEYS.map((key) => [key, severity.nullable()])))
  .partial()
  .strict()

const settingsShape = {
  includeMerit: z.boolean(),
  includePerformance: z.boolean(),
  includePositionInRange: z.boolean(),
  allowPIROverOne: z.boolean(),
  noMaxPIRLimit: z.boolean(),
  includeCostOfLabor: z.boolean(),
  separateBudgets: z.boolean(),
  includeBonus: z.boolean(),
  bonusAmountEditable: z.boolean(),
  includeCommission: z.boolean(),
  includeStock: z.boolean(),
  includeLumpSum: z.boolean(),
  bonusEditableDefault: z.enum(['PERCENT', 'DOLLAR', 'BOTH']),
  bonusOnTotalCashBasis: z.boolean(),
  maxPercentIncrease: z.number().nullable(),
  minPercentIncrease: z.number().nullable(),
  minimumPerformance: text().nullable(),
  minPerformanceMaxPIR: z.number().min(0).max(1),
  prioritizePayMin: z.boolean(),
  prorationRules: z.array(prorationRuleSchema).max(200),
  plannerViolations: plannerViolationsPatch,
  performanceRatings: z.array(performanceRatingSchema).max(100),
}

/** Every settings key of the spec; each optional in a patch. */
export const settingsPatchSchema = z.object(settingsShape).partial().strict()

/** A whole configuration's settings, as the editor saves them (an unset severity is left out). */
export const settingsSchema = z
  .object({
    ...settingsShape,
    plannerViolations: z
      .object(Object.fromEntries(PLANNER_VIOLATION_KEYS.map((key) => [key, severity])))
      .partial()
      .strict(),
  })
  .strict()

const currencyCode = z.enum(CURRENCY_CODES, {
  message: `Supported currencies: ${CURRENCY_CODES.join(', ')}.`,
})

/** A change to the active pay cycle. Money in cents. */
export const payCyclePatchSchema = z
  .object({
    settings: settingsPatchSchema.optional(),
    companyMeritBudget: z.number().int('Budgets are whole cents.').min(0).nullable().optional(),
    defaultCurrency: currencyCode.optional(),
    currencyConversions: z
      .partialRecord(currencyCode, z.number().positive('A conversion rate must be above 0.'))
      .optional(),
  })
  .strict()

export type PayCyclePatch = z.infer<typeof payCyclePatchSchema>

const isoDay = z.iso.date('Dates are ISO yyyy-mm-dd.')
const rates = z.partialRecord(currencyCode, z.number().positive('A conversion rate must be above 0.'))

/** What the pay cycle editor saves (money in cents); the lifecycle (active, closed) is separate. */
export const payCycleConfigSchema = z
  .object({
    name: text().trim().min(1, 'This field is required.').max(200),
    effectiveDate: isoDay.nullable(),
    companyMeritBudget: z.number().int('Budgets are whole cents.').min(0).nullable(),
    defaultCurrency: currencyCode,
    currencyConversions: rates,
    ratesAsOf: isoDay.nullable(),
    settings: settingsSchema,
  })
  .strict()

export type PayCycleConfigInput = z.infer<typeof payCycleConfigSchema>

/** A configuration as it was, written back by undo and redo (its lifecycle included). */
export const payCycleStateSchema = payCycleConfigSchema.extend({
  id: z.number().int().positive(),
  active: z.boolean(),
  closedAt: z.iso.datetime().nullable(),
})

/**
 * Undo or redo of a lifecycle step: configurations to put back as they were (inserted again with
 * their id when missing), ones to remove (a creation undone), and which one is then active.
 */
export const payCycleRestoreSchema = z
  .object({
    cycles: z.array(payCycleStateSchema).max(20),
    remove: z.array(z.number().int().positive()).max(20),
    /** Ids put back that must not exist meanwhile (another configuration may have taken the id). */
    insert: z.array(z.number().int().positive()).max(20),
    label: text().max(300),
  })
  .strict()

export type PayCycleRestore = z.infer<typeof payCycleRestoreSchema>

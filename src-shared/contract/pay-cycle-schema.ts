import { z } from 'zod'
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
  .object({ label: z.string().trim(), max_rating: z.number().min(0) })
  .strict()

const severity = z.enum(['warning', 'error'])
/** null unsets a violation's severity: the rule is then ignored. */
const plannerViolationsPatch = z
  .object(Object.fromEntries(PLANNER_VIOLATION_KEYS.map((key) => [key, severity.nullable()])))
  .partial()
  .strict()

/** Every settings key of the spec; each optional in a patch. */
export const settingsPatchSchema = z
  .object({
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
    minimumPerformance: z.string().nullable(),
    minPerformanceMaxPIR: z.number().min(0).max(1),
    prioritizePayMin: z.boolean(),
    prorationRules: z.array(prorationRuleSchema),
    plannerViolations: plannerViolationsPatch,
    performanceRatings: z.array(performanceRatingSchema),
  })
  .partial()
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

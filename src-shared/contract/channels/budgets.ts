import { z } from 'zod'
import type { SavedBudget } from '../dto'
import type { BudgetLevel, ManagerBudgetLevel } from '../budget-dto'
import type { MatrixAnswer, MatrixConfigAnswer, RestoredMatrix, SavedMatrix } from '../matrix-dto'
import { CURRENCY_CODES } from '../../domain/currencies'
import { OVER_MAX_OUT_OF_RANGE } from '../../domain/sliders'
import { admin, channel, none } from './shared'

/** POST /calculate-matrix/'s payload (spec §7); the budget in cents, null for the company merit budget. */
const matrixRequest = z
  .object({
    performance_multiplier_priority: z.number().min(0).max(100),
    position_in_range_priority: z.number().min(0).max(100),
    /** The over-max slider: 1.0 to 5.0. */
    max_position_in_range: z.number().min(1, OVER_MAX_OUT_OF_RANGE).max(5, OVER_MAX_OUT_OF_RANGE),
    desired_budget: z
      .number()
      .int('Budgets are whole cents.')
      .min(0, 'A budget cannot be negative.')
      .nullable(),
    /** Row (rating, lowest first) and column (band '0.0' … '1.0'), counted from 0. */
    cell: z
      .object({ row: z.number().int().min(0), column: z.number().int().min(0).max(10) })
      .strict()
      .nullable(),
  })
  .strict()

/** The request with what the answer should carry: a page of the cell's employees, every employee. */
export const matrixCalculationSchema = matrixRequest.extend({
  cell_offset: z.number().int().min(0).optional(),
  cell_limit: z.number().int().min(1).max(100_000).optional(),
  /** Also every placed employee's recommendation (the CLI's --per-employee). */
  per_employee: z.boolean().optional(),
})

/** Budgets (team budgets, the distribution views) and the merit matrix. */
export const budgetsChannels = {
  'teams.setBudget': channel<SavedBudget>()(
    z
      .object({
        teamId: z.number().int().positive(),
        /** Cents; null clears the budget. */
        budget: z.number().int('Budgets are whole cents.').min(0, 'A budget cannot be negative.').nullable(),
        currency: z.enum(CURRENCY_CODES).optional(),
      })
      .strict(),
    admin,
  ),
  /** The budget distribution view (HyperBalance): the company or a team, and a page of the tiles below. */
  'budgets.level': channel<BudgetLevel>()(
    z
      .object({
        teamId: z.number().int().positive().nullable(),
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(200),
      })
      .strict(),
    admin,
  ),
  /** The manager budget view: the viewer's teams, or one of them and its sub-teams. */
  'budgets.managerView': channel<ManagerBudgetLevel>()(
    z.object({ teamId: z.number().int().positive().nullable() }).strict(),
    { kind: 'pages', pages: ['plannerdashboard'] },
  ),
  /**
   * calculate-matrix with save false: the matrix, counts before and after, budget used, and the
   * selected cell's employees (`cell_data`, a page of `cell_limit` from `cell_offset`, all by default).
   */
  'matrix.calculate': channel<MatrixAnswer>()(matrixCalculationSchema, admin),
  /**
   * calculate-matrix with save true: every reward's recommended_increase, recommended_increase_per and
   * hyperbalance_annual_allocated_budget, and the configuration, in one transaction; one undo step.
   */
  'matrix.save': channel<SavedMatrix>()(matrixCalculationSchema, admin),
  /** GET /calculate-matrix/: the saved configuration, or null defaults with a warning. */
  'matrix.config': channel<MatrixConfigAnswer>()(none, admin),
  /** Undo ('before') or redo ('after') of a matrix save, from its change-log entry. */
  'matrix.restore': channel<RestoredMatrix>()(
    z.object({ changeLogId: z.number().int().positive(), side: z.enum(['before', 'after']) }).strict(),
    admin,
  ),
  /** calculate-budget: every team's recommended budget, stored; teams without one are left out. */
  'budgets.calculate': channel<{ teamId: number; team: string; recommendedBudget: number }[]>()(none, admin),
} as const

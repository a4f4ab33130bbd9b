import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { z } from 'zod'
import type { MatrixAnswer, MatrixConfig } from '../../src-shared/contract'
import { matrixCalculationSchema } from '../../src-shared/contract/channels'
import { CYCLE_CLOSED } from '../../src-shared/domain/locks'
import {
  calculateMeritMatrix,
  cellEmployees,
  inMatrixPayCycle,
  matrixEmployeeMapper,
  MATRIX_FETCH_ERROR,
  MERIT_NOT_INCLUDED,
  NO_DESIRED_BUDGET,
  recommendedIncreaseInSalaryUnits,
  type MeritMatrix,
} from '../../src-shared/domain/merit-matrix'
import type { ServerContext } from '../context'
import type { FeedWaiters } from '../sync/feed-waiters'
import { changeByKey, recordCompanyChange } from '../sync/changes'
import { KEY_REUSED, pushKeyOf } from '../sync/push-keys'
import { callerOf, requireChannel } from '../http/context'
import { HttpError } from '../http/errors'
import { currentCycle, loadCompanyPlan, type CompanyPlan, type PlanEmployee } from '../planning/company-plan'
import { NO_PAY_CYCLE } from './budgets'
import { logChange } from '../db/change-log'

/** POST /calculate-matrix/: the desktop's request, and `save` (spec §7). */
export const calculateMatrixSchema = matrixCalculationSchema.extend({ save: z.boolean().optional() })

/** The engine's rows: the pay cycle's employees (those in it or in none), as the desktop builds them. */
function engineRows(plan: CompanyPlan) {
  const toEngine = matrixEmployeeMapper(plan.currency)
  const sources: PlanEmployee[] = []
  const employees = []
  for (const e of plan.employees) {
    if (!inMatrixPayCycle(e, plan.cycle.id)) continue
    sources.push(e)
    employees.push(
      toEngine({
        id: e.id,
        companyEmployeeId: e.companyEmployeeId,
        name: e.name,
        performanceRating: e.performanceRating,
        performancePlan: e.performancePlan,
        payCycleId: e.payCycleId,
        payCurrency: e.defaultPayCurrency,
        currentAnnualPay: e.currentAnnualPay,
        bounds: e.bounds,
        prorationPercent: e.proration.percent,
      }),
    )
  }
  return { sources, employees }
}

/**
 * calculate-matrix with the desktop's engine (`src-shared/domain/merit-matrix`) over the company's
 * current pay cycle; `save` stores every employee's recommendation and the configuration, as
 * matrix.save does on the desktop. GET answers the saved configuration, 404 when none (spec §7).
 */
/** What a matrix save stored, from its feed change; null when the change is not a matrix save. */
function matrixSaveOf(change: {
  kind: string
  payload: unknown
}): { hyperbalance_config: MatrixConfig; recommended: number } | null {
  const values = (change.payload as { values?: unknown }).values
  if (change.kind !== 'matrix' || values === null || typeof values !== 'object') return null
  const saved = values as { hyperbalance_config?: MatrixConfig; recommended?: number }
  if (saved.hyperbalance_config === undefined || saved.recommended === undefined) return null
  return { hyperbalance_config: saved.hyperbalance_config, recommended: saved.recommended }
}

export function matrixRoutes(app: FastifyInstance, context: ServerContext, waiters: FeedWaiters): void {
  const { db } = context

  app.get('/api/calculate-matrix/', async (request) => {
    const who = await callerOf(request, context)
    const cycle = await currentCycle(db, who.companyId)
    const row = cycle
      ? await db
          .selectFrom('pay_cycle')
          .select('hyperbalance_config')
          .where('company_id', '=', who.companyId)
          .where('id', '=', cycle.id)
          .executeTakeFirst()
      : undefined
    const config = row?.hyperbalance_config ?? null
    if (config === null)
      throw new HttpError(404, 'No HyperBalance configuration is saved for this pay cycle.')
    return { hyperbalance_config: config }
  })

  app.post('/api/calculate-matrix/', async (request, reply) => {
    const who = await callerOf(request, context)
    const input = calculateMatrixSchema.parse(request.body)
    requireChannel(
      who,
      input.save ? 'matrix.save' : 'matrix.calculate',
      input.save ? 'save the matrix' : 'calculate the matrix',
    )
    const key = input.save ? pushKeyOf(request, who) : null
    const replayed = key ? await changeByKey(db, who.companyId, key) : null
    if (replayed) {
      // A replica's save replayed (its answer was lost): what that save stored, nothing saved again.
      const values = matrixSaveOf(replayed)
      if (!values) throw new HttpError(409, KEY_REUSED)
      void reply.header('idempotent-replay', 'true')
      return { hyperbalance_config: values.hyperbalance_config, recommended: values.recommended }
    }
    const plan = await loadCompanyPlan(db, who.companyId)
    if (!plan) throw new HttpError(409, NO_PAY_CYCLE)
    const { cycle } = plan
    if (input.save && !cycle.active) throw new HttpError(403, CYCLE_CLOSED)
    if (!cycle.settings.includeMerit) throw new HttpError(403, MERIT_NOT_INCLUDED)
    const desired = input.desired_budget ?? cycle.companyMeritBudget
    if (desired == null) throw new HttpError(400, NO_DESIRED_BUDGET)
    const request_ = {
      performance_multiplier_priority: input.performance_multiplier_priority,
      position_in_range_priority: input.position_in_range_priority,
      max_position_in_range: input.max_position_in_range,
      desired_budget: desired,
      cell: null,
    }
    const { sources, employees } = engineRows(plan)
    let matrix: MeritMatrix
    try {
      matrix = calculateMeritMatrix(employees, cycle.settings, request_)
    } catch (error) {
      request.log.error({ err: error }, 'calculate-matrix failed')
      throw new HttpError(500, MATRIX_FETCH_ERROR)
    }
    const { allocations, ...rest } = matrix
    const cell = input.cell ? cellEmployees(employees, allocations, input.cell) : []
    const offset = input.cell_offset ?? 0
    const answer: MatrixAnswer = {
      ...rest,
      cell_data:
        input.cell_limit === undefined ? cell.slice(offset) : cell.slice(offset, offset + input.cell_limit),
      cell_total: cell.length,
      cell_offset: offset,
      default_currency: cycle.defaultCurrency,
      company_merit_budget: cycle.companyMeritBudget,
    }
    if (input.per_employee)
      answer.employees = allocations.map((a) => ({
        id: a.employeeId,
        rating: a.rating,
        currentPositionInRange: a.currentPositionInRange,
        newPositionInRange: a.newPositionInRange,
        increase: a.increase,
        increasePercent: a.increasePercent,
      }))
    if (!input.save) return answer

    const byId = new Map(allocations.map((a) => [a.id, a]))
    const ids = sources.map((e) => e.id)
    const increase = sources.map((e) => {
      const a = byId.get(e.id)
      return a ? recommendedIncreaseInSalaryUnits(a.increase, e, plan.currency) : null
    })
    const percent = sources.map((e) => byId.get(e.id)?.increasePercent ?? null)
    const allocated = sources.map((e) => byId.get(e.id)?.increase ?? null)
    const config: MatrixConfig = {
      performance_multiplier_priority: request_.performance_multiplier_priority,
      position_in_range_priority: request_.position_in_range_priority,
      max_position_in_range: request_.max_position_in_range,
      desired_budget: desired,
      budget_used: matrix.budget_used,
      saved_at: context.now().toISOString(),
    }
    await db.transaction().execute(async (trx) => {
      await sql`INSERT INTO reward (company_id, employee_id, recommended_increase, recommended_increase_per,
                                    hyperbalance_annual_allocated_budget)
        SELECT ${who.companyId}, * FROM unnest(${ids}::bigint[], ${increase}::bigint[], ${percent}::float8[],
                                                ${allocated}::bigint[])
        ON CONFLICT (company_id, employee_id) DO UPDATE SET
          recommended_increase = EXCLUDED.recommended_increase,
          recommended_increase_per = EXCLUDED.recommended_increase_per,
          hyperbalance_annual_allocated_budget = EXCLUDED.hyperbalance_annual_allocated_budget,
          updated_at = now()`.execute(trx)
      await trx
        .updateTable('pay_cycle')
        .set({ hyperbalance_config: JSON.stringify(config) })
        .where('company_id', '=', who.companyId)
        .where('id', '=', cycle.id)
        .execute()
      await logChange(trx, who, {
        entity: 'hyperbalance',
        entityId: cycle.id,
        action: 'save',
        oldValue: null,
        newValue: config,
      })
      await recordCompanyChange(
        trx,
        who,
        'matrix',
        null,
        { pay_cycle_id: cycle.id, hyperbalance_config: config, recommended: allocations.length },
        [],
        key,
      )
    })
    waiters.notify(who.companyId)
    return { ...answer, hyperbalance_config: config, recommended: allocations.length }
  })
}

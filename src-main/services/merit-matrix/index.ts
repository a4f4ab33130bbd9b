import { enqueueChangeNow } from '../../workbook/queries/sync'
import type {
  ChannelInput,
  MatrixAnswer,
  MatrixConfig,
  MatrixConfigAnswer,
  RestoredMatrix,
  SavedMatrix,
  SessionUser,
} from '../../../src-shared/contract'
import { CYCLE_CLOSED } from '../../../src-shared/domain/locks'
import {
  calculateMeritMatrix,
  cellEmployees,
  MATRIX_FETCH_ERROR,
  MERIT_NOT_INCLUDED,
  NO_DESIRED_BUDGET,
  NO_MATRIX_CONFIG_WARNING,
  recommendedIncreaseInSalaryUnits,
  type MatrixRequest,
  type MeritMatrix,
} from '../../../src-shared/domain/merit-matrix'
import { formatMoney } from '../../../src-shared/domain/money'
import type { Workbook } from '../../workbook/open'
import {
  readMatrixConfigText,
  readMatrixSave,
  restoreMatrix,
  saveMatrix,
  type MatrixSnapshot,
} from '../../workbook/queries/merit-matrix'
import { Failure } from '../failure'
import type { TableCache } from '../table/cache'
import type { TableModel } from '../table/model'
import { matrixInputs } from './inputs'
import { countOf } from '../../../src-shared/domain/words'

type MatrixInput = ChannelInput<'matrix.calculate'>

/** The last matrix per model, so a cell click with the same sliders only lists the cell. */
const lastMatrix = new WeakMap<TableModel, { version: number; key: string; matrix: MeritMatrix }>()

function requestOf(model: TableModel, input: MatrixInput): MatrixRequest {
  const desired = input.desired_budget ?? model.payCycle.companyMeritBudget
  if (desired == null) throw new Failure('BAD_INPUT', NO_DESIRED_BUDGET)
  return {
    performance_multiplier_priority: input.performance_multiplier_priority,
    position_in_range_priority: input.position_in_range_priority,
    max_position_in_range: input.max_position_in_range,
    desired_budget: desired,
    cell: null,
  }
}

/**
 * The engine over the model's pay cycle. A fault in it is logged and answered with the catalogue's
 * 'An error occurred while fetching the matrix data.' (spec §8); a rule's refusal keeps its message.
 */
function meritMatrix(model: TableModel, request: MatrixRequest): MeritMatrix {
  if (!model.payCycle.settings.includeMerit) throw new Failure('FORBIDDEN', MERIT_NOT_INCLUDED)
  const key = JSON.stringify(request)
  const cached = lastMatrix.get(model)
  if (cached && cached.version === model.version && cached.key === key) return cached.matrix
  try {
    const matrix = calculateMeritMatrix(matrixInputs(model).employees, model.payCycle.settings, request)
    lastMatrix.set(model, { version: model.version, key, matrix })
    return matrix
  } catch (error) {
    console.warn(
      `[meritbook] calculate-matrix failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    )
    throw new Failure('INTERNAL', MATRIX_FETCH_ERROR)
  }
}

function answerOf(
  model: TableModel,
  matrix: MeritMatrix,
  input: Pick<MatrixInput, 'cell' | 'cell_offset' | 'cell_limit' | 'per_employee'>,
): MatrixAnswer {
  const { allocations, ...rest } = matrix
  const cell = input.cell ? cellEmployees(matrixInputs(model).employees, allocations, input.cell) : []
  const offset = input.cell_offset ?? 0
  const answer: MatrixAnswer = {
    ...rest,
    cell_data:
      input.cell_limit === undefined ? cell.slice(offset) : cell.slice(offset, offset + input.cell_limit),
    cell_total: cell.length,
    cell_offset: offset,
    default_currency: model.payCycle.defaultCurrency,
    company_merit_budget: model.payCycle.companyMeritBudget,
  }
  if (input.per_employee) {
    answer.employees = allocations.map((a) => ({
      id: a.employeeId,
      rating: a.rating,
      currentPositionInRange: a.currentPositionInRange,
      newPositionInRange: a.newPositionInRange,
      increase: a.increase,
      increasePercent: a.increasePercent,
    }))
  }
  return answer
}

/** matrix.calculate: calculate-matrix with save false. */
export async function calculateMatrix(
  table: TableCache,
  workbook: Workbook,
  input: MatrixInput,
): Promise<MatrixAnswer> {
  const model = await table.get(workbook)
  return answerOf(model, meritMatrix(model, requestOf(model, input)), input)
}

function parseConfig(text: string | null): MatrixConfig | null {
  if (text == null) return null
  try {
    const value = JSON.parse(text) as Partial<MatrixConfig> | null
    return value && typeof value === 'object' && typeof value.desired_budget === 'number'
      ? (value as MatrixConfig)
      : null
  } catch {
    return null
  }
}

/** matrix.config: GET /calculate-matrix/; none saved is a warning with null defaults (spec §8). */
export async function readMatrixConfig(table: TableCache, workbook: Workbook): Promise<MatrixConfigAnswer> {
  const model = await table.get(workbook)
  const config = parseConfig(readMatrixConfigText(workbook, model.payCycle.id))
  return {
    hyperbalance_config: config,
    warning: config ? null : NO_MATRIX_CONFIG_WARNING,
    defaults: {
      performance_multiplier_priority: config?.performance_multiplier_priority ?? null,
      position_in_range_priority: config?.position_in_range_priority ?? null,
      max_position_in_range: config?.max_position_in_range ?? null,
      desired_budget: config?.desired_budget ?? null,
    },
    company_merit_budget: model.payCycle.companyMeritBudget,
    default_currency: model.payCycle.defaultCurrency,
  }
}

/**
 * What a save stores on every employee of the pay cycle: the recommendation of their cell (null for
 * those in none), in the salary's units, its percent, and the allocation.
 */
export function matrixRecommendations(model: TableModel, matrix: MeritMatrix): MatrixSnapshot['rewards'] {
  const { rows } = matrixInputs(model)
  const byId = new Map(matrix.allocations.map((a) => [a.id, a]))
  const rewards: MatrixSnapshot['rewards'] = {
    ids: [],
    recommendedIncrease: [],
    recommendedIncreasePer: [],
    allocated: [],
  }
  for (const row of rows) {
    const a = byId.get(row.e.id)
    rewards.ids.push(row.e.id)
    rewards.recommendedIncrease.push(
      a ? recommendedIncreaseInSalaryUnits(a.increase, row.e, model.rules.currency) : null,
    )
    rewards.recommendedIncreasePer.push(a ? a.increasePercent : null)
    rewards.allocated.push(a ? a.increase : null)
  }
  return rewards
}

/**
 * matrix.save: calculate-matrix with save true. Every employee of the pay cycle gets the
 * recommendation on their reward (null for those in no cell), and the configuration is stored, in one
 * transaction with one change-log entry (the undo step). The table model is rebuilt on next use, so
 * allocated and recommended budgets, and the dashboards, follow.
 */
export async function saveMatrixRecommendations(
  table: TableCache,
  workbook: Workbook,
  user: SessionUser,
  input: MatrixInput,
  now = new Date(),
): Promise<SavedMatrix> {
  const model = await table.get(workbook)
  if (!model.payCycle.active) throw new Failure('FORBIDDEN', CYCLE_CLOSED)
  const request = requestOf(model, input)
  const matrix = meritMatrix(model, request)
  const rewards = matrixRecommendations(model, matrix)
  const at = now.toISOString()
  const config: MatrixConfig = {
    performance_multiplier_priority: request.performance_multiplier_priority,
    position_in_range_priority: request.position_in_range_priority,
    max_position_in_range: request.max_position_in_range,
    desired_budget: request.desired_budget,
    budget_used: matrix.budget_used,
    saved_at: at,
  }
  const changeLogId = saveMatrix(
    workbook,
    model.payCycle.id,
    { config: JSON.stringify(config), rewards },
    { at, userId: user.id },
    // A replica's save goes to the server as calculate-matrix with save (it works the figures out
    // from its own rows); a refusal writes back the save's 'before' side.
    (logId) =>
      enqueueChangeNow(
        workbook,
        'matrix',
        model.payCycle.id,
        {
          performance_multiplier_priority: request.performance_multiplier_priority,
          position_in_range_priority: request.position_in_range_priority,
          max_position_in_range: request.max_position_in_range,
          desired_budget: request.desired_budget,
          cell: null,
          save: true,
        },
        { change_log_id: logId },
        at,
      ),
  )
  const answer = answerOf(model, matrix, input)
  table.invalidate()
  const currency = model.payCycle.defaultCurrency
  return {
    matrix: answer,
    config,
    changeLogId,
    recommended: matrix.allocations.length,
    message: `Saved the HyperBalance matrix: ${formatMoney(matrix.budget_used, currency)} of ${formatMoney(request.desired_budget, currency)} recommended to ${countOf(matrix.allocations.length, 'employee')}.`,
  }
}

/** matrix.restore: one side of a save written back (undo: 'before'; redo: 'after'), logged. */
export async function restoreMatrixSave(
  table: TableCache,
  workbook: Workbook,
  user: SessionUser,
  input: { changeLogId: number; side: 'before' | 'after' },
  now = new Date(),
): Promise<RestoredMatrix> {
  const entry = readMatrixSave(workbook, input.changeLogId)
  if (!entry) {
    throw new Failure(
      'NOT_FOUND',
      `The change history has no matrix save with the entry ${input.changeLogId}.`,
    )
  }
  const snapshot = input.side === 'before' ? entry.before : entry.after
  const rewards = restoreMatrix(workbook, entry.payCycleId, snapshot, {
    at: now.toISOString(),
    userId: user.id,
    changeLogId: input.changeLogId,
    side: input.side,
  })
  table.invalidate()
  return {
    config: parseConfig(snapshot.config),
    rewards,
    message:
      input.side === 'before' ? 'Undid the HyperBalance matrix save' : 'Redid the HyperBalance matrix save',
  }
}

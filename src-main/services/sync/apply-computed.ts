import type { Transaction } from 'kysely'
import { z } from 'zod'
import { calculateMeritMatrix } from '../../../src-shared/domain/merit-matrix'
import { hasAdminPowers, isRoleName } from '../../../src-shared/domain/roles'
import type { Workbook } from '../../workbook/open'
import type { WorkbookDatabase } from '../../workbook/schema'
import { matrixSaveStored, saveMatrix, storeMatrixConfigText } from '../../workbook/queries/merit-matrix'
import { loadTableSource } from '../../workbook/queries/table'
import { budgetFigures } from '../budget-distribution/figures'
import { matrixRecommendations } from '../merit-matrix'
import { matrixInputs } from '../merit-matrix/inputs'
import { TableModel } from '../table/model'
import type { Author } from './apply-pay-cycle'

type Trx = Transaction<WorkbookDatabase>

/**
 * The table model as the page's transaction sees the workbook (the changes before this one in the
 * page included): read through the transaction, never the session's cached model. Null without a
 * current pay cycle.
 */
async function modelIn(trx: Trx, workbook: Workbook): Promise<TableModel | null> {
  const source = await loadTableSource({ ...workbook, db: trx })
  const { payCycle } = source
  return payCycle ? new TableModel({ ...source, payCycle }) : null
}

/**
 * calculate-budget ran on the server (`budgets`): every team's calculated and recommended budget is
 * worked out here from the replica's own rows, as calculate-budget on the desktop does
 * (budget-distribution's figures), and stored on the teams. Like the desktop's, it writes no change-log
 * entry. True when a figure changed.
 */
export async function applyBudgets(trx: Trx, workbook: Workbook): Promise<boolean> {
  const model = await modelIn(trx, workbook)
  if (!model) return false
  const figures = budgetFigures(model)
  const stored = await trx
    .selectFrom('team')
    .select(['id', 'calculated_budget', 'recommended_budget'])
    .execute()
  let changed = false
  for (const team of stored) {
    const calculated = figures.calculated.get(team.id) ?? null
    const recommended = figures.recommended.get(team.id) ?? null
    if (calculated === team.calculated_budget && recommended === team.recommended_budget) continue
    await trx
      .updateTable('team')
      .set({ calculated_budget: calculated, recommended_budget: recommended })
      .where('id', '=', team.id)
      .execute()
    changed = true
  }
  return changed
}

/** A `matrix` change's values (src-server/routes/matrix.ts): the configuration the server saved. */
const matrixValues = z.object({
  pay_cycle_id: z.number(),
  hyperbalance_config: z
    .object({
      performance_multiplier_priority: z.number(),
      position_in_range_priority: z.number(),
      max_position_in_range: z.number(),
      desired_budget: z.number(),
    })
    .passthrough(),
})

/** Whether this replica holds the whole company: its user's role is an admin role (docs/sync.md). */
export async function holdsWholeCompany(trx: Trx, userId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('app_user as u')
    .innerJoin('role as r', 'r.id', 'u.role_id')
    .select('r.name')
    .where('u.id', '=', userId)
    .executeTakeFirst()
  return row !== undefined && isRoleName(row.name) && hasAdminPowers(row.name)
}

/**
 * The merit matrix saved on the server (`matrix`): the feed carries its configuration, not the
 * rewards' recommendations, so a replica that holds the whole company works them out with that
 * configuration over its own rows, as matrix.save does (the same engine and rows as the server's),
 * and writes them with the save's change-log entry and reward history in the author's name. The
 * stored configuration is the server's. 'stale' when this replica cannot (it holds part of the
 * company: the others' pay is not sent to it), 'skipped' when the save is of another pay cycle.
 */
export async function applyMatrixSave(
  trx: Trx,
  workbook: Workbook,
  values: Record<string, unknown>,
  author: Author,
  wholeCompany: boolean,
): Promise<'applied' | 'skipped' | 'stale'> {
  const parsed = matrixValues.safeParse(values)
  if (!parsed.success) return 'skipped'
  if (!wholeCompany) return 'stale'
  const model = await modelIn(trx, workbook)
  if (!model || model.payCycle.id !== parsed.data.pay_cycle_id) return 'skipped'
  const config = parsed.data.hyperbalance_config
  let rewards
  try {
    const matrix = calculateMeritMatrix(matrixInputs(model).employees, model.payCycle.settings, {
      performance_multiplier_priority: config.performance_multiplier_priority,
      position_in_range_priority: config.position_in_range_priority,
      max_position_in_range: config.max_position_in_range,
      desired_budget: config.desired_budget,
      cell: null,
    })
    rewards = matrixRecommendations(model, matrix)
  } catch {
    return 'stale'
  }
  const saved = { config: JSON.stringify(config), rewards }
  // This replica's own save coming back (or one it holds already): not saved or logged again; the
  // stored configuration takes the server's text (its saved_at).
  if (matrixSaveStored(workbook, model.payCycle.id, saved)) {
    storeMatrixConfigText(workbook, model.payCycle.id, saved.config)
    return 'skipped'
  }
  saveMatrix(workbook, model.payCycle.id, saved, { at: author.at, userId: author.userId })
  return 'applied'
}

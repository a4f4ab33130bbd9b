import type { Workbook } from '../open'

/** The saved matrix configuration of a pay cycle as stored (JSON text), or null when none was saved. */
export async function readHyperbalanceConfigText(
  workbook: Workbook,
  payCycleId: number,
): Promise<string | null> {
  const row = await workbook.db
    .selectFrom('hyperbalance_config')
    .select('config')
    .where('pay_cycle_id', '=', payCycleId)
    .executeTakeFirst()
  return row?.config ?? null
}

/**
 * Whether a budget changed after the last matrix save, undo or redo (the spec's "marks HyperBalance
 * as changed"): a team's budget, or the pay cycle's company merit budget.
 */
export async function budgetsChangedSinceMatrix(workbook: Workbook): Promise<boolean> {
  const matrix = await workbook.db
    .selectFrom('change_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('entity', '=', 'hyperbalance')
    .executeTakeFirst()
  const since = matrix?.id ?? 0
  const changes = await workbook.db
    .selectFrom('change_log')
    .select(['entity', 'action', 'old_value', 'new_value'])
    .where('id', '>', since)
    .where((eb) =>
      eb.or([
        eb.and([eb('entity', '=', 'team'), eb('action', '=', 'budget')]),
        eb('entity', '=', 'pay_cycle'),
      ]),
    )
    .execute()
  return changes.some((c) => {
    if (c.entity === 'team') return true
    const budget = (text: string | null) =>
      text === null ? undefined : (JSON.parse(text) as { companyMeritBudget?: unknown }).companyMeritBudget
    return budget(c.old_value) !== budget(c.new_value)
  })
}

/** Stores every team's calculated and recommended budgets (calculate-budget) in one transaction. */
export function saveTeamBudgetFigures(
  workbook: Workbook,
  figures: readonly { teamId: number; calculatedBudget: number | null; recommendedBudget: number | null }[],
): void {
  const update = workbook.sqlite.prepare(
    'UPDATE team SET calculated_budget = ?, recommended_budget = ? WHERE id = ?',
  )
  workbook.sqlite.transaction(() => {
    for (const f of figures) update.run(f.calculatedBudget, f.recommendedBudget, f.teamId)
  })()
}

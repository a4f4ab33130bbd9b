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

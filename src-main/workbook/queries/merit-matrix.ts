import type { Workbook } from '../open'

/** Every employee's three HyperBalance reward fields, column by column (a compact change-log value). */
export interface RecommendationColumns {
  ids: number[]
  recommendedIncrease: (number | null)[]
  recommendedIncreasePer: (number | null)[]
  allocated: (number | null)[]
}

/** One side of a matrix save: the configuration text (null: none) and the rewards. */
export interface MatrixSnapshot {
  config: string | null
  rewards: RecommendationColumns
}

const SAVE_ENTITY = 'hyperbalance'

function readConfig(workbook: Workbook, payCycleId: number): string | null {
  const row = workbook.sqlite
    .prepare('SELECT config FROM hyperbalance_config WHERE pay_cycle_id = ?')
    .get(payCycleId) as { config: string } | undefined
  return row?.config ?? null
}

function readRecommendations(workbook: Workbook, ids: readonly number[]): RecommendationColumns {
  const stored = new Map<number, [number | null, number | null, number | null]>()
  const rows = workbook.sqlite
    .prepare(
      'SELECT employee_id, recommended_increase, recommended_increase_per, hyperbalance_annual_allocated_budget FROM reward',
    )
    .raw()
    .iterate() as Iterable<[number, number | null, number | null, number | null]>
  for (const [id, increase, percent, allocated] of rows) stored.set(id, [increase, percent, allocated])
  const columns: RecommendationColumns = {
    ids: [...ids],
    recommendedIncrease: [],
    recommendedIncreasePer: [],
    allocated: [],
  }
  for (const id of ids) {
    const [increase, percent, allocated] = stored.get(id) ?? [null, null, null]
    columns.recommendedIncrease.push(increase)
    columns.recommendedIncreasePer.push(percent)
    columns.allocated.push(allocated)
  }
  return columns
}

/** The reward history's names for the three fields (money in cents, the percent as a percent number). */
const HISTORY_KEYS = ['recommendedIncrease', 'recommendedIncreasePercent', 'allocatedBudget'] as const

/**
 * One reward-history row per employee whose recommendation the write changes, so an employee's
 * history explains every value the matrix gave them (source 'matrix', or 'matrix undo' / 'matrix redo').
 */
function appendHistory(
  workbook: Workbook,
  before: RecommendationColumns,
  after: RecommendationColumns,
  context: { at: string; userId: number | null; source: string },
): void {
  const insert = workbook.sqlite.prepare(
    'INSERT INTO reward_history (employee_id, changed_at, changed_by_user_id, source, changes) VALUES (?, ?, ?, ?, ?)',
  )
  const was = new Map(before.ids.map((id, i) => [id, i]))
  for (const [i, id] of after.ids.entries()) {
    const j = was.get(id)
    const columns = [after.recommendedIncrease, after.recommendedIncreasePer, after.allocated]
    const old = [before.recommendedIncrease, before.recommendedIncreasePer, before.allocated]
    const changes: Record<string, { old: number | null; new: number | null }> = {}
    HISTORY_KEYS.forEach((key, k) => {
      const from = j === undefined ? null : old[k][j]
      if (from !== columns[k][i]) changes[key] = { old: from, new: columns[k][i] }
    })
    if (Object.keys(changes).length > 0)
      insert.run(id, context.at, context.userId, context.source, JSON.stringify(changes))
  }
}

/** Writes one side: each reward's three fields (a reward row is made where none exists) and the configuration. */
function writeSnapshot(workbook: Workbook, payCycleId: number, snapshot: MatrixSnapshot): number {
  const upsert = workbook.sqlite.prepare(
    `INSERT INTO reward (employee_id, recommended_increase, recommended_increase_per, hyperbalance_annual_allocated_budget)
     SELECT id, ?, ?, ? FROM employee WHERE id = ?
     ON CONFLICT (employee_id) DO UPDATE SET
       recommended_increase = excluded.recommended_increase,
       recommended_increase_per = excluded.recommended_increase_per,
       hyperbalance_annual_allocated_budget = excluded.hyperbalance_annual_allocated_budget`,
  )
  const { rewards } = snapshot
  let written = 0
  for (let i = 0; i < rewards.ids.length; i++) {
    written += upsert.run(
      rewards.recommendedIncrease[i],
      rewards.recommendedIncreasePer[i],
      rewards.allocated[i],
      rewards.ids[i],
    ).changes
  }
  if (snapshot.config === null) {
    workbook.sqlite.prepare('DELETE FROM hyperbalance_config WHERE pay_cycle_id = ?').run(payCycleId)
  } else {
    workbook.sqlite
      .prepare(
        'INSERT INTO hyperbalance_config (pay_cycle_id, config) VALUES (?, ?) ON CONFLICT (pay_cycle_id) DO UPDATE SET config = excluded.config',
      )
      .run(payCycleId, snapshot.config)
  }
  return written
}

function appendLog(
  workbook: Workbook,
  entry: {
    at: string
    userId: number | null
    payCycleId: number
    action: string
    oldValue: unknown
    newValue: unknown
  },
): number {
  const result = workbook.sqlite
    .prepare(
      'INSERT INTO change_log (at, user_id, entity, entity_id, action, old_value, new_value) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .run(
      entry.at,
      entry.userId,
      SAVE_ENTITY,
      String(entry.payCycleId),
      entry.action,
      JSON.stringify(entry.oldValue),
      JSON.stringify(entry.newValue),
    )
  return Number(result.lastInsertRowid)
}

/**
 * A matrix save (calculate-matrix with save true), in one transaction: the new recommendations and
 * configuration, and one change-log entry holding both sides (its id answers).
 */
export function saveMatrix(
  workbook: Workbook,
  payCycleId: number,
  next: MatrixSnapshot,
  context: { at: string; userId: number | null },
  alsoInTransaction: (changeLogId: number) => void = () => undefined,
): number {
  return workbook.sqlite.transaction(() => {
    const before: MatrixSnapshot = {
      config: readConfig(workbook, payCycleId),
      rewards: readRecommendations(workbook, next.rewards.ids),
    }
    writeSnapshot(workbook, payCycleId, next)
    appendHistory(workbook, before.rewards, next.rewards, { ...context, source: 'matrix' })
    const changeLogId = appendLog(workbook, {
      ...context,
      payCycleId,
      action: 'save',
      oldValue: before,
      newValue: next,
    })
    alsoInTransaction(changeLogId)
    return changeLogId
  })()
}

/** A save's change-log entry: its pay cycle and both sides; null when the entry is not a matrix save. */
export function readMatrixSave(
  workbook: Workbook,
  changeLogId: number,
): { payCycleId: number; before: MatrixSnapshot; after: MatrixSnapshot } | null {
  const row = workbook.sqlite
    .prepare(
      'SELECT entity_id, old_value, new_value FROM change_log WHERE id = ? AND entity = ? AND action = ?',
    )
    .get(changeLogId, SAVE_ENTITY, 'save') as
    { entity_id: string; old_value: string; new_value: string } | undefined
  if (!row) return null
  return {
    payCycleId: Number(row.entity_id),
    before: JSON.parse(row.old_value) as MatrixSnapshot,
    after: JSON.parse(row.new_value) as MatrixSnapshot,
  }
}

/** Writes one side of a save back (undo or redo), logged; answers the rewards written. */
export function restoreMatrix(
  workbook: Workbook,
  payCycleId: number,
  snapshot: MatrixSnapshot,
  context: { at: string; userId: number | null; changeLogId: number; side: 'before' | 'after' },
): number {
  return workbook.sqlite.transaction(() => {
    const current = readRecommendations(workbook, snapshot.rewards.ids)
    const written = writeSnapshot(workbook, payCycleId, snapshot)
    appendHistory(workbook, current, snapshot.rewards, {
      at: context.at,
      userId: context.userId,
      source: context.side === 'before' ? 'matrix undo' : 'matrix redo',
    })
    appendLog(workbook, {
      at: context.at,
      userId: context.userId,
      payCycleId,
      action: 'restore',
      oldValue: null,
      newValue: { fromChangeLogId: context.changeLogId, side: context.side },
    })
    return written
  })()
}

/**
 * A configuration's JSON text with every object's keys in order and without when it was saved (each
 * side stamps its own clock), so two writers' texts of one save compare equal.
 */
function canonical(text: string | null): string | null {
  if (text === null) return null
  const { saved_at: _at, ...config } = JSON.parse(text) as Record<string, unknown>
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
          )
        : value
  return JSON.stringify(sorted(config))
}

/**
 * Whether the workbook holds this save already: the same configuration for the pay cycle and the
 * same three fields for every reward (a replica's own save coming back from the feed).
 */
export function matrixSaveStored(workbook: Workbook, payCycleId: number, next: MatrixSnapshot): boolean {
  if (canonical(readConfig(workbook, payCycleId)) !== canonical(next.config)) return false
  const stored = readRecommendations(workbook, next.rewards.ids)
  const same = (a: (number | null)[], b: (number | null)[]) => a.every((value, i) => value === b[i])
  return (
    same(stored.recommendedIncrease, next.rewards.recommendedIncrease) &&
    same(stored.recommendedIncreasePer, next.rewards.recommendedIncreasePer) &&
    same(stored.allocated, next.rewards.allocated)
  )
}

/** Stores a configuration text as it is, nothing else written or logged (the server's stamp of a save held here). */
export function storeMatrixConfigText(workbook: Workbook, payCycleId: number, config: string): void {
  workbook.sqlite
    .prepare('UPDATE hyperbalance_config SET config = ? WHERE pay_cycle_id = ?')
    .run(config, payCycleId)
}

/** The saved configuration text of a pay cycle, or null. */
export function readMatrixConfigText(workbook: Workbook, payCycleId: number): string | null {
  return readConfig(workbook, payCycleId)
}

import type { PayCycleHistoryEntry } from '../../src-shared/contract'
import type { Workbook } from '../workbook/open'
import { parseJson } from '../workbook/queries/admin'
import { listChangeLog } from '../workbook/queries/change-log'

type Config = Record<string, unknown> & { id?: number; settings?: Record<string, unknown> }

/** The configuration `id` as an entry's old or new value held it (a lifecycle step lists several). */
function versionOf(value: string | null, id: number): Config | null {
  const parsed = parseJson(value) as (Config & { cycles?: Config[] }) | null
  if (!parsed) return null
  if (Array.isArray(parsed.cycles)) return parsed.cycles.find((c) => c.id === id) ?? null
  return parsed.id === id ? parsed : null
}

const IGNORED = new Set(['id', 'updatedAt', 'settings'])

/** The fields and settings keys that differ between two versions ('created' and 'removed' aside). */
export function changedFields(before: Config | null, after: Config | null): string[] {
  if (!before || !after) return []
  const changed: string[] = []
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
    if (!IGNORED.has(key) && JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed.push(key)
  const a = before.settings ?? {}
  const b = after.settings ?? {}
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) changed.push(key)
  return changed
}

/** A configuration's change history, newest first: its own entries and steps that touched it. */
export async function payCycleHistory(
  workbook: Workbook,
  id: number,
  limit = 200,
): Promise<PayCycleHistoryEntry[]> {
  const rows = await listChangeLog(workbook.db, 'pay_cycle', 2000)
  const entries: PayCycleHistoryEntry[] = []
  for (const row of rows) {
    const before = versionOf(row.oldValue, id)
    const after = versionOf(row.newValue, id)
    if (!before && !after && row.entityId !== String(id)) continue
    entries.push({
      id: row.id,
      at: row.at,
      userName: row.userName,
      action: row.action,
      changed: changedFields(before, after),
    })
    if (entries.length >= limit) break
  }
  return entries
}

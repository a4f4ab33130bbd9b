import type { Transaction } from 'kysely'
import type { CompanySnapshot } from '../../../src-shared/contract/company-snapshot'
import type { ScopeRows } from '../../../src-shared/contract/sync-dto'
import type { WorkbookDatabase } from '../schema'

type Trx = Transaction<WorkbookDatabase>
type Employee = CompanySnapshot['employees'][number]

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0)
const employeeRow = (e: Employee) => ({ ...e, salaried: flag(e.salaried) })

/** What `writeScopeRows` did: whether anything changed, and who left with edits of theirs still queued. */
export interface ScopeRowsWritten {
  changed: boolean
  /** Names of those who left the replica's teams while edits of their plan waited here (dropped). */
  leftWithEdits: string[]
}

/**
 * Writes what an org chart change did to the people this replica (a planner's or manager's) may see:
 * those now in its teams in full (a row it held by name only is completed; a reward it holds already
 * stays, with any edit of it still queued), the names the tree needs beside them when missing, and
 * for those who left its teams their pay and reward taken away (their name stays), with their reward
 * edits still queued dropped (the server refuses edits outside the planner's teams). A link to
 * someone the replica does not hold becomes none, as join leaves it.
 */
export async function writeScopeRows(trx: Trx, rows: ScopeRows): Promise<ScopeRowsWritten> {
  const ids = [...new Set([...rows.full, ...rows.names].map((e) => e.id).concat(rows.left))]
  if (ids.length === 0) return { changed: false, leftWithEdits: [] }
  const held = new Map(
    (await trx.selectFrom('employee').select(['id', 'name']).where('id', 'in', ids).execute()).map((e) => [
      e.id,
      e.name,
    ]),
  )
  const rewarded = new Set(
    (await trx.selectFrom('reward').select('employee_id').where('employee_id', 'in', ids).execute()).map(
      (r) => r.employee_id,
    ),
  )
  const teams = new Set((await trx.selectFrom('team').select('id').execute()).map((t) => t.id))
  const written: Employee[] = []
  let changed = false
  const place = (e: Employee) => ({
    ...e,
    team_id: e.team_id !== null && teams.has(e.team_id) ? e.team_id : null,
  })
  for (const e of rows.names) {
    if (held.has(e.id)) continue
    await trx
      .insertInto('employee')
      .values(employeeRow(place(e)))
      .execute()
    held.set(e.id, e.name)
    written.push(e)
    changed = true
  }
  for (const e of rows.full) {
    const { id, ...values } = employeeRow(place(e))
    if (held.has(id)) await trx.updateTable('employee').set(values).where('id', '=', id).execute()
    else
      await trx
        .insertInto('employee')
        .values({ id, ...values })
        .execute()
    held.set(id, e.name)
    written.push(e)
    changed = true
  }
  // Links to people this replica does not hold become none (the foreign keys are checked at commit).
  for (const e of written) {
    const manager = e.manager_id !== null && held.has(e.manager_id) ? e.manager_id : null
    const planner = e.planner_id !== null && held.has(e.planner_id) ? e.planner_id : null
    if (manager !== e.manager_id || planner !== e.planner_id)
      await trx
        .updateTable('employee')
        .set({ manager_id: manager, planner_id: planner })
        .where('id', '=', e.id)
        .execute()
  }
  for (const r of rows.rewards) {
    if (rewarded.has(r.employee_id) || !held.has(r.employee_id)) continue
    await trx
      .insertInto('reward')
      .values({ ...r, performance_plan: flag(r.performance_plan), promotion: flag(r.promotion) })
      .execute()
    changed = true
  }
  const leftWithEdits: string[] = []
  for (const id of rows.left) {
    if (!rewarded.has(id)) continue
    await trx
      .updateTable('employee')
      .set({
        current_salary: 0,
        current_dollar_bonus: 0,
        current_percent_bonus: 0,
        gender: null,
        race: null,
        age: null,
      })
      .where('id', '=', id)
      .execute()
    await trx.deleteFrom('reward').where('employee_id', '=', id).execute()
    const dropped = await trx
      .deleteFrom('sync_outbox')
      .where('kind', '=', 'reward')
      .where('entity_id', '=', id)
      .executeTakeFirst()
    if (Number(dropped.numDeletedRows) > 0) leftWithEdits.push(held.get(id) ?? `employee ${id}`)
    changed = true
  }
  return { changed, leftWithEdits }
}

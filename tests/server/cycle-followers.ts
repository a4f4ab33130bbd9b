import type { ServerDb } from '../../src-server/db/connect'
import type { Desktop } from '../support/replica'

/** The company's employees, on the server: every one of them follows the active configuration. */
export async function companySize(db: ServerDb): Promise<number> {
  const { n } = await db
    .selectFrom('employee')
    .select(({ fn }) => fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(n)
}

function replicaDb(desktop: Desktop) {
  const { workbook } = desktop.session
  if (!workbook) throw new Error('the replica has no workbook open')
  return workbook.db
}

/** The employees a replica holds (a manager's: their teams' only). */
export async function employeesOn(desktop: Desktop): Promise<number> {
  const { n } = await replicaDb(desktop)
    .selectFrom('employee')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return n
}

/** Employees by the configuration they follow, on a replica. */
export async function localFollowers(desktop: Desktop) {
  return replicaDb(desktop)
    .selectFrom('employee')
    .select(({ fn }) => ['pay_cycle_id', fn.countAll<number>().as('n')])
    .groupBy('pay_cycle_id')
    .execute()
}

/** Each configuration's name, lifecycle and budget, on a replica. */
export const localBudgets = async (desktop: Desktop) =>
  (await desktop.call('payCycles.list', {})).map((c) => ({
    id: c.id,
    name: c.name,
    active: c.active,
    company_merit_budget: c.companyMeritBudget,
  }))

export const localCycles = async (desktop: Desktop) =>
  (await desktop.call('payCycles.list', {})).map((c) => ({ id: c.id, name: c.name, active: c.active }))

import type { PayCycleConfigInput } from '../../src-shared/contract'
import type { Desktop, Network } from '../support/replica'
import { testServer } from './support'
import { twoDesktops } from './two-desktops'

/** Issue 36 with replicas: a new cycle made on one desktop starts clean there, on the server and on the other. */
const server = testServer()
const network: Network = { offline: false, loseNextAnswer: false }
const nextYear = `${new Date().getUTCFullYear() + 1}-03-01`
const desks = twoDesktops(
  server,
  {
    name: 'Clean Start',
    ownerEmail: 'owner@clean-start.test',
    ownerName: 'Cleo Start',
    employees: 30,
    seed: 23,
  },
  'a clean start please',
  network,
)

const localSalary = (desktop: Desktop, employeeId: number) =>
  (
    desktop.session
      .workbook!.sqlite.prepare('SELECT new_salary FROM reward WHERE employee_id = ?')
      .get(employeeId) as { new_salary: number | null } | undefined
  )?.new_salary ?? null

describe("a replica's new cycle starts clean everywhere (issue 36)", () => {
  it('the cleared plans go to the server and reach the other desktop', async () => {
    const member = desks.teamMember
    await desks.manager.call('rewards.update', {
      updates: [{ employeeId: member, changes: { newSalary: 99_999_00 } }],
    })
    await desks.manager.engine.syncUntilIdle()
    await desks.owner.engine.syncUntilIdle()
    expect(localSalary(desks.owner, member)).toBe(99_999_00)

    const [first] = await desks.owner.call('payCycles.list', {})
    const config: PayCycleConfigInput = {
      name: 'FY Clean',
      effectiveDate: nextYear,
      companyMeritBudget: first.companyMeritBudget,
      defaultCurrency: first.defaultCurrency as PayCycleConfigInput['defaultCurrency'],
      currencyConversions: first.currencyConversions,
      ratesAsOf: first.ratesAsOf,
      settings: first.settings as PayCycleConfigInput['settings'],
    }
    await desks.owner.call('payCycles.create', { config })
    expect(localSalary(desks.owner, member)).toBeNull()
    expect(await desks.owner.engine.syncUntilIdle()).toMatchObject({ refused: 0, outbox: 0 })
    const onServer = await server()
      .db.selectFrom('reward')
      .select('new_salary')
      .where('employee_id', '=', member)
      .executeTakeFirst()
    expect(onServer?.new_salary ?? null).toBeNull()
    await desks.manager.engine.syncUntilIdle()
    expect(localSalary(desks.manager, member)).toBeNull()
  })
})

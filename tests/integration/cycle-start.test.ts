import path from 'node:path'
import type { Channel, PayCycleConfigInput, PayCycleDto } from '../../src-shared/contract'
import { todayIso } from '../../src-shared/domain/pay-cycles'
import { createDemoWorkbook } from '../../src-main/services/workbooks'
import { openWorkbook } from '../../src-main/workbook/open'
import { testBackend } from '../support/session'
import { tempDir } from '../support/temp'

/** Issue 36: a new cycle starts clean unless the admin chose "copy last cycle's plans". */
const dir = tempDir()
let open: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const session of open) await session.close()
  open = []
})

async function owner(name: string) {
  const file = path.join(dir, `${name}.paycycle`)
  await (await createDemoWorkbook(file, { employees: 120, seed: 3 })).close()
  const backend = testBackend(dir, null)
  open.push(backend.session)
  expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
  const ok = async <C extends Channel>(channel: C, input: unknown) => {
    const result = await backend.dispatcher.dispatch<C>(channel, input)
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
    return result.value
  }
  return { file, ok }
}

function configOf(cycle: PayCycleDto, name: string): PayCycleConfigInput {
  return {
    name,
    effectiveDate: `${Number(todayIso().slice(0, 4)) + 1}-04-01`,
    companyMeritBudget: cycle.companyMeritBudget,
    defaultCurrency: cycle.defaultCurrency as PayCycleConfigInput['defaultCurrency'],
    currencyConversions: cycle.currencyConversions,
    ratesAsOf: cycle.ratesAsOf,
    settings: cycle.settings as PayCycleConfigInput['settings'],
  }
}

/** Employees with a planned reward, a recommendation; teams with a budget. */
async function plans(file: string) {
  const workbook = await openWorkbook(file, { readonly: true })
  try {
    const count = (query: string) => (workbook.sqlite.prepare(query).get() as { n: number }).n
    return {
      planned: count(
        'SELECT COUNT(*) AS n FROM reward WHERE new_salary IS NOT NULL OR new_dollar_bonus IS NOT NULL OR new_percent_bonus IS NOT NULL OR lump_sum IS NOT NULL OR promotion = 1',
      ),
      recommended: count(
        'SELECT COUNT(*) AS n FROM reward WHERE recommended_increase IS NOT NULL OR hyperbalance_annual_allocated_budget IS NOT NULL',
      ),
      teamBudgets: count(
        'SELECT COUNT(*) AS n FROM team WHERE budget IS NOT NULL OR recommended_budget IS NOT NULL OR calculated_budget IS NOT NULL',
      ),
    }
  } finally {
    await workbook.close()
  }
}

const level = { teamId: null, offset: 0, limit: 24 }

describe('a new cycle starts clean (issue 36)', () => {
  it('a second cycle created after planning raises in the first has no rewards, recommendations or Budget Used', async () => {
    const { file, ok } = await owner('clean')
    const [first] = await ok('payCycles.list', {})
    await ok('budgets.calculate', {})
    const before = await ok('budgets.level', level)
    expect(before.company.usedBudget).toBeGreaterThan(0)
    const planned = await plans(file)
    expect(planned.planned).toBeGreaterThan(0)
    expect(planned.recommended).toBeGreaterThan(0)
    expect(planned.teamBudgets).toBeGreaterThan(0)

    await ok('payCycles.create', { config: configOf(first, 'FY Next') })
    expect(await plans(file)).toEqual({ planned: 0, recommended: 0, teamBudgets: 0 })
    const after = await ok('budgets.level', level)
    expect(after.company.usedBudget).toBe(0)
    expect(after.company.allocatedBudget).toBeNull()
  })

  it('with "copy last cycle\'s plans" the new cycle keeps them; activating another cycle clears them', async () => {
    const { file, ok } = await owner('copy')
    const [first] = await ok('payCycles.list', {})
    const planned = await plans(file)
    const usedBefore = (await ok('budgets.level', level)).company.usedBudget
    await ok('payCycles.create', { config: configOf(first, 'FY Copy'), copyPlans: true })
    expect(await plans(file)).toEqual(planned)
    expect((await ok('budgets.level', level)).company.usedBudget).toBe(usedBefore)

    // Activating the first one again (without the choice) starts it clean too.
    await ok('payCycles.activate', { id: first.id })
    expect(await plans(file)).toMatchObject({ planned: 0, recommended: 0 })
  })
})

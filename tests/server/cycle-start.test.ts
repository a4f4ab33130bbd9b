import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { todayIso } from '../../src-shared/domain/pay-cycles'
import { tempDir } from '../support/temp'
import { clientOf, publishedDemo } from './company-fixture'
import { testServer } from './support'

/** Issue 36 on the company server: a new cycle starts clean unless `copy_plans`. */
const server = testServer()
const { call } = clientOf(server)
let snapshot: CompanySnapshot
let owner: string

beforeAll(async () => {
  ;({ snapshot, owner } = await publishedDemo(server, tempDir(), {
    employees: 60,
    seed: 5,
    company: 'Clean',
  }))
})

const config = (name: string) => ({
  name,
  effective_date: todayIso(new Date(Date.now() + 30 * 86_400_000)),
  company_merit_budget: 50_000_000,
  default_currency: 'USD',
  currency_conversions: {},
  settings: (snapshot.payCycles.find((c) => c.active) as CompanySnapshot['payCycles'][number]).settings,
})

/** Employees with a planned reward, with a recommendation; teams with a budget; feed changes of rewards. */
async function plans() {
  const db = server().db
  const count = async (query: Promise<{ n: string | number | bigint }>) => Number((await query).n)
  return {
    planned: await count(
      db
        .selectFrom('reward')
        .select((eb) => eb.fn.countAll().as('n'))
        .where((eb) =>
          eb.or([
            eb('new_salary', 'is not', null),
            eb('new_dollar_bonus', 'is not', null),
            eb('new_percent_bonus', 'is not', null),
            eb('lump_sum', 'is not', null),
          ]),
        )
        .executeTakeFirstOrThrow(),
    ),
    recommended: await count(
      db
        .selectFrom('reward')
        .select((eb) => eb.fn.countAll().as('n'))
        .where((eb) =>
          eb.or([
            eb('recommended_increase', 'is not', null),
            eb('hyperbalance_annual_allocated_budget', 'is not', null),
          ]),
        )
        .executeTakeFirstOrThrow(),
    ),
  }
}

describe('a new cycle starts clean on the server (issue 36)', () => {
  it('copy_plans keeps the plans; a cycle created without it has none, and the feed says so', async () => {
    const planned = await plans()
    expect(planned.planned).toBeGreaterThan(0)
    expect(planned.recommended).toBeGreaterThan(0)
    const copied = await call(owner, 'POST', '/api/paycycle/config/', {
      ...config('Copied'),
      copy_plans: true,
    })
    expect(copied.statusCode).toBe(200)
    expect(await plans()).toEqual(planned)

    const clean = await call(owner, 'POST', '/api/paycycle/config/', config('Clean'))
    expect(clean.statusCode).toBe(200)
    expect(await plans()).toEqual({ planned: 0, recommended: 0 })
    const teams = await server()
      .db.selectFrom('team')
      .select('budget')
      .where('budget', 'is not', null)
      .execute()
    expect(teams).toEqual([])
    const cleared = await server()
      .db.selectFrom('sync_change')
      .select('seq')
      .where('kind', '=', 'reward')
      .execute()
    expect(cleared.length).toBeGreaterThanOrEqual(planned.planned)
  })
})

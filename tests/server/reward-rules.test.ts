import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { DEFAULT_SETTINGS, type PayCycleSettings } from '../../src-shared/domain/settings'
import { tempDir } from '../support/temp'
import { clientOf, publishedDemo } from './company-fixture'
import { testServer } from './support'

/**
 * PUT /employeerewards/{employee}/ under the active pay cycle's switches and proration, with the
 * desktop's words (src-shared/domain/reward-edits.ts): the spec's 'Employee not eligible for an
 * increase.' tooltip for a fully prorated employee, and our messages where the spec names none.
 */
const server = testServer()
const { call } = clientOf(server)
let snapshot: CompanySnapshot
let owner: string
let companyId: number
let target: number

type Reward = { employee_id: number; new_salary: number | null; lump_sum: number | null }

async function setSettings(settings: Partial<PayCycleSettings>): Promise<void> {
  await server()
    .db.updateTable('pay_cycle')
    .set({ settings: JSON.stringify({ ...DEFAULT_SETTINGS, ...settings }) })
    .where('company_id', '=', companyId)
    .where('active', '=', true)
    .execute()
}

const put = (body: object) => call(owner, 'PUT', `/api/employeerewards/${target}/`, body)
const feedLength = async () =>
  Number(
    (
      await server()
        .db.selectFrom('sync_change')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).n,
  )
const stored = async () =>
  (await call(owner, 'GET', '/api/employeerewards/')).json<Reward[]>().find((r) => r.employee_id === target)

beforeAll(async () => {
  ;({ snapshot, owner, companyId } = await publishedDemo(server, tempDir(), {
    employees: 60,
    seed: 5,
    company: 'Acme',
  }))
  const ownerEmployee = snapshot.users.find((u) => u.role === 'OWNER')?.employee_id
  const submitted = new Set(snapshot.submissions.map((s) => s.planner_employee_id))
  // The owner plans everyone; their own plan must not be submitted for the edits to be open.
  expect(submitted.has(ownerEmployee as number)).toBe(false)
  target = snapshot.employees.find(
    (e) => e.id !== ownerEmployee && !snapshot.teams.some((t) => t.manager_id === e.id),
  )?.id as number
  await put({ performance_plan: false, new_salary: null, new_dollar_bonus: null, lump_sum: null })
})

afterEach(() => setSettings({}))

describe('the pay cycle’s bonus and lump-sum switches', () => {
  it('refuses a bonus when the cycle leaves bonuses out, and writes nothing', async () => {
    expect((await put({ new_dollar_bonus: 500_00 })).statusCode).toBe(200)
    await setSettings({ includeBonus: false })
    const before = await feedLength()
    // Clearing the planned bonus is a bonus change too, as on the desktop.
    for (const body of [
      { new_dollar_bonus: 1_000_00 },
      { new_percent_bonus: 5 },
      { new_dollar_bonus: null, comments: 'x' },
    ]) {
      const refused = await put(body)
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toMatchObject({ detail: 'Bonuses are not part of this pay cycle.' })
    }
    expect(await feedLength()).toBe(before)
    expect((await put({ new_dollar_bonus: 500_00, comments: 'bonus unchanged' })).statusCode).toBe(200)
  })

  it('refuses a bonus amount when bonus amounts are not editable', async () => {
    await setSettings({ bonusAmountEditable: false })
    const refused = await put({ new_percent_bonus: 5 })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ detail: 'Bonus amounts are not editable in this pay cycle.' })
  })

  it('refuses a lump sum when the cycle leaves lump sums out; other fields and unchanged values pass', async () => {
    expect((await put({ lump_sum: 250_00 })).statusCode).toBe(200)
    await setSettings({ includeLumpSum: false })
    const refused = await put({ lump_sum: 300_00, comments: 'with a lump sum' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ detail: 'Lump sums are not part of this pay cycle.' })
    expect((await stored())?.lump_sum).toBe(250_00)
    // As on the desktop, only a changed amount is judged: the stored lump sum sent again passes.
    const same = await put({ lump_sum: 250_00, new_salary: 90_000_00 })
    expect(same.statusCode).toBe(200)
    expect(same.json<Reward>().new_salary).toBe(90_000_00)
    expect((await put({ comments: 'no amounts' })).statusCode).toBe(200)
  })
})

describe('proration', () => {
  it('refuses an increase for an employee on a performance plan, with the spec’s tooltip', async () => {
    expect((await put({ new_salary: 91_000_00 })).statusCode).toBe(200)
    expect((await put({ performance_plan: true })).statusCode).toBe(200)
    const before = await feedLength()
    for (const body of [{ new_salary: 95_000_00 }, { lump_sum: 1_00 }, { new_dollar_bonus: 1_00 }]) {
      const refused = await put(body)
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toMatchObject({
        detail: 'Employee not eligible for an increase. On a Performance Improvement Plan',
      })
    }
    expect(await feedLength()).toBe(before)
    expect((await stored())?.new_salary).toBe(91_000_00)
    // Clearing stays allowed, as the desktop allows it.
    expect((await put({ new_salary: null })).statusCode).toBe(200)
    // A replica's merged push: the plan lifted and a salary set (in that order on the desktop) passes.
    const lifted = await put({ performance_plan: false, new_salary: 92_000_00 })
    expect(lifted.statusCode).toBe(200)
    expect(lifted.json<Reward>().new_salary).toBe(92_000_00)
  })

  it('refuses an increase when a proration rule of 100% matches, naming the rule', async () => {
    const hired = snapshot.employees.find((e) => e.id === target)?.hire_date as string
    expect(hired).toMatch(/^\d{4}-\d{2}-\d{2}/)
    await setSettings({
      prioritizePayMin: false,
      prorationRules: [
        { proration_value: 'hire_date', comparison: '>=', date: '1900-01-01', prorate_amount: 100 },
      ],
    })
    const long = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${hired.slice(0, 10)}T00:00:00Z`),
    )
    const refused = await put({ new_salary: 99_000_00 })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({
      detail: `Employee not eligible for an increase. Hire date ${long} is after January 1, 1900`,
    })
    // A rule below 100% prorates without refusing.
    await setSettings({
      prioritizePayMin: false,
      prorationRules: [
        { proration_value: 'hire_date', comparison: '>=', date: '1900-01-01', prorate_amount: 50 },
      ],
    })
    expect((await put({ new_salary: 99_000_00 })).statusCode).toBe(200)
  })
})

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { Channel, PayCycleChange, PayCycleConfigInput, PayCycleDto } from '../../src-shared/contract'
import {
  ABOVE_MAX_ERROR_WITH_PIR_OVER_ONE,
  EFFECTIVE_DATE_BEFORE_TODAY,
  todayIso,
} from '../../src-shared/domain/pay-cycles'
import type { RoleName } from '../../src-shared/domain/roles'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { createDemoWorkbook } from '../../src-main/services/workbooks'
import { openWorkbook } from '../../src-main/workbook/open'
import { testBackend } from '../support/session'
import { tempDir } from '../support/temp'

const dir = tempDir()
const demo = generateDemoCompany({ employees: 120, seed: 3 })
const CLOSED = 'The pay cycle is closed; choices are locked.'

let open: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const session of open) await session.close()
  open = []
})

async function freshWorkbook(name: string): Promise<string> {
  const file = path.join(dir, `${name}.paycycle`)
  await (await createDemoWorkbook(file, { employees: 120, seed: 3 })).close()
  return file
}

/** A backend on `file` acting as the demo's sample user of `role` (the owner when null). */
async function as(file: string, role: RoleName | null = null) {
  for (const session of open) await session.close()
  open = []
  const backend = testBackend(dir, role ? demo.sampleUsers[role] : null)
  open.push(backend.session)
  const opened = await backend.dispatcher.dispatch('workbook.open', { path: file })
  expect(opened.ok).toBe(true)
  const d = backend.dispatcher
  return {
    dispatch: d.dispatch,
    async ok<C extends Channel>(channel: C, input: unknown) {
      const result = await d.dispatch<C>(channel, input)
      if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
      return result.value
    },
  }
}

function configOf(cycle: PayCycleDto, changes: Partial<PayCycleConfigInput> = {}): PayCycleConfigInput {
  return {
    name: cycle.name,
    effectiveDate: cycle.effectiveDate,
    companyMeritBudget: cycle.companyMeritBudget,
    defaultCurrency: cycle.defaultCurrency as PayCycleConfigInput['defaultCurrency'],
    currencyConversions: cycle.currencyConversions,
    ratesAsOf: cycle.ratesAsOf,
    settings: cycle.settings as PayCycleConfigInput['settings'],
    ...changes,
  }
}

async function employeeCycles(file: string): Promise<Map<number | null, number>> {
  const workbook = await openWorkbook(file, { readonly: true })
  try {
    const rows = workbook.sqlite
      .prepare('SELECT pay_cycle_id AS id, COUNT(*) AS n FROM employee GROUP BY pay_cycle_id')
      .all() as { id: number | null; n: number }[]
    return new Map(rows.map((r) => [r.id, r.n]))
  } finally {
    await workbook.close()
  }
}

async function changeLog(file: string) {
  const workbook = await openWorkbook(file, { readonly: true })
  try {
    return workbook.sqlite
      .prepare("SELECT action, entity_id AS entityId FROM change_log WHERE entity = 'pay_cycle' ORDER BY id")
      .all() as { action: string; entityId: string }[]
  } finally {
    await workbook.close()
  }
}

const today = todayIso()
const nextYear = `${Number(today.slice(0, 4)) + 1}-04-01`

describe('the pay cycle lifecycle (administration document §4)', () => {
  it('creating saves the new configuration active, deactivates the previous one and moves its employees', async () => {
    const file = await freshWorkbook('create')
    const owner = await as(file)
    const [first] = await owner.ok('payCycles.list', {})
    expect(first.active).toBe(true)
    const change = await owner.ok('payCycles.create', {
      config: configOf(first, { name: 'FY Next', effectiveDate: nextYear, companyMeritBudget: 500_000_00 }),
    })
    expect(change.message).toBe('Successfully saved FY Next')
    expect(change.cycle).toMatchObject({ name: 'FY Next', active: true, closedAt: null })
    const [old, created] = change.cycles
    expect(old).toMatchObject({ id: first.id, active: false })
    expect(old.closedAt).not.toBeNull()
    expect(change.cycles.filter((c) => c.active)).toHaveLength(1)
    // Employees follow the active cycle, so managers still hold their teams.
    expect(change.employeesMoved).toBe(demo.employees.length)
    expect(await employeeCycles(file)).toEqual(new Map([[created.id, demo.employees.length]]))
    expect(await changeLog(file)).toEqual([{ action: 'create', entityId: String(created.id) }])
  })

  it('managers keep holding their teams after an activation: Planner Status still finds the planners', async () => {
    const file = await freshWorkbook('holders')
    const owner = await as(file)
    const teamsWithPlanner = async () =>
      (await owner.ok('plannerStatus.list', {})).filter((card) => card.plannerId !== null).length
    const before = await teamsWithPlanner()
    expect(before).toBeGreaterThan(0)
    const [first] = await owner.ok('payCycles.list', {})
    await owner.ok('payCycles.create', { config: configOf(first, { name: 'Next', effectiveDate: nextYear }) })
    expect(await teamsWithPlanner()).toBe(before)
  })

  it('Save keeps an inactive configuration inactive; Save And Activate activates it and deactivates the active one', async () => {
    const file = await freshWorkbook('save-activate')
    const owner = await as(file)
    const [first] = await owner.ok('payCycles.list', {})
    const { cycle: second } = await owner.ok('payCycles.create', {
      config: configOf(first, { name: 'Second', effectiveDate: nextYear }),
    })
    const saved = await owner.ok('payCycles.save', {
      id: first.id,
      config: configOf(first, { name: 'First renamed' }),
      activate: false,
    })
    expect(saved.message).toBe('Successfully saved First renamed')
    expect(saved.cycle).toMatchObject({ id: first.id, name: 'First renamed', active: false })
    expect(saved.cycles.find((c) => c.id === second!.id)?.active).toBe(true)

    const activated = await owner.ok('payCycles.save', {
      id: first.id,
      config: configOf(saved.cycle!, { companyMeritBudget: 123_00 }),
      activate: true,
    })
    expect(activated.cycle).toMatchObject({
      id: first.id,
      active: true,
      companyMeritBudget: 123_00,
      closedAt: null,
    })
    expect(activated.cycles.find((c) => c.id === second!.id)).toMatchObject({ active: false })
    expect(await employeeCycles(file)).toEqual(new Map([[first.id, demo.employees.length]]))
  })

  it('closing locks every planner choice: rewards.update, plan and submit are refused with the lock reason', async () => {
    const file = await freshWorkbook('close')
    const owner = await as(file)
    const closed = await owner.ok('payCycles.close', { id: null })
    expect(closed.message).toBe('Successfully closed pay cycle.')
    expect(closed.cycles.every((c) => !c.active)).toBe(true)

    const planner = await as(file, 'PLANNER')
    const page = await planner.ok('table.query', {
      offset: 0,
      limit: 5,
      sort: null,
      filters: {},
      search: '',
      viewAsEmployeeId: null,
    })
    expect(page.rows[0]).toMatchObject({ editable: false, lockedReason: CLOSED })
    const edit = await planner.dispatch('rewards.update', {
      updates: [{ employeeId: page.rows[0].id, changes: { comments: 'late' } }],
    })
    expect(edit).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: CLOSED } })
    const bulk = await planner.dispatch('rewards.bulkPlan', {
      headers: ['Employee Id', 'Comments'],
      rows: [[demo.employees[0].companyEmployeeId, 'late']],
    })
    expect(bulk).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: CLOSED } })
    const submit = await planner.dispatch('submissions.submit', { plannerEmployeeId: null, comments: 'done' })
    expect(submit).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: CLOSED } })
    // Reading still works on the closed cycle: checks and budgets use it.
    expect((await planner.dispatch('checks.run', {})).ok).toBe(true)

    // Closing twice is refused; reopening is activating it again.
    const owner2 = await as(file)
    expect(await owner2.dispatch('payCycles.close', { id: null })).toEqual({
      ok: false,
      error: { code: 'BAD_INPUT', message: 'No pay cycle is active: it is closed already.' },
    })
    const reopened = await owner2.ok('payCycles.activate', { id: closed.cycles[0].id })
    expect(reopened.cycle).toMatchObject({ active: true, closedAt: null })
    const planner2 = await as(file, 'PLANNER')
    const after = await planner2.ok('table.query', {
      offset: 0,
      limit: 5,
      sort: null,
      filters: {},
      search: '',
      viewAsEmployeeId: null,
    })
    expect(after.rows[0].lockedReason).not.toBe(CLOSED)
  })

  it('undo and redo put the configurations back as they were, employees included', async () => {
    const file = await freshWorkbook('undo')
    const owner = await as(file)
    const [first] = await owner.ok('payCycles.list', {})
    const created: PayCycleChange = await owner.ok('payCycles.create', {
      config: configOf(first, { name: 'Undo me', effectiveDate: nextYear }),
    })
    const undone = await owner.ok('payCycles.restore', created.undo)
    expect(undone.cycles).toHaveLength(1)
    expect(undone.cycles[0]).toMatchObject({ id: first.id, active: true, closedAt: null })
    expect(await employeeCycles(file)).toEqual(new Map([[first.id, demo.employees.length]]))

    const redone = await owner.ok('payCycles.restore', created.redo)
    expect(redone.cycles.map((c) => [c.name, c.active])).toEqual([
      [first.name, false],
      ['Undo me', true],
    ])
    expect(await employeeCycles(file)).toEqual(new Map([[created.cycle!.id, demo.employees.length]]))

    // A settings save undone restores the old value and is logged.
    const saved = await owner.ok('payCycles.save', {
      id: created.cycle!.id,
      config: configOf(created.cycle!, {
        settings: { ...created.cycle!.settings, includeLumpSum: false } as PayCycleConfigInput['settings'],
      }),
      activate: false,
    })
    expect(saved.cycle?.settings.includeLumpSum).toBe(false)
    const back = await owner.ok('payCycles.restore', saved.undo)
    expect(back.cycle?.settings.includeLumpSum).toBe(true)
    expect((await changeLog(file)).map((e) => e.action)).toEqual([
      'create',
      'restore',
      'restore',
      'update',
      'restore',
    ])
    const history = await owner.ok('payCycles.history', { id: created.cycle!.id })
    expect(history[0]).toMatchObject({ action: 'restore', changed: ['includeLumpSum'] })
    expect(history[1]).toMatchObject({ action: 'update', changed: ['includeLumpSum'] })
  })

  it('refuses an effective date before today, and above-max as an error with allowPIROverOne on', async () => {
    const file = await freshWorkbook('rules')
    const owner = await as(file)
    const [first] = await owner.ok('payCycles.list', {})
    const past = await owner.dispatch('payCycles.create', {
      config: configOf(first, { name: 'Past', effectiveDate: '2020-01-01' }),
    })
    expect(past).toEqual({
      ok: false,
      error: { code: 'BAD_INPUT', message: `Effective date: ${EFFECTIVE_DATE_BEFORE_TODAY}` },
    })
    const both = await owner.dispatch('payCycles.save', {
      id: first.id,
      config: configOf(first, {
        settings: {
          ...first.settings,
          allowPIROverOne: true,
          plannerViolations: {
            ...first.settings.plannerViolations,
            newSalaryIsAboveMaximumOfPayRange: 'error',
          },
        } as PayCycleConfigInput['settings'],
      }),
      activate: false,
    })
    expect(both).toEqual({
      ok: false,
      error: { code: 'BAD_INPUT', message: `Planner violations: ${ABOVE_MAX_ERROR_WITH_PIR_OVER_ONE}` },
    })
    // An effective date that has passed may stay as it was saved (the cycle runs on).
    for (const session of open) await session.close()
    open = []
    const workbook = await openWorkbook(file)
    workbook.sqlite.prepare("UPDATE pay_cycle SET effective_date = '2021-04-01'").run()
    await workbook.close()
    const again = await as(file)
    const [passed] = await again.ok('payCycles.list', {})
    const kept = await again.dispatch('payCycles.save', {
      id: passed.id,
      config: configOf(passed),
      activate: false,
    })
    expect(kept.ok).toBe(true)
  })

  it('only admin roles may use the lifecycle channels', async () => {
    const file = await freshWorkbook('roles')
    const channels: Channel[] = [
      'payCycles.create',
      'payCycles.save',
      'payCycles.activate',
      'payCycles.close',
      'payCycles.restore',
      'payCycles.history',
      'currencyRates.live',
    ]
    for (const role of ['PLANNER', 'MANAGER', 'COMM_MANAGER', 'EMPLOYEE'] as const) {
      const user = await as(file, role)
      for (const channel of channels) {
        const result = await user.dispatch(channel, {})
        expect(result.ok ? channel : result.error).toEqual({
          code: 'FORBIDDEN',
          message: `Your role (${role}) may not use ${channel}.`,
        })
      }
    }
    for (const role of ['ADMIN', 'SUPER_USER'] as const) {
      const admin = await as(file, role)
      const closed = await admin.dispatch('payCycles.close', { id: null })
      expect(closed.ok).toBe(true)
      const [cycle] = await admin.ok('payCycles.list', {})
      expect((await admin.dispatch('payCycles.activate', { id: cycle.id })).ok).toBe(true)
    }
  })
})

describe("'Reload live rates' asks the rates service only when clicked", () => {
  let server: http.Server
  let asked: URL[] = []
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost')
      asked.push(url)
      response.setHeader('content-type', 'application/json')
      response.end(
        JSON.stringify({
          success: true,
          base: 'USD',
          date: '2026-11-24T23:59:00.000Z',
          rates: { EUR: 0.921, GBP: 0.784 },
        }),
      )
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  afterEach(() => {
    delete process.env.MERITBOOK_RATES_URL
    asked = []
  })

  it('answers the rates with the day they are from; a currency without a rate is named', async () => {
    process.env.MERITBOOK_RATES_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const file = await freshWorkbook('live')
    const owner = await as(file)
    const live = await owner.ok('currencyRates.live', {
      base: 'USD',
      currencies: ['USD', 'EUR', 'GBP', 'CRC'],
    })
    expect(live).toEqual({
      base: 'USD',
      rates: { USD: 1, EUR: 0.921, GBP: 0.784 },
      date: '2026-11-24',
      missing: ['CRC'],
      offline: null,
    })
    // The spec's request: base, the wanted currencies, amount 1, 3 decimal places, daily resolution.
    expect(asked).toHaveLength(1)
    expect(Object.fromEntries(asked[0].searchParams)).toMatchObject({
      base: 'USD',
      currencies: 'EUR,GBP,CRC',
      amount: '1',
      places: '3',
      resolution: '1d',
    })
  })

  it('offline: an empty result and a sentence saying the rates are offline', async () => {
    // A port nobody listens on.
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    process.env.MERITBOOK_RATES_URL = `http://127.0.0.1:${port}`
    const file = await freshWorkbook('offline')
    const owner = await as(file)
    const live = await owner.ok('currencyRates.live', { base: 'USD', currencies: ['EUR'] })
    expect(live.rates).toEqual({})
    expect(live.date).toBeNull()
    expect(live.offline).toMatch(
      /^Live rates are offline: the rates service \(127\.0\.0\.1:\d+\) could not be reached/,
    )
  })
})

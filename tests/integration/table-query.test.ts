import path from 'node:path'
import type { PayCycleDto, TablePage, TableQuery, TableRow } from '../../src-shared/contract'
import { convertCents } from '../../src-shared/domain/currency-conversion'
import { openWorkbook } from '../../src-main/workbook/open'
import { cli } from '../support/cli'
import { testBackend } from '../support/session'
import { tableQuery } from '../support/table-query'
import { tempDir } from '../support/temp'

const dir = tempDir()
const file = path.join(dir, 'query.paycycle')
const { dispatcher } = testBackend(dir)

const base = tableQuery()

async function query(patch: Partial<TableQuery>): Promise<TablePage> {
  const result = await dispatcher.dispatch('table.query', { ...base, ...patch })
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  return result.value
}

let all: TableRow[]
let cycle: PayCycleDto
/** Money in units of the default currency, as filters and sorting compare it. */
const units = (row: TableRow, cents: number) =>
  convertCents(cents, row.currency, cycle.defaultCurrency, cycle.currencyConversions) / 100

beforeAll(async () => {
  expect((await cli('new', file, '--demo', '300', '--seed', '3')).code).toBe(0)
  expect((await dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
  all = (await query({})).rows
  const cycles = await dispatcher.dispatch('payCycles.list', {})
  cycle = cycles.ok ? (cycles.value.find((c) => c.active) as PayCycleDto) : (undefined as never)
})

describe('table.query pages, sorts, filters and searches (spec §2 screen 1, §5 Filters)', () => {
  it('pages through every row once, 25 at a time (spec §9 page size)', async () => {
    expect(all).toHaveLength(300)
    const seen: number[] = []
    for (let offset = 0; offset < 300; offset += 25) {
      const page = await query({ offset, limit: 25 })
      expect(page.total).toBe(300)
      expect(page.rows).toHaveLength(25)
      seen.push(...page.rows.map((r) => r.id))
    }
    expect(new Set(seen).size).toBe(300)
    expect((await query({ offset: 300, limit: 25 })).rows).toEqual([])
  })

  it('sorts money in the default currency, ascending and descending, ties by employee id', async () => {
    for (const direction of ['asc', 'desc'] as const) {
      const rows = (await query({ sort: { column: 'currentSalary', direction } })).rows
      const values = rows.map((r) => units(r, r.currentSalary))
      const sorted = [...values].sort((a, b) => (direction === 'asc' ? a - b : b - a))
      expect(values).toEqual(sorted)
    }
    const byPromotion = (await query({ sort: { column: 'promotion', direction: 'desc' } })).rows
    const promoted = byPromotion.filter((r) => r.promotion)
    expect(promoted.length).toBeGreaterThan(0)
    expect(byPromotion.slice(0, promoted.length).every((r) => r.promotion)).toBe(true)
    const rest = byPromotion.slice(promoted.length).map((r) => r.id)
    expect(rest).toEqual([...rest].sort((a, b) => a - b))
  })

  it('puts empty values last in both directions', async () => {
    for (const direction of ['asc', 'desc'] as const) {
      const rows = (await query({ sort: { column: 'newSalary', direction } })).rows
      const planned = rows.filter((r) => r.newSalary !== null).length
      expect(planned).toBeGreaterThan(0)
      expect(planned).toBeLessThan(300)
      expect(rows.slice(planned).every((r) => r.newSalary === null)).toBe(true)
    }
  })

  it('sorts names without case or accents', async () => {
    const rows = (await query({ sort: { column: 'employeeName', direction: 'asc' } })).rows
    const key = (s: string) =>
      s
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
    const names = rows.map((r) => key(r.employeeName))
    expect(names).toEqual([...names].sort())
  })

  it('number equals matches within 0.01 (spec §5), on plain numbers and on money', async () => {
    const row = all.find((r) => r.compaRatio !== null) as TableRow
    const ratio = row.compaRatio as number
    const near = await query({
      filters: { compaRatio: { type: 'number', op: 'equals', value: ratio + 0.009 } },
    })
    expect(near.rows.map((r) => r.id)).toContain(row.id)
    expect(near.rows.every((r) => Math.abs((r.compaRatio as number) - ratio - 0.009) <= 0.0100001)).toBe(true)
    const far = await query({
      filters: { compaRatio: { type: 'number', op: 'equals', value: ratio + 0.02 } },
    })
    expect(far.rows.map((r) => r.id)).not.toContain(row.id)

    const paid = all.find((r) => r.currency === cycle.defaultCurrency) as TableRow
    const money = await query({
      filters: { currentSalary: { type: 'number', op: 'equals', value: paid.currentSalary / 100 + 0.01 } },
    })
    expect(money.rows.map((r) => r.id)).toContain(paid.id)
  })

  it('number lessThan, greaterThan and between (money converted to the default currency)', async () => {
    const value = 90_000
    const less = await query({ filters: { currentSalary: { type: 'number', op: 'lessThan', value } } })
    const more = await query({ filters: { currentSalary: { type: 'number', op: 'greaterThan', value } } })
    expect(less.rows.every((r) => units(r, r.currentSalary) < value)).toBe(true)
    expect(more.rows.every((r) => units(r, r.currentSalary) > value)).toBe(true)
    const equal = all.filter((r) => units(r, r.currentSalary) === value).length
    expect(less.total + more.total + equal).toBe(300)

    const between = await query({
      filters: { currentSalary: { type: 'number', op: 'between', value: 120_000, valueTo: 60_000 } },
    })
    const expected = all.filter(
      (r) => units(r, r.currentSalary) >= 60_000 && units(r, r.currentSalary) <= 120_000,
    )
    expect(between.rows.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort())
    expect(between.total).toBeGreaterThan(0)
  })

  it('date equals, before, after and between on ISO days', async () => {
    const day = all.map((r) => r.hireDate as string).sort()[150]
    const count = async (op: 'equals' | 'before' | 'after', value: string) =>
      (await query({ filters: { hireDate: { type: 'date', op, value } } })).total
    const dated = all.filter((r) => r.hireDate !== null).length
    expect((await count('before', day)) + (await count('equals', day)) + (await count('after', day))).toBe(
      dated,
    )
    const before = await query({ filters: { hireDate: { type: 'date', op: 'before', value: day } } })
    expect(before.rows.every((r) => (r.hireDate as string) < day)).toBe(true)
    const between = await query({
      filters: { hireDate: { type: 'date', op: 'between', value: '2019-01-01', valueTo: '2020-12-31' } },
    })
    expect(between.total).toBe(
      all.filter((r) => r.hireDate! >= '2019-01-01' && r.hireDate! <= '2020-12-31').length,
    )
  })

  it('text contains ignores case; sets match values; performance takes labels or a number', async () => {
    const title = (all.find((r) => r.jobTitle) as TableRow).jobTitle as string
    const word = title.split(' ')[0].toUpperCase()
    const text = await query({ filters: { jobTitle: { type: 'text', contains: word } } })
    expect(text.total).toBe(all.filter((r) => r.jobTitle?.toUpperCase().includes(word)).length)

    const currencies = await query({ filters: { currency: { type: 'set', values: ['EUR', 'GBP'] } } })
    expect(currencies.total).toBe(all.filter((r) => r.currency === 'EUR' || r.currency === 'GBP').length)
    expect(currencies.total).toBeGreaterThan(0)

    const label = (all.find((r) => r.performanceRatingLabel) as TableRow).performanceRatingLabel as string
    const byLabel = await query({ filters: { performanceRating: { type: 'set', values: [label] } } })
    expect(byLabel.total).toBe(all.filter((r) => r.performanceRatingLabel === label).length)
    const byNumber = await query({
      filters: { performanceRating: { type: 'number', op: 'greaterThan', value: 3.5 } },
    })
    expect(byNumber.total).toBe(all.filter((r) => (r.performanceRating ?? 0) > 3.5).length)
  })

  it('refuses a filter the column cannot take', async () => {
    const result = await dispatcher.dispatch('table.query', {
      ...base,
      filters: { employeeName: { type: 'number', op: 'equals', value: 1 } },
    })
    expect(result).toEqual({
      ok: false,
      error: { code: 'BAD_INPUT', message: 'The Employee Name column cannot be filtered by number.' },
    })
  })

  it('searches names case-insensitively, and Employee Ids', async () => {
    const someone = all[42]
    const fragment = someone.employeeName.slice(1, 5).toUpperCase()
    const found = await query({ search: fragment })
    expect(found.rows.map((r) => r.id)).toContain(someone.id)
    expect(
      found.rows.every(
        (r) =>
          r.employeeName.toUpperCase().includes(fragment) || r.employeeId.toUpperCase().includes(fragment),
      ),
    ).toBe(true)
    const byId = await query({ search: someone.employeeId.toLowerCase() })
    expect(byId.rows.map((r) => r.id)).toContain(someone.id)
  })

  it('reports the worst severity and the violation count over every matched row, not only the page', async () => {
    const page = await query({ limit: 5 })
    const count = all.reduce((n, r) => n + r.violations.length, 0)
    expect(page.violationCount).toBe(count)
    const errors = all.reduce((n, r) => n + r.violations.filter((v) => v.severity === 'error').length, 0)
    expect(page.errorCount).toBe(errors)
    expect(page.warningCount).toBe(count - errors)
    const rank = { none: 0, warning: 1, error: 2 }
    const worst = all.reduce(
      (w, r) => (rank[r.severity] > rank[w] ? r.severity : w),
      'none' as TableRow['severity'],
    )
    expect(page.worstSeverity).toBe(worst)
  })

  it("groups the 'View All' violations by rule in the main process, errors first, each group by name", async () => {
    const groups = await dispatcher.dispatch('table.violationGroups', { viewAsEmployeeId: null })
    if (!groups.ok) throw new Error(groups.error.message)
    const { employees, violations } = groups.value
    expect(employees).toBe(all.filter((r) => r.violations.length > 0).length)
    expect(violations).toBe(all.reduce((n, r) => n + r.violations.length, 0))
    const list = groups.value.groups
    expect(list.reduce((n, g) => n + g.count, 0)).toBe(violations)
    for (const group of list) {
      const holders = all.filter((r) => r.violations.some((v) => v.rule === group.rule))
      expect(group.count).toBe(holders.length)
    }
    const rank = (g: (typeof list)[number]) => (g.severity === 'error' ? 1 : 0)
    expect(list.map(rank)).toEqual([...list.map(rank)].sort((a, b) => b - a))

    // The demo waits on sub-planners by name: one group, a shared title, each employee's own message.
    const waiting = list.find((g) => g.rule === 'subPlannerNotSubmitted')
    expect(waiting?.title).toBe('Waiting for a submission from a sub-planner')
    const page = async (offset: number, limit: number) => {
      const result = await dispatcher.dispatch('table.violationItems', {
        viewAsEmployeeId: null,
        rule: 'subPlannerNotSubmitted',
        offset,
        limit,
      })
      if (!result.ok) throw new Error(result.error.message)
      return result.value
    }
    const first = await page(0, 50)
    expect(first.total).toBe(waiting?.count)
    expect(first.items).toHaveLength(50)
    const expected = all
      .filter((r) => r.violations.some((v) => v.rule === 'subPlannerNotSubmitted'))
      .map((r) => r.employeeName)
      .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
    expect(first.items.map((i) => i.employeeName)).toEqual(expected.slice(0, 50))
    for (const item of first.items) {
      const row = all.find((r) => r.id === item.id) as TableRow
      const own = row.violations.find((v) => v.rule === 'subPlannerNotSubmitted')
      expect(item.message).toBe(own?.message)
      expect(item.message).toMatch(/^Waiting for a submission from /)
    }
    const second = await page(50, 50)
    expect(second.items.map((i) => i.employeeName)).toEqual(expected.slice(50, 100))
    expect((await page(0, 1)).items).toHaveLength(1)
  })
})

describe('who sees which rows (spec §4 viewing-as, §6)', () => {
  interface Facts {
    manager: { email: string; employeeId: number }
    managerRows: number[]
    /** Members of the teams the manager manages, not of the teams below. */
    managedMembers: number[]
    planner: { email: string; employeeId: number }
    /** Employees with a user, by employee id (the owner's included). */
    withUsers: number[]
    ownerEmployeeId: number
  }
  let facts: Facts

  /** Employee ids in the teams an employee manages, and (below) every team below them. */
  async function membersBelow(employeeId: number, below = true): Promise<number[]> {
    const workbook = await openWorkbook(file, { readonly: true })
    try {
      const teams = await workbook.db
        .selectFrom('team')
        .select(['id', 'parent_team_id', 'manager_id'])
        .execute()
      const ids = new Set(teams.filter((t) => t.manager_id === employeeId).map((t) => t.id))
      for (let grew = below; grew;) {
        grew = false
        for (const t of teams) {
          if (t.parent_team_id !== null && ids.has(t.parent_team_id) && !ids.has(t.id)) {
            ids.add(t.id)
            grew = true
          }
        }
      }
      const members = await workbook.db.selectFrom('employee').select(['id', 'team_id']).execute()
      return members
        .filter((m) => m.team_id !== null && ids.has(m.team_id))
        .map((m) => m.id)
        .sort((a, b) => a - b)
    } finally {
      await workbook.close()
    }
  }

  beforeAll(async () => {
    await dispatcher.dispatch('workbook.close', {})
    const workbook = await openWorkbook(file, { readonly: true })
    const users = await workbook.db
      .selectFrom('app_user as u')
      .innerJoin('role as r', 'r.id', 'u.role_id')
      .select(['u.email', 'u.employee_id', 'r.name'])
      .orderBy('u.id')
      .execute()
    await workbook.close()
    const manager = users.find((u) => u.name === 'MANAGER' && u.employee_id !== null)!
    const planner = users.find((u) => u.name === 'PLANNER' && u.employee_id !== null)!
    facts = {
      manager: { email: manager.email, employeeId: manager.employee_id as number },
      managerRows: await membersBelow(manager.employee_id as number),
      managedMembers: await membersBelow(manager.employee_id as number, false),
      planner: { email: planner.email, employeeId: planner.employee_id as number },
      withUsers: [...new Set(users.flatMap((u) => (u.employee_id === null ? [] : [u.employee_id])))],
      ownerEmployeeId: users.find((u) => u.name === 'OWNER')!.employee_id as number,
    }
  })

  async function as<T>(email: string | null, run: (d: typeof dispatcher) => Promise<T>): Promise<T> {
    const backend = testBackend(dir, email)
    expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
    try {
      return await run(backend.dispatcher)
    } finally {
      await backend.session.close()
    }
  }

  it('a MANAGER sees only the members of their teams and the teams below', async () => {
    const ids = await as(facts.manager.email, async (d) => {
      const page = await d.dispatch('table.query', base)
      return page.ok ? page.value.rows.map((r) => r.id).sort((a, b) => a - b) : []
    })
    expect(ids.length).toBeGreaterThan(0)
    expect(ids.length).toBeLessThan(300)
    expect(ids).toEqual(facts.managerRows)
  })

  it("an OWNER viewing as an employee sees only the members of that employee's managed teams", async () => {
    const { ids, own } = await as(null, async (d) => {
      const page = await d.dispatch('table.query', { ...base, viewAsEmployeeId: facts.manager.employeeId })
      const mine = await d.dispatch('table.query', base)
      return {
        ids: page.ok ? page.value.rows.map((r) => r.id).sort((a, b) => a - b) : [],
        own: mine.ok ? mine.value.total : 0,
      }
    })
    expect(facts.managedMembers.length).toBeGreaterThan(0)
    expect(facts.managedMembers.length).toBeLessThan(facts.managerRows.length)
    expect(ids).toEqual(facts.managedMembers)
    expect(own).toBe(300)
  })

  it('the picker lists employees other than self who have users', async () => {
    const choices = await as(null, (d) => d.dispatch('table.viewAsChoices', {}))
    const ids = choices.ok ? choices.value.map((c) => c.employeeId).sort((a, b) => a - b) : []
    expect(ids).toEqual(facts.withUsers.filter((id) => id !== facts.ownerEmployeeId).sort((a, b) => a - b))
  })

  it("a PLANNER may view as someone, and still reads only rows within the planner's own teams", async () => {
    const { plannerRows, viewed, choices } = await as(facts.planner.email, async (d) => {
      const mine = await d.dispatch('table.query', base)
      const others = await d.dispatch('table.viewAsChoices', {})
      const pick = others.ok ? others.value : []
      const viewedRows: Record<number, number[]> = {}
      for (const choice of pick) {
        const page = await d.dispatch('table.query', { ...base, viewAsEmployeeId: choice.employeeId })
        if (!page.ok) throw new Error(page.error.message)
        viewedRows[choice.employeeId] = page.value.rows.map((r) => r.id)
      }
      const outsider = await d.dispatch('table.query', {
        ...base,
        viewAsEmployeeId: facts.manager.employeeId,
      })
      if (outsider.ok) viewedRows[facts.manager.employeeId] = outsider.value.rows.map((r) => r.id)
      return {
        plannerRows: mine.ok ? mine.value.rows.map((r) => r.id) : [],
        viewed: viewedRows,
        choices: pick,
      }
    })
    const inScope = new Set(plannerRows)
    expect(inScope.size).toBeGreaterThan(0)
    expect(inScope.size).toBeLessThan(300)
    expect(choices.length).toBeGreaterThan(0)
    expect(choices.some((c) => c.employeeId === facts.planner.employeeId)).toBe(false)
    for (const choice of choices) expect(inScope.has(choice.employeeId)).toBe(true)
    expect(Object.values(viewed).some((ids) => ids.length > 0)).toBe(true)
    for (const ids of Object.values(viewed)) for (const id of ids) expect(inScope.has(id)).toBe(true)
    // Each person viewed as gives their own rows.
    expect(new Set(Object.values(viewed).map((ids) => ids.join())).size).toBeGreaterThan(1)
  })

  it('a MANAGER may not view as someone else', async () => {
    const result = await as(facts.manager.email, (d) =>
      d.dispatch('table.query', { ...base, viewAsEmployeeId: facts.planner.employeeId }),
    )
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'FORBIDDEN',
        message: 'Only super users, owners, admins and planners can view as someone else.',
      },
    })
  })

  it("the 'View All' groups list only rows in scope", async () => {
    const ids = await as(facts.manager.email, async (d) => {
      const groups = await d.dispatch('table.violationGroups', { viewAsEmployeeId: null })
      if (!groups.ok) return []
      const ids: number[] = []
      for (const { rule, count } of groups.value.groups) {
        const found = await d.dispatch('table.violationItems', {
          viewAsEmployeeId: null,
          rule,
          offset: 0,
          limit: Math.min(200, count),
        })
        if (found.ok) ids.push(...found.value.items.map((i) => i.id))
      }
      return ids
    })
    expect(ids.every((id) => facts.managerRows.includes(id))).toBe(true)
  })
})

describe('filters at their edges (spec §5 Filters)', () => {
  beforeAll(async () => {
    // The block above closed the workbook.
    expect((await dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
  })

  const ids = (page: TablePage) => page.rows.map((r) => r.id)

  async function refused(filters: TableQuery['filters']) {
    const result = await dispatcher.dispatch('table.query', { ...base, filters })
    return result.ok ? null : result.error
  }

  it('number equals takes a value exactly 0.01 away (spec: tolerance 0.01), not more', async () => {
    const row = all.find((r) => r.compaRatio !== null && r.compaRatio > 0.5) as TableRow
    const ratio = row.compaRatio as number
    const equals = (value: number) =>
      query({ filters: { compaRatio: { type: 'number', op: 'equals', value } } })
    expect(ids(await equals(ratio + 0.01))).toContain(row.id)
    expect(ids(await equals(ratio - 0.01))).toContain(row.id)
    expect(ids(await equals(ratio + 0.0101))).not.toContain(row.id)
  })

  it('lessThan and greaterThan leave out the value itself; between includes both ends, in either order', async () => {
    const row = all.find((r) => r.compaRatio !== null) as TableRow
    const ratio = row.compaRatio as number
    const filter = (op: 'lessThan' | 'greaterThan' | 'between', value: number, valueTo?: number) =>
      query({
        filters: { compaRatio: { type: 'number', op, value, ...(valueTo === undefined ? {} : { valueTo }) } },
      })
    expect(ids(await filter('lessThan', ratio))).not.toContain(row.id)
    expect(ids(await filter('greaterThan', ratio))).not.toContain(row.id)
    expect(ids(await filter('between', ratio, ratio))).toContain(row.id)
    expect(ids(await filter('between', ratio, ratio + 1))).toContain(row.id)
    expect(ids(await filter('between', ratio + 1, ratio))).toContain(row.id)
    expect(ids(await filter('between', ratio - 1, ratio))).toContain(row.id)
    expect(ids(await filter('between', ratio + 0.0001, ratio + 1))).not.toContain(row.id)

    // Money compares in units of the default currency.
    const paid = all.find((r) => r.currency === cycle.defaultCurrency) as TableRow
    const salary = paid.currentSalary / 100
    const money = (op: 'lessThan' | 'greaterThan', value: number) =>
      query({ filters: { currentSalary: { type: 'number', op, value } } })
    expect(ids(await money('lessThan', salary))).not.toContain(paid.id)
    expect(ids(await money('lessThan', salary + 0.01))).toContain(paid.id)
    expect(ids(await money('greaterThan', salary))).not.toContain(paid.id)
    expect(ids(await money('greaterThan', salary - 0.01))).toContain(paid.id)
  })

  it("'between' without a second value or date is refused, naming the column", async () => {
    expect(await refused({ compaRatio: { type: 'number', op: 'between', value: 1 } })).toEqual({
      code: 'BAD_INPUT',
      message: "The Compa Ratio filter 'between' needs a second value.",
    })
    expect(await refused({ hireDate: { type: 'date', op: 'between', value: '2020-01-01' } })).toEqual({
      code: 'BAD_INPUT',
      message: "The Hire Date filter 'between' needs a second date.",
    })
  })

  it('date between includes both days, in either order; after leaves out the day itself', async () => {
    const days = [...new Set(all.map((r) => r.hireDate as string))].sort()
    const [first, second] = [days[100], days[140]]
    const onDay = (day: string) => all.filter((r) => r.hireDate === day).map((r) => r.id)
    const dates = (op: 'equals' | 'after' | 'between', value: string, valueTo?: string) =>
      query({
        filters: { hireDate: { type: 'date', op, value, ...(valueTo === undefined ? {} : { valueTo }) } },
      })
    const inside = all.filter((r) => r.hireDate! >= first && r.hireDate! <= second).map((r) => r.id)
    expect(ids(await dates('between', first, second)).sort()).toEqual([...inside].sort())
    expect(ids(await dates('between', second, first)).sort()).toEqual([...inside].sort())
    expect(ids(await dates('between', first, first)).sort()).toEqual(onDay(first).sort())
    expect(ids(await dates('equals', first)).sort()).toEqual(onDay(first).sort())
    const after = ids(await dates('after', first))
    expect(after.some((id) => onDay(first).includes(id))).toBe(false)
    expect(after).toHaveLength(all.filter((r) => r.hireDate! > first).length)
  })

  it('sets of values: severities, yes/no and true/false, text values ignoring case and spaces', async () => {
    const set = async (column: 'violations' | 'promotion' | 'jobTitle', values: string[]) =>
      (await query({ filters: { [column]: { type: 'set', values } } })).rows.map((r) => r.id).sort()
    const withSeverity = (...severities: TableRow['severity'][]) =>
      all
        .filter((r) => severities.includes(r.severity))
        .map((r) => r.id)
        .sort()
    expect(withSeverity('warning').length).toBeGreaterThan(0)
    expect(withSeverity('none').length).toBeGreaterThan(0)
    expect(await set('violations', ['error'])).toEqual(withSeverity('error'))
    expect(await set('violations', [' Warning ', 'NONE'])).toEqual(withSeverity('warning', 'none'))

    const promoted = all
      .filter((r) => r.promotion)
      .map((r) => r.id)
      .sort()
    const notPromoted = all
      .filter((r) => !r.promotion)
      .map((r) => r.id)
      .sort()
    expect(promoted.length).toBeGreaterThan(0)
    expect(await set('promotion', ['Yes'])).toEqual(promoted)
    expect(await set('promotion', ['true'])).toEqual(promoted)
    expect(await set('promotion', ['no'])).toEqual(notPromoted)
    expect(await set('promotion', ['FALSE', 'yes'])).toHaveLength(300)
    expect(await set('promotion', ['maybe'])).toEqual([])

    const title = (all.find((r) => r.jobTitle) as TableRow).jobTitle as string
    expect(await set('jobTitle', [` ${title.toUpperCase()} `])).toEqual(
      all
        .filter((r) => r.jobTitle === title)
        .map((r) => r.id)
        .sort(),
    )
    expect(await refused({ currentSalary: { type: 'set', values: ['1'] } })).toEqual({
      code: 'BAD_INPUT',
      message: 'The Current Salary column cannot be filtered by a set of values.',
    })
  })

  it('a blank text filter matches every row; a filter of the wrong kind is refused by its kind', async () => {
    expect((await query({ filters: { jobTitle: { type: 'text', contains: '   ' } } })).total).toBe(300)
    expect(await refused({ employeeName: { type: 'date', op: 'equals', value: '2020-01-01' } })).toEqual({
      code: 'BAD_INPUT',
      message: 'The Employee Name column cannot be filtered by date.',
    })
    expect(await refused({ currentSalary: { type: 'text', contains: '1' } })).toEqual({
      code: 'BAD_INPUT',
      message: 'The Current Salary column cannot be filtered by text.',
    })
    expect(await refused({ hireDate: { type: 'number', op: 'equals', value: 1 } })).toEqual({
      code: 'BAD_INPUT',
      message: 'The Hire Date column cannot be filtered by number.',
    })
  })

  it('between keeps a margin of 1e-9 at both ends, so floating point noise never drops a value on a bound', async () => {
    const margin = 1e-9
    const row = all.find((r) => {
      const ratio = r.compaRatio as number
      return r.compaRatio !== null && ratio + margin - margin === ratio && ratio - margin + margin === ratio
    }) as TableRow
    const ratio = row.compaRatio as number
    const between = (value: number, valueTo: number) =>
      query({ filters: { compaRatio: { type: 'number', op: 'between', value, valueTo } } })
    expect(ids(await between(ratio + margin, ratio + 1))).toContain(row.id)
    expect(ids(await between(ratio - 1, ratio - margin))).toContain(row.id)
    expect(ids(await between(ratio + 2 * margin, ratio + 1))).not.toContain(row.id)
  })

  it('a set holding an empty value picks the empty cells', async () => {
    const empty = all.filter((r) => r.comments === null).map((r) => r.id)
    expect(empty.length).toBeGreaterThan(0)
    const page = await query({ filters: { comments: { type: 'set', values: [''] } } })
    expect(ids(page).sort((a, b) => a - b)).toEqual([...empty].sort((a, b) => a - b))
  })

  it('sorts dates and currency codes as text, keeping every row', async () => {
    const byDate = (await query({ sort: { column: 'hireDate', direction: 'asc' } })).rows
    expect(byDate).toHaveLength(300)
    const days = byDate.map((r) => r.hireDate as string)
    expect(days).toEqual([...days].sort())
    const byCode = (await query({ sort: { column: 'currency', direction: 'desc' } })).rows
    expect(byCode).toHaveLength(300)
    const codes = byCode.map((r) => r.currency)
    expect(new Set(codes).size).toBeGreaterThan(1)
    expect(codes).toEqual([...codes].sort().reverse())
    expect((await query({ sort: { column: 'employeeName', direction: 'desc' } })).rows).toHaveLength(300)
  })

  it('a search is trimmed; viewing as an id that is no employee is refused', async () => {
    const someone = all[7]
    const found = await query({ search: `  ${someone.employeeId.toUpperCase()}  ` })
    expect(ids(found)).toContain(someone.id)
    const result = await dispatcher.dispatch('table.query', { ...base, viewAsEmployeeId: 99_999 })
    expect(result).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'No employee has the id 99999.' },
    })
  })

  /** Runs as another user, with the workbook closed here meanwhile (one session holds it at a time). */
  async function asUser<T>(email: string | null, run: (d: typeof dispatcher) => Promise<T>): Promise<T> {
    await dispatcher.dispatch('workbook.close', {})
    const backend = testBackend(dir, email)
    expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
    try {
      return await run(backend.dispatcher)
    } finally {
      await backend.session.close()
      expect((await dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
    }
  }

  async function emailOf(employeeId: number | null, role: string): Promise<string> {
    const workbook = await openWorkbook(file, { readonly: true })
    try {
      const user = await workbook.db
        .selectFrom('app_user as u')
        .innerJoin('role as r', 'r.id', 'u.role_id')
        .select(['u.email', 'u.employee_id', 'r.name'])
        .where('r.name', '=', role)
        .execute()
      return user.find((u) => u.employee_id === employeeId)!.email
    } finally {
      await workbook.close()
    }
  }

  async function groupsOf(d: typeof dispatcher, viewAsEmployeeId: number | null) {
    const groups = await d.dispatch('table.violationGroups', { viewAsEmployeeId })
    if (!groups.ok) throw new Error(groups.error.message)
    return groups.value
  }

  async function itemsOf(d: typeof dispatcher, rule: string, viewAsEmployeeId: number | null = null) {
    const items = await d.dispatch('table.violationItems', { viewAsEmployeeId, rule, offset: 0, limit: 200 })
    if (!items.ok) throw new Error(items.error.message)
    return items.value
  }

  /** The employees with a violation, and how many violations, among the rows a query answers. */
  function counted(rows: TableRow[]) {
    return {
      employees: rows.filter((r) => r.violations.length > 0).length,
      violations: rows.reduce((n, r) => n + r.violations.length, 0),
    }
  }

  it("the 'View All' groups: a rule's own message as its title, the largest group first, each rule's own items", async () => {
    const groups = await groupsOf(dispatcher, null)
    const below = groups.groups.find((g) => g.rule === 'newSalaryIsBelowMinimumOfPayRange')
    expect(below).toMatchObject({
      severity: 'warning',
      title: 'New pay is below the minimum of the pay range.',
    })
    const counts = groups.groups.map((g) => g.count)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
    expect(new Set(counts).size).toBeGreaterThan(1)
    const items = await itemsOf(dispatcher, 'newSalaryIsBelowMinimumOfPayRange')
    expect(items.total).toBe(below?.count)
    expect(items.items.map((i) => i.message)).toEqual(
      Array(below?.count).fill('New pay is below the minimum of the pay range.'),
    )
    expect(await itemsOf(dispatcher, 'noSuchRule')).toEqual({ total: 0, items: [] })

    // Viewing as someone groups that view's rows, not the owner's.
    const manager = all.find((r) => r.employeeName === 'Diego Lopez') as TableRow
    const viewed = (await query({ viewAsEmployeeId: manager.id })).rows
    expect(viewed.length).toBeLessThan(300)
    const asManager = await groupsOf(dispatcher, manager.id)
    expect({ employees: asManager.employees, violations: asManager.violations }).toEqual(counted(viewed))
    expect(asManager.employees).toBeLessThan(groups.employees)
    const admin = all.find((r) => r.employeeName === 'Kenji Ibrahim') as TableRow
    const other = ids(await query({ viewAsEmployeeId: admin.id }))
    expect(other.length).toBeGreaterThan(0)
    expect(other.some((id) => viewed.some((r) => r.id === id))).toBe(false)
  })

  it("a planner's own rows, not waiting for anyone, are grouped by their violations", async () => {
    const planner = await emailOf(58, 'PLANNER')
    const { groups, rows } = await asUser(planner, async (d) => {
      const page = await d.dispatch('table.query', base)
      if (!page.ok) throw new Error(page.error.message)
      return { groups: await groupsOf(d, null), rows: page.value.rows }
    })
    expect(counted(rows).employees).toBeGreaterThan(0)
    expect({ employees: groups.employees, violations: groups.violations }).toEqual(counted(rows))
    expect(groups.groups.map((g) => g.rule)).not.toContain('subPlannerNotSubmitted')
  })

  it("an error puts its group first, as an error; a team over budget shows to the viewer whose team it is ('Total pay exceeds your budget.')", async () => {
    // Raises large enough to take Diego Lopez's and Kenji Ibrahim's teams over their budgets.
    const inTeam = (team: string) => all.find((r) => r.team === team && r.currency === cycle.defaultCurrency)!
    const raised = [inTeam("Diego Lopez's Team"), inTeam("Kenji Ibrahim's Team")]
    const cut = all.find((r) => r.currency === cycle.defaultCurrency && !raised.includes(r))!
    const updated = await dispatcher.dispatch('rewards.update', {
      updates: [
        ...raised.map((r) => ({ employeeId: r.id, changes: { newSalary: r.currentSalary + 100_000_000 } })),
        { employeeId: cut.id, changes: { newSalary: cut.currentSalary - 100_000 } },
      ],
    })
    expect(updated.ok).toBe(true)

    const groups = await asUser(null, (d) => groupsOf(d, null))
    expect(groups.groups.find((g) => g.rule === 'negativePayChange')).toMatchObject({
      severity: 'error',
      title: 'Pay increase is negative.',
    })
    expect(groups.groups.find((g) => g.rule === 'subPlannerNotSubmitted')?.severity).toBe('warning')
    const severities = groups.groups.map((g) => g.severity)
    expect(severities[0]).toBe('error')
    expect(severities).toEqual([...severities].sort()) // 'error' before 'warning'

    const over = (teamId: number, name: string) => [
      {
        teamId,
        name,
        violations: [
          expect.objectContaining({ rule: 'aboveBudgetExceeded', message: 'Total pay exceeds your budget.' }),
        ],
      },
    ]
    const teamViolations = async (email: string | null) =>
      asUser(email, async (d) => {
        const page = await d.dispatch('table.query', base)
        if (!page.ok) throw new Error(page.error.message)
        return page.value.teamViolations
      })
    // Only the viewer's own teams count: a manager's, an admin's (who sees the whole company), not
    // the owner's top team, which is within its budget.
    expect(await teamViolations(await emailOf(2, 'MANAGER'))).toEqual(over(2, "Diego Lopez's Team"))
    expect(await teamViolations(await emailOf(4, 'ADMIN'))).toEqual(over(4, "Kenji Ibrahim's Team"))
    expect(await teamViolations(null)).toEqual([])
  })

  it('a blank comment sorts with the empty ones, last', async () => {
    const [blank, said] = [all[3], all[4]]
    const updated = await dispatcher.dispatch('rewards.update', {
      updates: [
        { employeeId: blank.id, changes: { comments: '   ' } },
        { employeeId: said.id, changes: { comments: 'zz' } },
      ],
    })
    expect(updated.ok).toBe(true)
    const rows = (await query({ sort: { column: 'comments', direction: 'asc' } })).rows
    const commented = rows.filter((r) => r.comments !== null && r.comments.trim() !== '')
    expect(commented.map((r) => r.id)).toContain(said.id)
    expect(rows.slice(0, commented.length)).toEqual(commented)
    const empty = rows.slice(commented.length).map((r) => r.id)
    expect(empty).toContain(blank.id)
    expect(empty).toEqual([...empty].sort((a, b) => a - b))
  })

  it("filters on performance are refused when the pay cycle leaves ratings out (spec: 'Filters for performance columns depend on the pay-cycle settings')", async () => {
    await dispatcher.dispatch('workbook.close', {})
    expect((await cli('config', file, '--set', 'includePerformance=false')).code).toBe(0)
    expect((await dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
    expect(await refused({ performanceRating: { type: 'set', values: ['x'] } })).toEqual({
      code: 'BAD_INPUT',
      message: 'Performance ratings are not part of this pay cycle.',
    })
    expect(await refused({ performanceRating: { type: 'number', op: 'greaterThan', value: 1 } })).toEqual({
      code: 'BAD_INPUT',
      message: 'Performance ratings are not part of this pay cycle.',
    })
    expect(
      (await query({ filters: { compaRatio: { type: 'number', op: 'greaterThan', value: 0 } } })).total,
    ).toBeGreaterThan(0)
  })

  it('a date stored with a time of day (as a company server may send it) filters by its day', async () => {
    const row = all.find((r) => r.hireDate !== null) as TableRow
    const day = row.hireDate as string
    await dispatcher.dispatch('workbook.close', {})
    const workbook = await openWorkbook(file)
    try {
      workbook.sqlite
        .prepare('UPDATE employee SET hire_date = ? WHERE id = ?')
        .run(`${day}T09:30:00.000Z`, row.id)
    } finally {
      await workbook.close()
    }
    expect((await dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
    const onDay = await query({ filters: { hireDate: { type: 'date', op: 'equals', value: day } } })
    expect(ids(onDay)).toContain(row.id)
    const between = await query({
      filters: { hireDate: { type: 'date', op: 'between', value: day, valueTo: day } },
    })
    expect(ids(between)).toContain(row.id)
  })
})

import type { PayCycleDto, TableQuery, TableRow } from '../../src-shared/contract'
import { convertCents } from '../../src-shared/domain/currency-conversion'
import { openWorkbook } from '../../src-main/workbook/open'
import { asUser, demoBackend } from '../support/demo-backend'
import { activePayCycle, queryTable, tableQuery } from '../support/table-query'

const { dir, file, dispatcher } = demoBackend('query', 300)

const base = tableQuery()
const query = (patch: Partial<TableQuery>) => queryTable(dispatcher, patch)

let all: TableRow[]
let cycle: PayCycleDto
/** Money in units of the default currency, as filters and sorting compare it. */
const units = (row: TableRow, cents: number) =>
  convertCents(cents, row.currency, cycle.defaultCurrency, cycle.currencyConversions) / 100

beforeAll(async () => {
  all = (await query({})).rows
  cycle = await activePayCycle(dispatcher)
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

  const as = <T>(email: string | null, run: (d: typeof dispatcher) => Promise<T>) =>
    asUser(dir, file, email, run)

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

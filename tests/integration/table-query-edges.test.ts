import type { PayCycleDto, TablePage, TableQuery, TableRow } from '../../src-shared/contract'
import { openWorkbook } from '../../src-main/workbook/open'
import { cli } from '../support/cli'
import { asUser, demoBackend } from '../support/demo-backend'
import { activePayCycle, queryTable, tableQuery } from '../support/table-query'

/**
 * table.query, violationGroups and violationItems at their edges (mutation testing, issue 20):
 * filter bounds and refusals, sets of values, sorting by text kinds, the 'View All' groups per view
 * and with errors, the aggregate budget rule per viewer. The tests that edit come last.
 */
const { dir, file, dispatcher } = demoBackend('query-edges', 300)

const base = tableQuery()
const query = (patch: Partial<TableQuery>) => queryTable(dispatcher, patch)

let all: TableRow[]
let cycle: PayCycleDto
beforeAll(async () => {
  all = (await query({})).rows
  cycle = await activePayCycle(dispatcher)
})

describe('filters at their edges (spec §5 Filters)', () => {
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
    // Empty cells too: most rows have no comment.
    expect((await query({ filters: { comments: { type: 'text', contains: ' ' } } })).total).toBe(300)
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

  /** `asUser` with this file's session closed meanwhile (one session holds a workbook at a time), then open again. */
  async function asOther<T>(email: string | null, run: (d: typeof dispatcher) => Promise<T>): Promise<T> {
    await dispatcher.dispatch('workbook.close', {})
    try {
      return await asUser(dir, file, email, run)
    } finally {
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

  it("a PLANNER viewing as two people sees each one's own rows", async () => {
    const planner = await emailOf(16, 'PLANNER')
    const viewed = await asOther(planner, async (d) => {
      const choices = await d.dispatch('table.viewAsChoices', {})
      if (!choices.ok) throw new Error(choices.error.message)
      const rows: string[] = []
      for (const choice of choices.value) {
        const page = await d.dispatch('table.query', { ...base, viewAsEmployeeId: choice.employeeId })
        if (!page.ok) throw new Error(page.error.message)
        rows.push(page.value.rows.map((r) => r.id).join())
      }
      return rows
    })
    expect(viewed.length).toBeGreaterThan(1)
    expect(new Set(viewed).size).toBeGreaterThan(1)
  })

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
    const { groups, rows } = await asOther(planner, async (d) => {
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
    // The first employee's new pay below their range puts a small group first in row order, and the
    // cut comes last: the groups' order is the sort's, not the rows'.
    const first = all.find((r) => r.currency === cycle.defaultCurrency && r.payRange !== null)!
    const cut = all.findLast((r) => r.currency === cycle.defaultCurrency && !raised.includes(r))!
    const updated = await dispatcher.dispatch('rewards.update', {
      updates: [
        ...raised.map((r) => ({ employeeId: r.id, changes: { newSalary: r.currentSalary + 100_000_000 } })),
        { employeeId: cut.id, changes: { newSalary: cut.currentSalary - 100_000 } },
        { employeeId: first.id, changes: { newSalary: first.payRange!.min - 100 } },
      ],
    })
    expect(updated.ok).toBe(true)

    const groups = await asOther(null, (d) => groupsOf(d, null))
    expect(groups.groups.find((g) => g.rule === 'negativePayChange')).toMatchObject({
      severity: 'error',
      title: 'Pay increase is negative.',
    })
    expect(groups.groups.find((g) => g.rule === 'subPlannerNotSubmitted')?.severity).toBe('warning')
    const severities = groups.groups.map((g) => g.severity)
    expect(severities[0]).toBe('error')
    expect(severities).toEqual([...severities].sort()) // 'error' before 'warning'
    const warnings = groups.groups.filter((g) => g.severity === 'warning').map((g) => g.count)
    expect(warnings.length).toBeGreaterThan(1)
    expect(warnings).toEqual([...warnings].sort((a, b) => b - a))

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
      asOther(email, async (d) => {
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

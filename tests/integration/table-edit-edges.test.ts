import type { TableRow } from '../../src-shared/contract'
import { demoBackend } from '../support/demo-backend'
import { testBackend } from '../support/session'
import { tableQuery } from '../support/table-query'

/**
 * rewards.update and rewards.history at their edges (mutation testing, issue 20): what is stored as
 * given and what is normalized, several updates of one employee in a batch, refusals by name, and the
 * sorted lists an edit changes.
 */
const { dir, file, ...opened } = demoBackend('edit-edges', 60)
let backend = opened
const base = tableQuery()

async function rows(sort: (typeof base)['sort'] = null): Promise<TableRow[]> {
  const page = await backend.dispatcher.dispatch('table.query', { ...base, sort })
  if (!page.ok) throw new Error(page.error.message)
  return page.value.rows
}

async function update(updates: { employeeId: number; changes: Record<string, unknown> }[]) {
  return backend.dispatcher.dispatch('rewards.update', { updates })
}

async function history(employeeId: number) {
  const result = await backend.dispatcher.dispatch('rewards.history', { employeeId })
  if (!result.ok) throw new Error(result.error.message)
  return result.value
}

let editable: TableRow[]

beforeAll(async () => {
  editable = (await rows()).filter(
    (r) => r.editable && r.salaried && r.currency === 'USD' && r.newSalary === null && r.comments === null,
  )
  expect(editable.length).toBeGreaterThan(4)
})

describe('rewards.update at its edges', () => {
  it('keeps a percent bonus to four decimals and stores an empty comment as none', async () => {
    const [a] = editable
    const saved = await update([
      { employeeId: a.id, changes: { newPercentBonus: 2.123456, comments: 'Note' } },
    ])
    expect(saved.ok && saved.value[0]).toMatchObject({ newPercentBonus: 2.1235, comments: 'Note' })
    const cleared = await update([{ employeeId: a.id, changes: { comments: '' } }])
    expect(cleared.ok && cleared.value[0].comments).toBeNull()
    expect((await history(a.id))[0].changes).toEqual({ comments: { old: 'Note', new: null } })
    // An empty comment where there is none is no change: no history step.
    const before = (await history(a.id)).length
    const again = await update([{ employeeId: a.id, changes: { comments: '' } }])
    expect(again.ok).toBe(true)
    expect(await history(a.id)).toHaveLength(before)
  })

  it('applies several updates of one employee in a batch in order, as one step', async () => {
    const [, b] = editable
    const before = (await history(b.id)).length
    const saved = await update([
      { employeeId: b.id, changes: { newSalary: b.currentSalary + 1_000_00, lumpSum: 50_00 } },
      { employeeId: b.id, changes: { newSalary: b.currentSalary + 2_000_00 } },
    ])
    expect(saved.ok && saved.value).toHaveLength(1)
    expect(saved.ok && saved.value[0]).toMatchObject({
      newSalary: b.currentSalary + 2_000_00,
      lumpSum: 50_00,
    })
    const entries = await history(b.id)
    expect(entries).toHaveLength(before + 1)
    expect(entries[0].source).toBe('table')
    expect(entries[0].changes).toEqual({
      newSalary: { old: null, new: b.currentSalary + 2_000_00 },
      lumpSum: { old: null, new: 50_00 },
    })
  })

  it('takes a field given as undefined (which only a caller in this process can send) as no change', async () => {
    const g = editable[editable.length - 1]
    const before = (await history(g.id)).length
    const saved = await update([{ employeeId: g.id, changes: { comments: undefined, newSalary: undefined } }])
    expect(saved.ok && saved.value[0]).toMatchObject({ id: g.id, comments: null, newSalary: null })
    expect(await history(g.id)).toHaveLength(before)
  })

  it('refuses an unknown employee or job profile by name', async () => {
    expect(await update([{ employeeId: 99_999, changes: { comments: 'x' } }])).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'No employee has the id 99999.' },
    })
    expect(await backend.dispatcher.dispatch('rewards.history', { employeeId: 99_999 })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'No employee has the id 99999.' },
    })
    const [, , c] = editable
    expect(await update([{ employeeId: c.id, changes: { newJobProfileId: 999_999 } }])).toEqual({
      ok: false,
      error: { code: 'BAD_INPUT', message: 'No job profile has the id 999999.' },
    })
  })

  it('an edit re-sorts the lists sorted by what it changed, and their violations', async () => {
    const [, , , d, e] = editable
    const top = async (column: 'newSalary' | 'salaryIncrease' | 'lumpSum') =>
      (await rows({ column, direction: 'desc' }))[0].id
    // Read the sorted lists first, so that they are kept.
    await Promise.all([top('newSalary'), top('salaryIncrease'), top('lumpSum')])
    expect((await update([{ employeeId: d.id, changes: { newSalary: d.currentSalary * 20 } }])).ok).toBe(true)
    expect(await top('newSalary')).toBe(d.id)
    expect(await top('salaryIncrease')).toBe(d.id)
    const byViolations = async () => rows({ column: 'violations', direction: 'desc' })
    const before = await byViolations()
    expect(before.find((r) => r.id === e.id)?.severity).not.toBe('error')
    expect(
      (await update([{ employeeId: e.id, changes: { newSalary: 1_00, lumpSum: 10_000_000_00 } }])).ok,
    ).toBe(true)
    const after = await byViolations()
    const at = after.findIndex((r) => r.id === e.id)
    expect(after[at].severity).toBe('error')
    expect(after.slice(0, at).every((r) => r.severity === 'error')).toBe(true)
    expect(await top('lumpSum')).toBe(e.id)
  })
})

describe('sorted lists after an edit that changes no violation', () => {
  it('a new lump sum re-sorts the list sorted by lump sum', async () => {
    const f = editable[5]
    const byLumpSum = async () => (await rows({ column: 'lumpSum', direction: 'desc' }))[0]
    const before = await byLumpSum()
    expect(before.id).not.toBe(f.id)
    const saved = await update([{ employeeId: f.id, changes: { lumpSum: (before.lumpSum ?? 0) + 1_000_00 } }])
    expect(saved.ok && saved.value[0].violations).toEqual(f.violations)
    expect((await byLumpSum()).id).toBe(f.id)
  })
})

describe('derived values after an edit', () => {
  it('a cleared new salary has no salary increase', async () => {
    const [, b] = editable
    const saved = await update([{ employeeId: b.id, changes: { newSalary: null } }])
    expect(saved.ok && saved.value[0]).toMatchObject({
      newSalary: null,
      dollarIncrease: null,
      salaryIncrease: null,
    })
  })

  it('the Bonus column filters on the dollar bonus plus the percent of the new annual pay', async () => {
    const [, , c] = editable
    const saved = await update([
      { employeeId: c.id, changes: { newDollarBonus: 1_000_00, newPercentBonus: 10 } },
    ])
    const row = saved.ok ? saved.value[0] : (undefined as never)
    // Dollars (the default currency): the new bonus plus 10 % of the new annual pay.
    const bonus = (1_000_00 + Math.round(row.newAnnualPay / 10)) / 100
    const filtered = async (value: number) => {
      const page = await backend.dispatcher.dispatch('table.query', {
        ...base,
        filters: { bonus: { type: 'number', op: 'equals', value } },
      })
      return page.ok ? page.value.rows.map((r) => r.id) : []
    }
    expect(await filtered(bonus)).toContain(c.id)
    expect(await filtered(bonus - 1)).not.toContain(c.id)
    expect(await filtered(bonus - 1_000)).not.toContain(c.id)
  })
})

describe('rewards.history refusals', () => {
  it('names the employee whose history a manager may not see', async () => {
    const users = await backend.dispatcher.dispatch('users.list', {})
    const manager = users.ok
      ? users.value.find((u) => u.role === 'MANAGER' && u.employeeId !== null)
      : undefined
    expect(manager).toBeDefined()
    const everyone = await rows()
    await backend.session.close()
    backend = testBackend(dir, manager!.email)
    expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
    const mine = new Set((await rows()).map((r) => r.id))
    const stranger = everyone.find((r) => !mine.has(r.id)) as TableRow
    expect(await backend.dispatcher.dispatch('rewards.history', { employeeId: stranger.id })).toEqual({
      ok: false,
      error: {
        code: 'FORBIDDEN',
        message: `You may not see the history of ${stranger.employeeName} (${stranger.employeeId}).`,
      },
    })
    const own = [...mine].find((id) => id !== manager!.employeeId) as number
    expect(Array.isArray(await history(own))).toBe(true)
  })
})

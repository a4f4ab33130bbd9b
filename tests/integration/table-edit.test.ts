import type { TableRow } from '../../src-shared/contract'
import { jobProfileLabel } from '../../src-shared/domain/job-profiles'
import { newPayFromPercent } from '../../src-shared/domain/pay'
import { openWorkbook } from '../../src-main/workbook/open'
import { demoBackend } from '../support/demo-backend'
import { testBackend } from '../support/session'
import { tableQuery } from '../support/table-query'

const { dir, file, ...opened } = demoBackend('edit', 300)
let backend = opened

const base = tableQuery()

async function rows(dispatcher = backend.dispatcher): Promise<TableRow[]> {
  const page = await dispatcher.dispatch('table.query', base)
  if (!page.ok) throw new Error(page.error.message)
  return page.value.rows
}

async function row(id: number): Promise<TableRow> {
  return (await rows()).find((r) => r.id === id) as TableRow
}

async function update(employeeId: number, changes: Record<string, unknown>) {
  return backend.dispatcher.dispatch('rewards.update', { updates: [{ employeeId, changes }] })
}

async function history(employeeId: number) {
  const result = await backend.dispatcher.dispatch('rewards.history', { employeeId })
  if (!result.ok) throw new Error(result.error.message)
  return result.value
}

/** Reopens the file as another user (or the owner), closing the current session first. */
async function reopenAs(email: string | null): Promise<void> {
  await backend.session.close()
  backend = testBackend(dir, email)
  expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
}

let subject: TableRow

beforeAll(async () => {
  // An eligible salaried employee with a pay range, nothing planned yet.
  subject = (await rows()).find(
    (r) =>
      r.editable && r.salaried && r.payRange !== null && r.newSalary === null && r.violations.length === 0,
  ) as TableRow
  expect(subject).toBeDefined()
})

describe('rewards.update (spec §5 Editing cells)', () => {
  it('sets a new salary from a percent and answers the re-evaluated row', async () => {
    const newSalary = newPayFromPercent(subject.currentSalary, 3)
    const result = await update(subject.id, { newSalary })
    expect(result.ok).toBe(true)
    const [updated] = result.ok ? result.value : []
    expect(updated).toMatchObject({
      id: subject.id,
      newSalary,
      dollarIncrease: newSalary - subject.currentSalary,
    })
    expect(updated.salaryIncrease).toBeCloseTo(3, 2)
    expect(await row(subject.id)).toEqual(updated)
  })

  it("a new salary in dollars below the current one gives 'Pay increase is negative.'", async () => {
    const result = await update(subject.id, { newSalary: subject.currentSalary - 100_00 })
    const [updated] = result.ok ? result.value : []
    expect(updated.severity).toBe('error')
    expect(updated.violations).toContainEqual({
      rule: 'negativePayChange',
      severity: 'error',
      message: 'Pay increase is negative.',
    })
    const page = await backend.dispatcher.dispatch('table.query', {
      ...base,
      filters: { violations: { type: 'set', values: ['error'] } },
    })
    expect(page.ok && page.value.rows.map((r) => r.id)).toContain(subject.id)
  })

  it('writes a reward-history row per edit, newest first, with who changed it', async () => {
    const entries = await history(subject.id)
    expect(entries.length).toBeGreaterThanOrEqual(2)
    // The session acts as the workbook's owner: the history names them.
    const owner = backend.session.user
    expect(owner?.name).toEqual(expect.stringMatching(/\S/))
    expect(entries[0]).toMatchObject({
      source: 'table',
      changedBy: owner?.name,
      changes: {
        newSalary: { old: newPayFromPercent(subject.currentSalary, 3), new: subject.currentSalary - 100_00 },
      },
    })
    expect(entries[0].changedAt >= entries[1].changedAt).toBe(true)
  })

  it('undo applies the old values; the history keeps both steps', async () => {
    const before = (await history(subject.id)).length
    const result = await update(subject.id, { newSalary: null })
    expect(result.ok).toBe(true)
    const restored = await row(subject.id)
    expect(restored).toMatchObject({ newSalary: null, dollarIncrease: null, violations: subject.violations })
    const entries = await history(subject.id)
    expect(entries).toHaveLength(before + 1)
    expect(entries[0].changes.newSalary).toEqual({ old: subject.currentSalary - 100_00, new: null })
  })

  it('applies a batch in one step and skips values that do not change', async () => {
    const others = (await rows()).filter((r) => r.editable && r.id !== subject.id).slice(0, 3)
    const before = await Promise.all(others.map((r) => history(r.id)))
    const result = await backend.dispatcher.dispatch('rewards.update', {
      updates: [
        ...others.map((r) => ({
          employeeId: r.id,
          changes: { comments: `Batch ${r.id}`, lumpSum: 1000_00 },
        })),
        { employeeId: others[0].id, changes: { comments: `Batch ${others[0].id}` } },
      ],
    })
    expect(result.ok && result.value.map((r) => r.comments)).toEqual(others.map((r) => `Batch ${r.id}`))
    const after = await Promise.all(others.map((r) => history(r.id)))
    after.forEach((entries, i) => expect(entries).toHaveLength(before[i].length + 1))
  })

  it('a new job profile shows by name, sorts and filters as text, and moves New Fit in Range to its range', async () => {
    const profiles = await backend.dispatcher.dispatch('jobProfiles.list', {})
    if (!profiles.ok) throw new Error(profiles.error.message)
    const other = (await rows()).find((r) => r.editable && r.newJobProfileId === null && r.payRange !== null)
    if (!other) throw new Error('no editable row without a new job profile')
    const employees = await backend.dispatcher.dispatch('employees.list', {})
    const current = employees.ok ? employees.value.find((e) => e.id === other.id)?.jobProfileId : null
    // A profile of another pay range than the employee's own.
    const ranges = new Map(profiles.value.map((p) => [p.id, p.payRangeId]))
    const target = profiles.value.find(
      (p) => p.payRangeId !== null && p.payRangeId !== ranges.get(current ?? -1) && p.jobCode.endsWith('-US'),
    )
    if (!target) throw new Error('no job profile of another range')

    const result = await update(other.id, { newJobProfileId: target.id })
    expect(result.ok).toBe(true)
    const after = await row(other.id)
    expect(after.newJobProfileId).toBe(target.id)
    expect(after.newJobProfile).toBe(jobProfileLabel(target))
    expect(after.newPositionInRange).not.toBe(other.newPositionInRange)

    const found = await backend.dispatcher.dispatch('table.query', {
      ...base,
      filters: { newJobProfile: { type: 'text', contains: target.jobCode } },
    })
    expect(found.ok && found.value.rows.map((r) => r.id)).toContain(other.id)
    const sorted = await backend.dispatcher.dispatch('table.query', {
      ...base,
      sort: { column: 'newJobProfile', direction: 'asc' },
    })
    expect(sorted.ok && sorted.value.rows[0].newJobProfile).not.toBeNull()

    expect((await update(other.id, { newJobProfileId: null })).ok).toBe(true)
    expect(await row(other.id)).toMatchObject({ newJobProfileId: null, newJobProfile: null })
    expect((await update(other.id, { newJobProfileId: 999_999 })).ok).toBe(false)
  })

  it('refuses a salary, bonus or lump sum for a fully prorated employee with the spec tooltip and reasons', async () => {
    const prorated = (await rows()).find((r) => r.proratedPercent === 100) as TableRow
    expect(prorated).toMatchObject({ editable: false })
    expect(prorated.lockedReason).toMatch(/^Employee not eligible for an increase\.\n/)
    const result = await update(prorated.id, { newSalary: prorated.currentSalary + 1000_00 })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('FORBIDDEN')
    expect(result.error.message).toBe(prorated.lockedReason?.split('\n').join(' '))
    expect((await update(prorated.id, { comments: 'Not this cycle' })).ok).toBe(true)
  })
})

describe('rewards.update refusals', () => {
  it('refuses the whole batch when one employee is outside a MANAGER’s teams, naming them', async () => {
    const workbook = await openWorkbook(file, { readonly: true })
    const manager = await workbook.db
      .selectFrom('app_user as u')
      .innerJoin('role as r', 'r.id', 'u.role_id')
      .select(['u.email'])
      .where('r.name', '=', 'MANAGER')
      .where('u.employee_id', 'is not', null)
      .orderBy('u.id')
      .executeTakeFirstOrThrow()
    await workbook.close()
    const everyone = await rows()
    await reopenAs(manager.email)
    const mine = await rows()
    const stranger = everyone.find((r) => !mine.some((m) => m.id === r.id)) as TableRow
    const own = mine.find((r) => r.editable) as TableRow
    const ownHistory = (await history(own.id)).length
    const result = await backend.dispatcher.dispatch('rewards.update', {
      updates: [
        { employeeId: own.id, changes: { comments: 'mine' } },
        { employeeId: stranger.id, changes: { comments: 'not mine' } },
      ],
    })
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'FORBIDDEN',
        message: `You may not plan for ${stranger.employeeName} (${stranger.employeeId}).`,
      },
    })
    expect(await history(own.id)).toHaveLength(ownHistory)
    const hidden = await backend.dispatcher.dispatch('rewards.history', { employeeId: stranger.id })
    expect(hidden.ok || hidden.error.code).toBe('FORBIDDEN')
    await reopenAs(null)
  })

  it('refuses bonuses when bonus amounts are not editable, and lump sums when they are not included', async () => {
    const target = (await rows()).find((r) => r.editable) as TableRow
    const patch = await backend.dispatcher.dispatch('payCycle.update', {
      patch: { settings: { bonusAmountEditable: false, includeLumpSum: false } },
    })
    expect(patch.ok).toBe(true)
    expect((await row(target.id)).bonusInputs.editable).toBe(false)
    const bonus = await update(target.id, { newPercentBonus: 12.5 })
    expect(bonus.ok || bonus.error).toEqual({
      code: 'FORBIDDEN',
      message: 'Bonus amounts are not editable in this pay cycle.',
    })
    const lump = await update(target.id, { lumpSum: 5000_00 })
    expect(lump.ok || lump.error).toEqual({
      code: 'FORBIDDEN',
      message: 'Lump sums are not part of this pay cycle.',
    })
    await backend.dispatcher.dispatch('payCycle.update', {
      patch: { settings: { bonusAmountEditable: true, includeLumpSum: true } },
    })
    expect((await update(target.id, { newPercentBonus: 12.5 })).ok).toBe(true)
  })

  it('refuses every edit while the pay cycle is closed, and shows the rows locked', async () => {
    const target = (await rows()).find((r) => r.editable) as TableRow
    await backend.session.close()
    const workbook = await openWorkbook(file)
    await workbook.db.updateTable('pay_cycle').set({ active: 0 }).execute()
    await workbook.close()
    await reopenAs(null)
    const locked = await row(target.id)
    expect(locked).toMatchObject({
      editable: false,
      lockedReason: 'The pay cycle is closed; choices are locked.',
    })
    const result = await update(target.id, { comments: 'too late' })
    expect(result).toEqual({
      ok: false,
      error: { code: 'FORBIDDEN', message: 'The pay cycle is closed; choices are locked.' },
    })
  })
})

import fs from 'node:fs'
import path from 'node:path'
import type { ImportResult } from '../../src-shared/contract'
import { openWorkbook } from '../../src-main/workbook/open'
import { cli } from '../support/cli'
import {
  COUNTS,
  FIRST,
  plannedWorkbook as planned,
  SECOND,
  writeCsv as write,
} from '../support/reimport-files'
import { call, importBackend } from '../support/import-session'
import { tempDir } from '../support/temp'

/**
 * Re-importing over planned work (issue 10): the file's effect on existing employees is counted, and
 * each plan whose pay, currency, pay range, eligibility or name changes keeps its increase percent,
 * keeps its new salary or is cleared, with a reward-history row (source 'import') explaining it.
 */
const dir = tempDir()
const writeCsv = (name: string, rows: string[]) => write(dir, name, rows)
const plannedWorkbook = (name: string) => planned(dir, name)

async function reimport(file: string, ...flags: string[]) {
  const result = await cli('import', file, writeCsv('second.csv', SECOND), '--json', ...flags)
  return { ...result, value: result.json[0] as ImportResult }
}

async function plans(file: string) {
  const workbook = await openWorkbook(file, { readonly: true })
  try {
    const rows = workbook.sqlite
      .prepare(
        `SELECT e.company_employee_id AS id, r.new_salary AS newSalary, r.lump_sum AS lumpSum
         FROM employee e JOIN reward r ON r.employee_id = e.id ORDER BY e.company_employee_id`,
      )
      .all() as { id: string; newSalary: number | null; lumpSum: number | null }[]
    const history = workbook.sqlite
      .prepare(
        `SELECT e.company_employee_id AS id, h.source, h.changes FROM reward_history h
         JOIN employee e ON e.id = h.employee_id ORDER BY e.company_employee_id`,
      )
      .all() as { id: string; source: string; changes: string }[]
    return {
      byId: Object.fromEntries(rows.map((r) => [r.id, { newSalary: r.newSalary, lumpSum: r.lumpSum }])),
      history: history.map((h) => ({ id: h.id, source: h.source, changes: JSON.parse(h.changes) })),
    }
  } finally {
    await workbook.close()
  }
}

describe('re-import over planned work (CLI)', () => {
  it('keep-percent (the default) rebases the new salary on the new current pay', async () => {
    const file = await plannedWorkbook('percent')
    const { code, value } = await reimport(file)
    expect(code).toBe(0)
    expect(value).toMatchObject({ status: 'imported', imported: 6, ...COUNTS, planMode: 'keep-percent' })
    const after = await plans(file)
    // A1 planned +4% on 100,000; now on 110,000.
    expect(after.byId.A1).toEqual({ newSalary: 11_440_000, lumpSum: null })
    // B2's and C3's pay did not change: the same plan, but the history says why it was looked at.
    expect(after.byId.B2).toEqual({ newSalary: 5_200_000, lumpSum: 100_000 })
    expect(after.byId.C3).toEqual({ newSalary: 6_300_000, lumpSum: null })
    expect(after.byId.E5).toEqual({ newSalary: 8_400_000, lumpSum: null })
    expect(after.byId.D4).toEqual({ newSalary: null, lumpSum: null })
    expect(after.history).toEqual([
      {
        id: 'A1',
        source: 'import',
        changes: {
          newSalary: { old: 10_400_000, new: 11_440_000 },
          currentSalary: { old: 10_000_000, new: 11_000_000 },
          plan: { old: null, new: 'Keep the planned increase percent' },
        },
      },
      {
        id: 'B2',
        source: 'import',
        changes: {
          name: { old: 'Ben Baker', new: 'Bob Other' },
          plan: { old: null, new: 'Keep the planned increase percent' },
        },
      },
      {
        id: 'C3',
        source: 'import',
        changes: {
          payRange: { old: 'R1', new: 'R2' },
          plan: { old: null, new: 'Keep the planned increase percent' },
        },
      },
    ])
  })

  it('keep-salary keeps the planned new salary (a smaller raise on the higher pay)', async () => {
    const file = await plannedWorkbook('salary')
    const { value } = await reimport(file, '--plans', 'keep-salary')
    expect(value).toMatchObject({ status: 'imported', ...COUNTS, planMode: 'keep-salary' })
    const after = await plans(file)
    expect(after.byId.A1).toEqual({ newSalary: 10_400_000, lumpSum: null })
    expect(after.history.find((h) => h.id === 'A1')?.changes).toEqual({
      currentSalary: { old: 10_000_000, new: 11_000_000 },
      plan: { old: null, new: 'Keep the planned new salary' },
    })
  })

  it('clear clears every planned amount of the affected plans only, each with a history row', async () => {
    const file = await plannedWorkbook('clear')
    const { value, text } = await reimport(file, '--plans', 'clear')
    expect(value).toMatchObject({ status: 'imported', ...COUNTS, planMode: 'clear' })
    const after = await plans(file)
    expect(after.byId.A1).toEqual({ newSalary: null, lumpSum: null })
    expect(after.byId.B2).toEqual({ newSalary: null, lumpSum: null })
    expect(after.byId.C3).toEqual({ newSalary: null, lumpSum: null })
    // E5 did not change: her plan stays.
    expect(after.byId.E5).toEqual({ newSalary: 8_400_000, lumpSum: null })
    expect(after.history.find((h) => h.id === 'B2')?.changes).toMatchObject({
      newSalary: { old: 5_200_000, new: null },
      lumpSum: { old: 100_000, new: null },
    })
    expect(after.history.map((h) => h.id)).toEqual(['A1', 'B2', 'C3'])
    expect(text).toEqual([]) // --json prints JSON only
    const plain = await cli('import', file, writeCsv('again.csv', SECOND))
    expect(plain.text[1]).toBe('  0 new, 0 updated, 6 unchanged.')
  })

  it('refuses an unknown --plans choice before touching the workbook', async () => {
    const file = path.join(dir, 'bad.paycycle')
    const { code, errors } = await cli('import', file, writeCsv('bad.csv', FIRST), '--plans', 'keep')
    expect(code).toBe(2)
    expect(errors.join('\n')).toContain('--plans must be one of keep-percent, keep-salary, clear.')
    expect(fs.existsSync(file)).toBe(false)
  })
})

describe('re-import over planned work (Manage Data)', () => {
  const { dispatcher, readFile, workbook } = importBackend(dir)

  it('previews new, updated and unchanged employees and the affected plans, and applies per-employee choices', async () => {
    const file = await plannedWorkbook('screen')
    await call(dispatcher.dispatch('workbook.open', { path: file }))
    const { importId } = await readFile(writeCsv('screen.csv', SECOND))

    const updated = await call(
      dispatcher.dispatch('import.preview', { importId, list: 'updated', offset: 0, limit: 10 }),
    )
    expect(updated).toMatchObject({ ...COUNTS, pending: 0, planMode: 'keep-percent', total: 4 })
    expect(updated.updates.map((u) => [u.employeeId, u.changes.map((c) => c.header)])).toEqual([
      ['A1', ['Current Base Pay (Country Currency)']],
      ['B2', ['Name']],
      ['C3', ['Job Code', 'Pay Range Name', 'Min Pay', 'Mid Pay', 'Max Pay']],
      ['D4', ['Current Base Pay (Country Currency)']],
    ])
    expect(updated.updates[0].changes[0]).toMatchObject({ before: '100,000.00', after: '110,000.00' })

    const affected = await call(
      dispatcher.dispatch('import.preview', { importId, list: 'plans', offset: 0, limit: 10 }),
    )
    expect(affected.plans.map((p) => p.employeeId)).toEqual(['A1', 'B2', 'C3'])
    const [ann, bob] = affected.plans
    expect(ann.reasons).toEqual([{ reason: 'pay', text: 'Current pay: $100,000.00 → $110,000.00' }])
    expect(ann.plan).toMatchObject({ newSalary: 10_400_000, increasePercent: 4 })
    expect(ann.outcomes['keep-percent']).toMatchObject({ newSalary: 11_440_000, increasePercent: 4 })
    expect(ann.outcomes['keep-salary'].newSalary).toBe(10_400_000)
    expect(ann.outcomes['keep-salary'].increasePercent).toBeCloseTo(-5.4545, 3)
    expect(ann.outcomes.clear).toMatchObject({ newSalary: null, increasePercent: null })
    expect(bob).toMatchObject({
      name: 'Bob Other',
      previousName: 'Ben Baker',
      probableDifferentPerson: true,
      reasons: [{ reason: 'name', text: 'Name: Ben Baker → Bob Other (probably a different person)' }],
    })

    // Keep the percent for all, but clear the plan of the different person.
    await call(dispatcher.dispatch('import.choosePlan', { importId, mode: 'clear', employeeId: 'B2' }))
    const chosen = await call(
      dispatcher.dispatch('import.preview', { importId, list: 'plans', offset: 0, limit: 10 }),
    )
    expect(chosen.ownChoices).toBe(1)
    expect(chosen.plans.map((p) => p.choice)).toEqual([null, 'clear', null])
    const done = await call(dispatcher.dispatch('import.commit', { importId }))
    expect(done.outcome).toEqual({ ...COUNTS, planMode: 'keep-percent' })
    // The Compensation Table's history panel explains the change.
    const annId = workbook()
      .sqlite.prepare("SELECT id FROM employee WHERE company_employee_id = 'A1'")
      .pluck()
      .get() as number
    const history = await call(dispatcher.dispatch('rewards.history', { employeeId: annId }))
    expect(history[0]).toMatchObject({
      source: 'import',
      changes: { newSalary: { old: 10_400_000, new: 11_440_000 } },
    })
    await call(dispatcher.dispatch('workbook.close', {}))
    const after = await plans(file)
    expect(after.byId.A1.newSalary).toBe(11_440_000)
    expect(after.byId.B2).toEqual({ newSalary: null, lumpSum: null })
    expect(after.byId.C3.newSalary).toBe(6_300_000)
    expect(after.history.find((h) => h.id === 'B2')?.changes.plan).toEqual({
      old: null,
      new: 'Clear the plan',
    })
  })
})

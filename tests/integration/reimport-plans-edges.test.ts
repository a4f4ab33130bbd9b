import { COUNTS, plannedWorkbook, SECOND, writeCsv } from '../support/reimport-files'
import { call, importBackend, refusal } from '../support/import-session'
import { tempDir } from '../support/temp'

/** Manage Data's re-import review at its edges (mutation testing, issue 20): pages, refusals, what it re-reads. */
const dir = tempDir()

describe('re-import over planned work (Manage Data), at its edges', () => {
  const { dispatcher, readFile, workbook } = importBackend(dir)

  it('pages the updated employees and the affected plans; the next preview sees an edit of the file and a change of the workbook', async () => {
    const file = await plannedWorkbook(dir, 'pages')
    await call(dispatcher.dispatch('workbook.open', { path: file }))
    const { importId } = await readFile(writeCsv(dir, 'pages.csv', SECOND))
    const preview = (list: 'updated' | 'plans', offset: number, limit: number) =>
      call(dispatcher.dispatch('import.preview', { importId, list, offset, limit }))

    const updated = await preview('updated', 2, 1)
    expect(updated).toMatchObject({ total: 4, plans: [] })
    expect(updated.updates.map((u) => u.employeeId)).toEqual(['C3'])
    const affected = await preview('plans', 1, 1)
    expect(affected).toMatchObject({ total: 3, updates: [] })
    expect(affected.plans.map((p) => p.employeeId)).toEqual(['B2'])

    expect(await dispatcher.dispatch('import.choosePlan', { importId, mode: null })).toEqual(
      refusal('Choose what becomes of the affected plans.'),
    )

    // D4, whose pay the file raises, gets a plan in the workbook meanwhile: now his plan is affected too.
    const d4 = workbook()
      .sqlite.prepare("SELECT id FROM employee WHERE company_employee_id = 'D4'")
      .pluck()
      .get() as number
    await call(
      dispatcher.dispatch('rewards.update', {
        updates: [{ employeeId: d4, changes: { newSalary: 7_500_000 } }],
      }),
    )
    expect(await preview('plans', 0, 10)).toMatchObject({ ...COUNTS, plansAffected: 4, total: 4 })

    // The file's D4 edited back to the pay the workbook holds: D4 is unchanged again.
    await call(
      dispatcher.dispatch('import.editCell', {
        importId,
        row: 4,
        field: 'currentBasePay',
        value: '70000',
        conflicts: 'mark',
      }),
    )
    expect(await preview('updated', 0, 10)).toMatchObject({
      updated: 3,
      unchanged: 2,
      plansAffected: 3,
      total: 3,
    })
    await call(dispatcher.dispatch('import.discard', { importId }))
    await call(dispatcher.dispatch('workbook.close', {}))
  })
})

import { plannedWorkbook, SECOND, writeCsv } from '../support/reimport-files'
import { call, importBackend } from '../support/import-session'
import { tempDir } from '../support/temp'

/**
 * The commit reuses the review's comparison only while the workbook is as the review read it
 * (issue 41): a plan written between the preview and the commit is rebased by the commit.
 */
const dir = tempDir()

describe('re-import commit after a change of the workbook since the preview', () => {
  const { dispatcher, readFile, workbook } = importBackend(dir)

  it("rebases a plan given after the preview, as the commit's own reading of the workbook finds it", async () => {
    const file = await plannedWorkbook(dir, 'reread')
    await call(dispatcher.dispatch('workbook.open', { path: file }))
    const { importId } = await readFile(writeCsv(dir, 'reread.csv', SECOND))
    const preview = await call(
      dispatcher.dispatch('import.preview', { importId, list: 'plans', offset: 0, limit: 10 }),
    )
    expect(preview.plans.map((p) => p.employeeId)).not.toContain('D4')

    // D4 (70,000 → 75,000 in the file) gets a plan of 75,000 after the preview was drawn.
    const salaryOfD4 = workbook().sqlite.prepare(
      "SELECT r.new_salary FROM reward r JOIN employee e ON e.id = r.employee_id WHERE e.company_employee_id = 'D4'",
    )
    const d4 = workbook()
      .sqlite.prepare("SELECT id FROM employee WHERE company_employee_id = 'D4'")
      .pluck()
      .get() as number
    await call(
      dispatcher.dispatch('rewards.update', {
        updates: [{ employeeId: d4, changes: { newSalary: 7_500_000 } }],
      }),
    )

    const committed = await call(dispatcher.dispatch('import.commit', { importId }))
    expect(committed.outcome).toMatchObject({ plansAffected: 4 })
    // Keep-percent (the default): +7.14 % on 75,000 is 80,357.14.
    expect(salaryOfD4.pluck().get()).toBe(8_035_714)
    await call(dispatcher.dispatch('workbook.close', {}))
  })
})

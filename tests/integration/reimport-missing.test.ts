import { openWorkbook } from '../../src-main/workbook/open'
import { missingQuestion } from '../../src-shared/domain/reimport-missing'
import { call, importBackend } from '../support/import-session'
import { FIRST, plannedWorkbook, writeCsv } from '../support/reimport-files'
import { tempDir } from '../support/temp'

// Issue 39: a re-import lists the employees missing from the file and asks what to do with them:
// keep them as they are, or end their rewards (their planned raise, bonus and lump sum cleared).
const dir = tempDir()
// FIRST without D4 (no plan) and E5 (planned +5%).
const PARTIAL = FIRST.slice(0, 3)

async function planOf(file: string, id: string): Promise<number | null> {
  const workbook = await openWorkbook(file, { readonly: true })
  try {
    return workbook.sqlite
      .prepare(
        `SELECT r.new_salary FROM reward r JOIN employee e ON e.id = r.employee_id WHERE e.company_employee_id = ?`,
      )
      .pluck()
      .get(id) as number | null
  } finally {
    await workbook.close()
  }
}

describe('employees missing from a re-imported file', () => {
  const { dispatcher, readFile } = importBackend(dir)

  it('are listed by name with the question, kept by default', async () => {
    const file = await plannedWorkbook(dir, 'keep')
    await call(dispatcher.dispatch('workbook.open', { path: file }))
    const { importId } = await readFile(writeCsv(dir, 'keep.csv', PARTIAL))
    const preview = await call(
      dispatcher.dispatch('import.preview', { importId, list: 'plans', offset: 0, limit: 10 }),
    )
    expect(preview.missing).toEqual({
      total: 2,
      planned: 1,
      employees: [
        { employeeId: 'D4', name: 'Dan Dorn', planned: false },
        { employeeId: 'E5', name: 'Eve Ellis', planned: true },
      ],
      choice: 'keep',
    })
    expect(missingQuestion(2)).toBe(
      '2 employees in the workbook are not in this file. What should happen to them?',
    )
    const done = await call(dispatcher.dispatch('import.commit', { importId }))
    expect(done.outcome?.rewardsEnded).toBeUndefined()
    await call(dispatcher.dispatch('workbook.close', {}))
    expect(await planOf(file, 'E5')).toBe(8_400_000)
  })

  it('"End their rewards" clears the planned raise of the missing employees at commit, and says how many', async () => {
    const file = await plannedWorkbook(dir, 'end')
    await call(dispatcher.dispatch('workbook.open', { path: file }))
    const { importId } = await readFile(writeCsv(dir, 'end.csv', PARTIAL))
    await call(dispatcher.dispatch('import.chooseMissing', { importId, choice: 'endRewards' }))
    const preview = await call(
      dispatcher.dispatch('import.preview', { importId, list: 'plans', offset: 0, limit: 10 }),
    )
    expect(preview.missing.choice).toBe('endRewards')
    const done = await call(dispatcher.dispatch('import.commit', { importId }))
    expect(done.outcome).toMatchObject({ rewardsEnded: 1 })
    await call(dispatcher.dispatch('workbook.close', {}))
    expect(await planOf(file, 'E5')).toBeNull()
    // Those in the file keep their plans.
    expect(await planOf(file, 'A1')).toBe(10_400_000)
  })
})

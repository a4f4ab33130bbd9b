import type { PlanRules } from '../../src-shared/domain/reimport'
import { compare, planRules } from '../../src-main/services/import/comparison'
import { revalidateAll } from '../../src-main/services/import/edits'
import { newImportJob, type ImportJob } from '../../src-main/services/import/job'
import { readImportCsv } from '../../src-main/services/import/read-csv'
import { openWorkbook, type Workbook } from '../../src-main/workbook/open'
import { COUNTS, plannedWorkbook, SECOND, writeCsv } from '../support/reimport-files'
import { hiredFrom } from '../support/proration'
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

describe("the review's comparison with the workbook (comparison.ts compare)", () => {
  let workbook: Workbook
  afterEach(() => workbook?.close())

  /** A job reviewing `rows` (re-import files' HEADER) of a workbook with FIRST imported and planned. */
  async function reviewing(name: string, rows: string[]): Promise<ImportJob> {
    workbook = await openWorkbook(await plannedWorkbook(dir, name))
    const read = await readImportCsv(writeCsv(dir, `${name}.csv`, rows))
    if (!read.ok) throw new Error(read.errors[0].message)
    const job = newImportJob()
    job.rows.push(...read.rows)
    job.phase = 'review'
    return job
  }

  it("refuses a job that has no validation yet: 'The import has not been validated yet.'", async () => {
    const job = await reviewing('unchecked', SECOND)
    const rules = await planRules(workbook)
    expect(() => compare(workbook, job, rules)).toThrow('The import has not been validated yet.')
    await revalidateAll(workbook, job)
    expect(compare(workbook, job, rules).classification).toMatchObject({ created: 1, updated: [0, 1, 2, 3] })
  })

  it('classifies the rows again under changed pay-cycle rules, though neither rows nor workbook changed', async () => {
    // C3 rises above the minimum of her new range: under a 100% proration of everyone hired since
    // 2019, prioritizePayMin then no longer keeps her eligible.
    const rows = SECOND.map((r) => (r.startsWith('C3,') ? r.replace(',60000,', ',95000,') : r))
    const job = await reviewing('rules', rows)
    await revalidateAll(workbook, job)
    const rules = await planRules(workbook)
    expect(rules.settings.prioritizePayMin).toBe(true)
    const reasonsOfC3 = (r: PlanRules) =>
      compare(workbook, job, r).classification.affected.find((a) => a.index === 2)?.reasons
    expect(reasonsOfC3(rules)).toEqual(['pay', 'payRange'])
    const prorated = { ...rules, settings: { ...rules.settings, prorationRules: [hiredFrom('2019-01-01')] } }
    expect(reasonsOfC3(prorated)).toEqual(['pay', 'payRange', 'eligibility'])
    expect(reasonsOfC3(rules)).toEqual(['pay', 'payRange'])
  })
})

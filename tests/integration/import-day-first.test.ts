import { importReview } from '../support/import-review'
import { call } from '../support/import-session'
import { tempDir } from '../support/temp'

// Issue 36: the review screen's one-click "this column is day-first".
const dir = tempDir()
const { dispatcher, reviewOf } = importReview(dir)

describe('"this column is day-first" on the import review', () => {
  it('rewrites the column’s d/m/yyyy dates as yyyy-mm-dd day-first, clearing its errors, as one undo step', async () => {
    const { importId, errorCount } = await reviewOf('dates.csv', [
      'R1,Ana,USD,true,25/12/2019,J,Band,1000',
      'R2,Bo,USD,true,04/03/2020,J,Band,1000',
      'R3,Cy,USD,true,2021-06-30,J,Band,1000',
    ])
    expect(errorCount).toBe(1)
    const fixed = await call(dispatcher.dispatch('import.readDayFirst', { importId, field: 'hireDate' }))
    expect(fixed).toMatchObject({ errorCount: 0, undoLabel: 'Hire Date read day-first' })
    const page = await call(
      dispatcher.dispatch('import.rows', { importId, onlyErrors: false, offset: 0, limit: 10 }),
    )
    expect(page.rows.map((r) => r.values.hireDate)).toEqual(['2019-12-25', '2020-03-04', '2021-06-30'])
    const undone = await call(dispatcher.dispatch('import.undo', { importId }))
    expect(undone.errorCount).toBe(1)
  })
})

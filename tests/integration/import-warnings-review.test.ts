import { importWarningsQuestion } from '../../src-shared/domain/import-warnings'
import { HEADER } from '../support/import-review'
import { call, importSession, writeCsv } from '../support/import-session'
import { tempDir } from '../support/temp'

/**
 * Issue 36: the review screen lists the import's warnings (row, id, message) from its summary, and the
 * commit asks once with the count.
 */
const dir = tempDir()
const { dispatcher, readFile } = importSession(dir, 'Warnings')
const FAR_BELOW = 'Annual pay 55 is below 10% of the range minimum 60000: is it in thousands, or per hour?'

describe('import warnings on the review screen', () => {
  it('lists each warning with its row, Employee Id and message; a fix takes it away; the commit imports the rest', async () => {
    const rows = [
      'W1,Ana,USD,true,2020-01-01,J,Band,60000,70000',
      'W2,Bo,USD,true,2020-01-01,J,Band,60000,55',
      'W3,Cy,USD,true,2020-01-01,J,Band,60000,6000',
    ]
    const summary = await readFile(
      writeCsv(dir, 'warn.csv', `${HEADER},Current Base Pay (Country Currency)`, rows),
    )
    expect(summary.errorCount).toBe(0)
    expect(summary.warningCount).toBe(1)
    expect(summary.warnings).toEqual([
      {
        row: 2,
        header: 'Current Base Pay (Country Currency)',
        id: 'W2',
        code: 'PayFarBelowRange',
        message: FAR_BELOW,
      },
    ])
    const fixed = await call(
      dispatcher.dispatch('import.editCell', {
        importId: summary.importId,
        row: 2,
        field: 'currentBasePay',
        value: '55000',
      }),
    )
    expect(fixed.warningCount).toBe(0)
    expect(fixed.warnings).toEqual([])
    const undone = await call(dispatcher.dispatch('import.undo', { importId: summary.importId }))
    expect(undone.warnings.map((w) => [w.row, w.id])).toEqual([[2, 'W2']])
    const done = await call(dispatcher.dispatch('import.commit', { importId: summary.importId }))
    expect(done.phase).toBe('imported')
    expect(done.imported).toBe(3)
  })

  it('asks once, with the count', () => {
    expect(importWarningsQuestion(1)).toBe('1 warning — import anyway?')
    expect(importWarningsQuestion(1234)).toBe('1,234 warnings — import anyway?')
  })
})

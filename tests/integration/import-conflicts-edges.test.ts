import { importReview } from '../support/import-review'
import { call } from '../support/import-session'
import { tempDir } from '../support/temp'

/**
 * import-conflicts.test.ts's answers at their edges (mutation testing, issue 20): refusals with their
 * messages, edits and fixes that change nothing, 'mark', and which rows a fix or a conflict counts.
 */
const dir = tempDir()
const { dispatcher, review, reviewOf, minPays, askToEditRow1 } = importReview(dir)

describe('an edit that would make other rows disagree on a key, at its edges', () => {
  it('refuses an answer with nothing waiting, one without its key or new name, an unknown column, and undo or redo with nothing to take', async () => {
    const { importId } = await review()
    const refusal = async (channel: string, input: object) => {
      const result = await dispatcher.dispatch(channel, { importId, ...input })
      return result.ok ? null : result.error.message
    }
    expect(await refusal('import.resolveEdit', { resolution: 'mark' })).toBe(
      'No change is waiting for an answer.',
    )
    expect(await refusal('import.undo', {})).toBe('Nothing to undo.')
    expect(await refusal('import.redo', {})).toBe('Nothing to redo.')
    expect(await refusal('import.editCell', { row: 1, field: 'nickname', value: 'x' })).toBe(
      '"nickname" is not a column of the employee import.',
    )
    expect(await refusal('import.fixConsistency', { row: 1, field: 'payRangeName', mode: 'rename' })).toBe(
      'Give the new name for the key.',
    )

    await askToEditRow1(importId)
    expect(await refusal('import.resolveEdit', { resolution: 'matchRow' })).toBe(
      'Name the key whose rows should agree.',
    )
    expect(await refusal('import.resolveEdit', { resolution: 'rename', key: 'payRangeName' })).toBe(
      'Give the new name for the key.',
    )
    // A refused answer leaves the edit waiting, unapplied.
    expect(await minPays(importId)).toEqual(['Band:1000', 'Band:1000', 'Band:1000', 'Band:1000', 'Band:1000'])
    const cancelled = await call(
      dispatcher.dispatch('import.resolveEdit', { importId, resolution: 'cancel' }),
    )
    expect(cancelled.pendingEdit).toBeNull()
    expect(await refusal('import.resolveEdit', { resolution: 'cancel' })).toBe(
      'No change is waiting for an answer.',
    )
  })

  it('an edit that changes nothing, or a fix with every row agreeing already, takes no undo step', async () => {
    const { importId } = await review()
    const same = await call(
      dispatcher.dispatch('import.editCell', {
        importId,
        row: 1,
        field: 'minPay',
        value: '1000',
        conflicts: 'ask',
      }),
    )
    expect(same).toMatchObject({ pendingEdit: null, undoLabel: null, errorCount: 0 })
    const fixed = await call(
      dispatcher.dispatch('import.fixConsistency', {
        importId,
        row: 1,
        field: 'payRangeName',
        mode: 'matchRow',
      }),
    )
    expect(fixed).toMatchObject({ undoLabel: null, errorCount: 0 })
  })

  it("an edit with conflicts 'mark' is applied at once and marks the rows that now disagree", async () => {
    const { importId } = await review()
    const marked = await call(
      dispatcher.dispatch('import.editCell', {
        importId,
        row: 1,
        field: 'minPay',
        value: '2000',
        conflicts: 'mark',
      }),
    )
    expect(marked).toMatchObject({ pendingEdit: null, undoLabel: 'Min Pay in row 1', rowsWithErrors: 4 })
    expect(await minPays(importId)).toEqual(['Band:2000', 'Band:1000', 'Band:1000', 'Band:1000', 'Band:1000'])
  })

  it('only rows put at odds anew count: an edit leaving the same rows at odds is applied at once', async () => {
    const read = await reviewOf('odds.csv', [
      'R1,Person 1,USD,true,2020-01-01,J,Band,1000',
      'R2,Person 2,USD,true,2020-01-01,J,Band,1000',
      'R3,Person 3,USD,true,2020-01-01,J,Band,3000',
    ])
    expect(read.rowsWithErrors).toBe(1)
    const edit = (field: string, value: string) =>
      call(
        dispatcher.dispatch('import.editCell', {
          importId: read.importId,
          row: 1,
          field,
          value,
          conflicts: 'ask',
        }),
      )
    expect(await edit('employeeName', 'Person One')).toMatchObject({
      pendingEdit: null,
      undoLabel: 'Name in row 1',
    })
    // Row 3 disagreed already; row 2 would be the one more.
    expect((await edit('minPay', '2000')).pendingEdit?.keys).toEqual([
      { field: 'payRangeName', header: 'Pay Range Name', value: 'Band', rows: 1 },
    ])
  })

  it("'make all match' changes only the rows with the edited row's key, named without its spaces", async () => {
    const read = await reviewOf('keys.csv', [
      'R1,Person 1,USD,true,2020-01-01,J,  Band  ,1000',
      'R2,Person 2,USD,true,2020-01-01,J,Band,2000',
      'R3,Person 3,USD,true,2020-01-01,K,Other,5000',
      'R4,Person 4,USD,true,2020-01-01,K,Other,5000',
    ])
    expect(read.rowsWithErrors).toBe(1)
    const fixed = await call(
      dispatcher.dispatch('import.fixConsistency', {
        importId: read.importId,
        row: 1,
        field: 'payRangeName',
        mode: 'matchRow',
      }),
    )
    expect(fixed).toMatchObject({
      errorCount: 0,
      undoLabel: 'Rows with Pay Range Name "Band" matched to row 1',
    })
    expect(await minPays(read.importId)).toEqual(['  Band  :1000', 'Band:1000', 'Other:5000', 'Other:5000'])
  })
})

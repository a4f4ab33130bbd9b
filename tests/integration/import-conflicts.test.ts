import { importReview } from '../support/import-review'
import { call } from '../support/import-session'
import { tempDir } from '../support/temp'

/**
 * Issue 10: one fix must not cascade into errors on untouched rows without saying why. An edit that
 * would make other rows disagree on a consistency key waits for the user's answer: make all match,
 * rename the key, mark the conflicts, or cancel.
 */
const dir = tempDir()
const { dispatcher, review, minPays, askToEditRow1 } = importReview(dir)

describe('an edit that would make other rows disagree on a key', () => {
  it('waits, unapplied, naming the key and how many rows would disagree', async () => {
    const { importId } = await review()
    const asked = await askToEditRow1(importId)
    expect(asked.pendingEdit).toEqual({
      row: 1,
      field: 'minPay',
      header: 'Min Pay',
      before: '1000',
      value: '2000',
      label: 'Min Pay in row 1',
      keys: [{ field: 'payRangeName', header: 'Pay Range Name', value: 'Band', rows: 4 }],
    })
    expect(asked.errorCount).toBe(0)
    expect(asked.undoLabel).toBeNull()
    expect(await minPays(importId)).toEqual(['Band:1000', 'Band:1000', 'Band:1000', 'Band:1000', 'Band:1000'])

    const cancelled = await call(
      dispatcher.dispatch('import.resolveEdit', { importId, resolution: 'cancel' }),
    )
    expect(cancelled.pendingEdit).toBeNull()
    expect(cancelled.errorCount).toBe(0)
  })

  it("'make all match' applies the edit to every row with the key, as one undo step", async () => {
    const { importId } = await review()
    await askToEditRow1(importId)
    const matched = await call(
      dispatcher.dispatch('import.resolveEdit', { importId, resolution: 'matchRow', key: 'payRangeName' }),
    )
    expect(matched).toMatchObject({ errorCount: 0, pendingEdit: null })
    expect(matched.undoLabel).toBe('Min Pay in row 1; Rows with Pay Range Name "Band" matched to row 1')
    expect(await minPays(importId)).toEqual(['Band:2000', 'Band:2000', 'Band:2000', 'Band:2000', 'Band:2000'])
    await call(dispatcher.dispatch('import.undo', { importId }))
    expect(await minPays(importId)).toEqual(['Band:1000', 'Band:1000', 'Band:1000', 'Band:1000', 'Band:1000'])
  })

  it('rename gives the edited row a key of its own, asking again for the job code it shares; undo puts back every cell', async () => {
    const { importId } = await review()
    await askToEditRow1(importId)
    const renamed = await call(
      dispatcher.dispatch('import.resolveEdit', {
        importId,
        resolution: 'rename',
        key: 'payRangeName',
        newValue: 'Band High',
      }),
    )
    // Job Code J implies its pay range: the other rows with J would now disagree. Nothing applied yet.
    expect(renamed.pendingEdit).toMatchObject({
      label: 'Min Pay in row 1; Pay Range Name "Band" renamed to "Band High"',
      keys: [{ field: 'jobCode', header: 'Job Code', value: 'J', rows: 4 }],
    })
    expect(renamed).toMatchObject({ errorCount: 0, undoLabel: null })
    expect(await minPays(importId)).toEqual(['Band:1000', 'Band:1000', 'Band:1000', 'Band:1000', 'Band:1000'])

    const done = await call(
      dispatcher.dispatch('import.resolveEdit', {
        importId,
        resolution: 'rename',
        key: 'jobCode',
        newValue: 'J-HIGH',
      }),
    )
    expect(done).toMatchObject({ errorCount: 0, pendingEdit: null })
    expect(done.undoLabel).toBe(
      'Min Pay in row 1; Pay Range Name "Band" renamed to "Band High"; Job Code "J" renamed to "J-HIGH"',
    )
    expect(await minPays(importId)).toEqual([
      'Band High:2000',
      'Band:1000',
      'Band:1000',
      'Band:1000',
      'Band:1000',
    ])
    await call(dispatcher.dispatch('import.undo', { importId }))
    expect(await minPays(importId)).toEqual(['Band:1000', 'Band:1000', 'Band:1000', 'Band:1000', 'Band:1000'])
    const page = await call(
      dispatcher.dispatch('import.rows', { importId, onlyErrors: false, offset: 0, limit: 1 }),
    )
    expect(page.rows[0].values.jobCode).toBe('J')
    await call(dispatcher.dispatch('import.redo', { importId }))
    expect(await minPays(importId)).toEqual([
      'Band High:2000',
      'Band:1000',
      'Band:1000',
      'Band:1000',
      'Band:1000',
    ])
  })

  it("'mark' applies the edit and marks the conflicts on the other rows", async () => {
    const { importId } = await review()
    await askToEditRow1(importId)
    const marked = await call(dispatcher.dispatch('import.resolveEdit', { importId, resolution: 'mark' }))
    expect(marked).toMatchObject({ errorCount: 4, rowsWithErrors: 4, undoLabel: 'Min Pay in row 1' })
  })

  it('an edit that only puts its own row at odds is applied at once', async () => {
    const { importId } = await review()
    const edited = await call(
      dispatcher.dispatch('import.editCell', {
        importId,
        row: 3,
        field: 'minPay',
        value: '3000',
        conflicts: 'ask',
      }),
    )
    expect(edited).toMatchObject({ pendingEdit: null, errorCount: 1, undoLabel: 'Min Pay in row 3' })
  })
})

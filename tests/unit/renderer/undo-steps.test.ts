import {
  moveStep,
  NO_STEPS,
  pushStep,
  UNDO_LIMIT,
  type UndoStep,
} from '../../../src-renderer/components/undo/undo-steps'

function step(label: string, log: string[], fail = false): UndoStep {
  return {
    label,
    undo: async () => {
      if (fail) throw new Error('refused')
      log.push(`undo ${label}`)
    },
    redo: async () => void log.push(`redo ${label}`),
  }
}

describe('records undo steps', () => {
  it('undoes the last step, redoes it, and a new step clears the redo list', async () => {
    const log: string[] = []
    let state = pushStep(pushStep(NO_STEPS, step('a', log)), step('b', log))
    const undone = await moveStep(state, 'undo')
    state = undone?.next ?? state
    expect(log).toEqual(['undo b'])
    const redone = await moveStep(state, 'redo')
    state = redone?.next ?? state
    expect(log).toEqual(['undo b', 'redo b'])
    state = (await moveStep(state, 'undo'))?.next ?? state
    state = pushStep(state, step('c', log))
    expect(state.future).toEqual([])
    expect(state.past.map((s) => s.label)).toEqual(['a', 'c'])
  })

  it('stays put when the main process refuses', async () => {
    const state = pushStep(NO_STEPS, step('a', [], true))
    await expect(moveStep(state, 'undo')).rejects.toThrow('refused')
    expect(state.past).toHaveLength(1)
  })

  it(`keeps the last ${UNDO_LIMIT} steps; nothing to move answers null`, async () => {
    let state = NO_STEPS
    for (let i = 0; i < UNDO_LIMIT + 5; i++) state = pushStep(state, step(String(i), []))
    expect(state.past).toHaveLength(UNDO_LIMIT)
    expect(state.past[0].label).toBe('5')
    expect(await moveStep(NO_STEPS, 'redo')).toBeNull()
  })
})

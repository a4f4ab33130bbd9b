import { newTemplateDraft } from '../../../src-shared/domain/statements/templates'
import {
  changeDraft,
  COALESCE_MS,
  redoDraft,
  startHistory,
  undoDraft,
} from '../../../src-renderer/features/statements/draft-history'

describe('template editor undo', () => {
  const base = newTemplateDraft('A')

  it('joins keystrokes in one field within a pause; another field or a pause is a new step', () => {
    let h = startHistory(base)
    h = changeDraft(h, { ...base, intro: 'H' }, { field: 'intro', at: 0 })
    h = changeDraft(h, { ...base, intro: 'Hi' }, { field: 'intro', at: COALESCE_MS - 1 })
    expect(h.past).toHaveLength(1)
    h = changeDraft(h, { ...base, intro: 'Hi', closing: 'x' }, { field: 'closing', at: COALESCE_MS })
    h = changeDraft(h, { ...base, intro: 'Hi!', closing: 'x' }, { field: 'intro', at: 5 * COALESCE_MS })
    expect(h.past.map((d) => [d.intro, d.closing])).toEqual([
      [base.intro, base.closing],
      ['Hi', base.closing],
      ['Hi', 'x'],
    ])
  })

  it('undo and redo move through the steps; a new change drops what was undone', () => {
    let h = startHistory(base)
    h = changeDraft(h, { ...base, name: 'B' }, null)
    h = changeDraft(h, { ...base, name: 'C' }, null)
    h = undoDraft(h)
    expect(h.present.name).toBe('B')
    h = undoDraft(undoDraft(h))
    expect(h.present.name).toBe('A')
    h = redoDraft(h)
    expect(h.present.name).toBe('B')
    h = changeDraft(h, { ...base, name: 'D' }, null)
    expect(h.future).toEqual([])
    expect(redoDraft(h)).toBe(h)
  })
})

describe('the logo kept', () => {
  it('fits three times the logo box, keeping proportions, never enlarged', async () => {
    const { logoSize, LOGO_PIXELS } = await import('../../../src-renderer/features/statements/logo')
    expect(logoSize(512, 512, LOGO_PIXELS)).toEqual({ width: 168, height: 168 })
    expect(logoSize(2000, 400, LOGO_PIXELS)).toEqual({ width: 540, height: 108 })
    expect(logoSize(100, 40, LOGO_PIXELS)).toEqual({ width: 100, height: 40 })
  })
})

import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { StatementFacts } from '../../../src-shared/domain/statements/facts'
import {
  imageSize,
  layoutStatement,
  PAGE_HEIGHT,
  type DrawOp,
  type StatementLayoutInput,
  type TextMeasure,
} from '../../../src-shared/domain/statements/layout'
import { dataTagsOf } from '../../../src-shared/domain/statements/templates'

/**
 * The statement's exact offsets, which the preview and the PDF share (layout.ts): where a body
 * line sits in its leading, the gaps around the details' rule, the room kept for the figures'
 * title, the stripes' place under their rule, a line that ends exactly at the bottom margin, and
 * the end of a JPEG's frame header.
 */

const FACTS = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../fixtures/statements/facts.json'), 'utf8'),
) as Record<string, StatementFacts>
/** Every character 0.6 × size wide (bold 0.7 ×), as in statement-layout.test.ts. */
const measure: TextMeasure = {
  width: (text, font, size) => Array.from(text).length * (font === 'bold' ? 0.7 : 0.6) * size,
}
const BOTTOM = PAGE_HEIGHT - 72
const BODY_LEADING = 15.5
const RULE = '#d0d5dd'
const STRIPE = '#f2f4f7'

const input = (over: Partial<StatementLayoutInput> = {}): StatementLayoutInput => ({
  companyName: 'Acme',
  template: {
    intro: 'Dear {{name}},',
    closing: 'Regards',
    dataTags: dataTagsOf(['salary', 'bonus', 'lump_sum', 'totalCash']),
  },
  logo: null,
  facts: FACTS.salaried,
  ...over,
})
const texts = (ops: DrawOp[]) => ops.flatMap((op) => (op.kind === 'text' ? [op] : []))
const rects = (ops: DrawOp[], color: string) =>
  ops.flatMap((op) => (op.kind === 'rect' && op.color === color ? [op] : []))
const lines = (n: number, word = 'Line') => Array.from({ length: n }, (_, i) => `${word} ${i + 1}`).join('\n')

describe("a statement's offsets", () => {
  it('the details rule is 4 points under the last details line, the intro starts 6 under it, each body line 4 above its leading', () => {
    const ops = layoutStatement(
      input({ template: { ...input().template, intro: 'First\nSecond' } }),
      measure,
    )[0].ops
    const details = texts(ops).find((op) => op.text.startsWith('Senior Analyst'))!
    const rule = rects(ops, RULE)[0]
    expect(rule.y).toBe(details.y + 13 + 4)
    const first = texts(ops).find((op) => op.text === 'First')!
    const second = texts(ops).find((op) => op.text === 'Second')!
    expect(first.y).toBe(rule.y + 6 + BODY_LEADING - 4)
    expect(second.y).toBe(first.y + BODY_LEADING)
  })

  it('stripes start 0.75 under the rule above their row', () => {
    const ops = layoutStatement(input(), measure)[0].ops
    const [, headerRule] = rects(ops, RULE)
    const [stripe] = rects(ops, STRIPE)
    // The second row's stripe: the first row is 21 points under the header's rule.
    expect(stripe.y).toBe(headerRule.y + 21 + 0.75)
    expect(stripe.height).toBe(20.25)
  })

  it("keeps 66 points for the figures' title, its gap and one row: with less room left they start on the next page", () => {
    // Intros of more and more lines, until the room left under the intro is between 27 and 65 points.
    let found = false
    for (let n = 1; n < 60 && !found; n++) {
      const pages = layoutStatement(input({ template: { ...input().template, intro: lines(n) } }), measure)
      const last = texts(pages[0].ops).find((op) => op.text === `Line ${n}`)
      if (!last) break
      const room = BOTTOM - (last.y + 4)
      if (room <= 26 || room >= 66) continue
      found = true
      expect(texts(pages[0].ops).some((op) => op.text === 'Your compensation')).toBe(false)
      expect(texts(pages[1].ops).find((op) => op.text === 'Your compensation')?.y).toBe(54 + 22)
    }
    expect(found).toBe(true)
  })

  it('a body line that ends exactly at the bottom margin stays on its page', () => {
    // Names of one to twelve lines move the intro down by 18 points a line; with intros of up to
    // 45 lines one of them ends exactly at the bottom margin.
    let found = false
    for (let words = 1; words <= 12 && !found; words++) {
      const facts = { ...FACTS.salaried, name: Array.from({ length: words }, () => 'W'.repeat(40)).join(' ') }
      for (let n = 1; n <= 45 && !found; n++) {
        const pages = layoutStatement(
          input({ facts, template: { ...input().template, intro: lines(n) } }),
          measure,
        )
        const last = texts(pages[0].ops).find((op) => op.text === `Line ${n}`)
        if (!last || last.y + 4 !== BOTTOM) continue
        found = true
        const next = layoutStatement(
          input({ facts, template: { ...input().template, intro: lines(n + 1) } }),
          measure,
        )
        expect(texts(next[1].ops).find((op) => op.text === `Line ${n + 1}`)?.y).toBe(54 + BODY_LEADING - 4)
      }
    }
    expect(found).toBe(true)
  })

  it("an amount exactly as wide as the 'Current' to 'New' span stays under 'New'", () => {
    // Narrow changes keep 'New' at its place, 470 points, 100 right of 'Current'. The lump sum has
    // no current amount and no change: only when wider than those 100 points does it move right.
    const exact: TextMeasure = {
      width: (text, font, size) =>
        text === '$1,500.00' ? 100 : text.startsWith('+') ? 50 : measure.width(text, font, size),
    }
    const ops = layoutStatement(input(), exact)[0].ops
    expect(texts(ops).find((op) => op.text === 'New')?.x).toBe(470 - measure.width('New', 'bold', 9))
    expect(texts(ops).find((op) => op.text === 'Current')?.x).toBe(370 - measure.width('Current', 'bold', 9))
    expect(texts(ops).find((op) => op.text === '$1,500.00')?.x).toBe(470 - 100)
  })

  it('a JPEG that ends with its frame header, no byte after it, has no size', () => {
    const header = [0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0, 30, 0, 40]
    expect(imageSize(Uint8Array.from(header))).toBeNull()
    expect(imageSize(Uint8Array.from([...header, 1]))).toEqual({ width: 40, height: 30 })
  })
})

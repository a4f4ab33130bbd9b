import {
  imageSize,
  layoutStatement,
  PAGE_HEIGHT,
  type DrawOp,
  type StatementLayoutInput,
  type TextMeasure,
} from '../../../src-shared/domain/statements/layout'
import {
  fixedWidthMeasure,
  STATEMENT_FACTS,
  textOpOf,
  textOps,
  type TextOp,
} from '../../support/statement-layout'
import { dataTagsOf, type DataTag } from '../../../src-shared/domain/statements/templates'

// The layout's vertical rhythm, pinned where statement-layout.test.ts only orders lines (these offsets
// survived Stryker there): body lines of 15.5 points with the baseline 4 points above a line's foot,
// pages filled down to the bottom margin, the figure table's title kept with its first row, stripes
// that fill a row exactly.

const FACTS = STATEMENT_FACTS
const measure = fixedWidthMeasure
const MARGIN = 54
const BOTTOM = PAGE_HEIGHT - 72
const LEADING = 15.5
/** A body line's baseline lies this far above the foot of its line. */
const BASELINE_ABOVE_FOOT = 4
const RULE = '#d0d5dd'
const STRIPE = '#f2f4f7'

const texts = textOps
const textOf = textOpOf
/** Intro and closing lines: regular 11-point text at the left margin. */
const bodyLines = (ops: DrawOp[]) =>
  texts(ops).filter((op) => op.font === 'regular' && op.size === 11 && op.x === MARGIN)
const lines = (word: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${word} ${i}.`).join('\n')

function layout(introLines: number, tags: DataTag[], closingLines = 40) {
  const input: StatementLayoutInput = {
    companyName: 'Acme',
    logo: null,
    facts: FACTS.salaried,
    template: {
      intro: lines('Intro', introLines),
      closing: lines('Closing', closingLines),
      dataTags: dataTagsOf(tags),
    },
  }
  return layoutStatement(input, measure)
}

describe("a statement's vertical rhythm", () => {
  it('the rule lies 4 points under the last 13-point details line; the first intro baseline 6 + 15.5 − 4 below it', () => {
    const ops = layout(3, [])[0].ops
    const details = texts(ops).find((op) => op.text.includes('Employee Id')) as TextOp
    const intro = textOf(ops, 'Intro 0.') as TextOp
    const rule = ops.find((op) => op.kind === 'rect' && op.color === RULE && op.y > details.y)
    expect(rule?.y).toBe(details.y + 13 + 4)
    expect(intro.y).toBe((rule?.y ?? 0) + 6 + LEADING - BASELINE_ABOVE_FOOT)
    expect(textOf(ops, 'Intro 1.')?.y).toBe(intro.y + LEADING)
  })

  it('fills a page down to the bottom margin: a line ending exactly there stays, a page breaks only when the next line would cross it', () => {
    let endingOnTheMargin = 0
    // With three figure rows the closing's lines end exactly on the margin for these intros
    // (worked out from the rhythm: 720 − 275 − 2 × 21 = 26 lines of 15.5).
    for (let intro = 0; intro <= 12; intro++) {
      const pages = layout(intro, ['salary', 'bonus', 'lump_sum'])
      expect(pages.length).toBeGreaterThan(1)
      pages.forEach((page, index) => {
        const body = bodyLines(page.ops)
        for (const line of body) expect(line.y + BASELINE_ABOVE_FOOT).toBeLessThanOrEqual(BOTTOM)
        endingOnTheMargin += body.filter((line) => line.y + BASELINE_ABOVE_FOOT === BOTTOM).length
        const next = pages[index + 1]
        const last = body.at(-1)
        // A break between two body lines: the next one would not have fitted.
        if (next && last && texts(next.ops)[0] === bodyLines(next.ops)[0]) {
          expect(last.y + BASELINE_ABOVE_FOOT + LEADING).toBeGreaterThan(BOTTOM)
        }
      })
    }
    expect(endingOnTheMargin).toBeGreaterThan(0)
  })

  it("keeps the figure table's title with its column headings and first row on one page", () => {
    const tags: DataTag[] = ['salary', 'bonus', 'lump_sum', 'totalCash']
    let movedWithRoomForTheTitle = 0
    for (let intro = 0; intro <= 45; intro++) {
      const pages = layout(intro, tags, 2)
      const pageOf = (text: string) => pages.findIndex((page) => textOf(page.ops, text) !== undefined)
      const title = pageOf('Your compensation')
      expect(title).toBeGreaterThanOrEqual(0)
      expect(pageOf('Current')).toBe(title)
      expect(pageOf('Base pay (annual)')).toBe(title)
      if (title > 0) {
        // The page before still had room for the 22-point title line alone.
        const last = bodyLines(pages[title - 1].ops).at(-1) as TextOp
        if (last.y + BASELINE_ABOVE_FOOT + 22 <= BOTTOM) movedWithRoomForTheTitle++
      }
    }
    expect(movedWithRoomForTheTitle).toBeGreaterThan(0)
  })

  it('a stripe fills its 21-point row exactly: from under the rule above it down to where the next row starts', () => {
    const ops = layout(2, ['salary', 'bonus', 'lump_sum', 'totalCash'])[0].ops
    const heading = textOf(ops, 'Change') as TextOp
    const rules = ops.filter((op) => op.kind === 'rect' && op.color === RULE)
    const top = rules.find((op) => op.y === heading.y + 5)
    expect(top).toBeDefined()
    const tableTop = top?.y ?? 0
    const stripes = ops.filter((op) => op.kind === 'rect' && op.color === STRIPE)
    // Rows 1 and 3 (the second and fourth) are striped; the fourth is the last, above the closing rule.
    expect(stripes.map((s) => (s.kind === 'rect' ? [s.y, s.y + s.height] : []))).toEqual([
      [tableTop + 21 + 0.75, tableTop + 2 * 21],
      [tableTop + 3 * 21 + 0.75, tableTop + 4 * 21],
    ])
    expect(rules.some((op) => op.y === tableTop + 4 * 21)).toBe(true)
  })
})

describe('the size of a statement logo, a JPEG cut short', () => {
  it("is no size when the file ends right after the frame's width (its component count is missing)", () => {
    // SOI, then a start-of-frame segment: marker, length 17, precision, height 16, width 32.
    const cut = [0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0, 16, 0, 32]
    expect(imageSize(Uint8Array.from(cut))).toBeNull()
    // One byte more (the component count) and the frame is read.
    expect(imageSize(Uint8Array.from([...cut, 3]))).toEqual({ width: 32, height: 16 })
  })

  it("an amount exactly as wide as the 'Current' to 'New' span stays under 'New'", () => {
    // Narrow changes keep 'New' at its place, 470 points, 100 right of 'Current'. The lump sum has
    // no current amount and no change: only when wider than those 100 points does it move right.
    const exact: TextMeasure = {
      width: (text, font, size) =>
        text === '$1,500.00' ? 100 : text.startsWith('+') ? 50 : measure.width(text, font, size),
    }
    const input: StatementLayoutInput = {
      companyName: 'Acme',
      logo: null,
      facts: FACTS.salaried,
      template: {
        intro: 'Dear Zoë,',
        closing: 'Regards',
        dataTags: dataTagsOf(['salary', 'bonus', 'lump_sum']),
      },
    }
    const ops = layoutStatement(input, exact)[0].ops
    expect(textOf(ops, 'New')?.x).toBe(470 - measure.width('New', 'bold', 9))
    expect(textOf(ops, 'Current')?.x).toBe(370 - measure.width('Current', 'bold', 9))
    expect(textOf(ops, '$1,500.00')?.x).toBe(470 - 100)
  })
})

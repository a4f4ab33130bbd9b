import {
  layoutStatement,
  PAGE_HEIGHT,
  wrapText,
  type StatementLayoutInput,
} from '../../../src-shared/domain/statements/layout'
import { fixedWidthMeasure, STATEMENT_FACTS, textOpOf, textOps } from '../../support/statement-layout'
import { dataTagsOf } from '../../../src-shared/domain/statements/templates'

const FACTS = STATEMENT_FACTS
const measure = fixedWidthMeasure
const MARGIN = 54
const RIGHT = 612 - 54
const BOTTOM = PAGE_HEIGHT - 72

const input = (over: Partial<StatementLayoutInput> = {}): StatementLayoutInput => ({
  companyName: 'Acme',
  template: {
    intro: 'Dear {{name}},\n\nThank you.',
    closing: 'Regards, {{manager}}',
    dataTags: dataTagsOf(['salary', 'bonus', 'lump_sum', 'totalCash']),
  },
  logo: null,
  facts: FACTS.salaried,
  ...over,
})
const texts = textOps
const textOf = textOpOf

describe("a statement's layout", () => {
  it('fits the logo into a 180 × 56 box at the top left, keeping its proportions, never enlarged', () => {
    const logo = (width: number, height: number) =>
      layoutStatement(input({ logo: { src: 'data:logo', width, height } }), measure)[0].ops.find(
        (op) => op.kind === 'image',
      )
    expect(logo(360, 56)).toEqual({
      kind: 'image',
      x: MARGIN,
      y: MARGIN,
      width: 180,
      height: 28,
      src: 'data:logo',
    })
    expect(logo(100, 112)).toMatchObject({ width: 50, height: 56 })
    expect(logo(90, 28)).toMatchObject({ width: 90, height: 28 })
    expect(layoutStatement(input(), measure)[0].ops.some((op) => op.kind === 'image')).toBe(false)
  })

  it('the company and the statement date at the top right; the title below the logo box', () => {
    const ops = layoutStatement(input(), measure)[0].ops
    const company = textOf(ops, 'Acme')
    const date = textOf(ops, 'February 14, 2025')
    const title = textOf(ops, 'Reward statement')
    expect(company).toMatchObject({ y: MARGIN + 12, font: 'bold', size: 11 })
    expect((company?.x ?? 0) + measure.width('Acme', 'bold', 11)).toBeCloseTo(RIGHT)
    expect(date).toMatchObject({ y: MARGIN + 27, size: 9 })
    expect((date?.x ?? 0) + measure.width('February 14, 2025', 'regular', 9)).toBeCloseTo(RIGHT)
    expect(title).toMatchObject({ x: MARGIN, font: 'bold', size: 20 })
    expect((title?.y ?? 0) - 20).toBeGreaterThanOrEqual(MARGIN + 56)
  })

  it('reads top to bottom: each text line below the one before, within the page, footers last', () => {
    const long = input({
      template: {
        ...input().template,
        intro: Array.from({ length: 60 }, (_, i) => `Paragraph ${i} of the intro.`).join('\n'),
      },
    })
    const pages = layoutStatement(long, measure)
    expect(pages.length).toBeGreaterThan(1)
    for (const page of pages) {
      const lines = texts(page.ops)
      const body = lines.slice(0, -2)
      for (let i = 1; i < body.length; i++) expect(body[i].y).toBeGreaterThanOrEqual(body[i - 1].y)
      for (const op of body) expect(op.y).toBeLessThanOrEqual(BOTTOM)
      expect(lines.slice(-2).map((op) => op.y)).toEqual([PAGE_HEIGHT - 36, PAGE_HEIGHT - 36])
    }
    const first = texts(pages[0].ops).map((op) => op.text)
    expect(first.slice(0, 4)).toEqual([
      'Acme',
      'February 14, 2025',
      'Reward statement',
      'Zoë Łukasiewicz-Nguyễn',
    ])
  })

  it('a blank line between paragraphs adds a little space, less than a line; CR LF and CR are line breaks', () => {
    const yOf = (intro: string) => {
      const ops = layoutStatement(input({ template: { ...input().template, intro } }), measure)[0].ops
      return textOf(ops, 'Second.')?.y ?? 0
    }
    const together = yOf('First.\nSecond.')
    expect(yOf('First.\n \nSecond.') - together).toBeCloseTo(15.5 * 0.6)
    expect(yOf('First.\r\nSecond.')).toBe(together)
    expect(yOf('First.\rSecond.')).toBe(together)
  })

  it('stripes every second figure row; total cash is bold', () => {
    const ops = layoutStatement(input(), measure)[0].ops
    expect(ops.filter((op) => op.kind === 'rect' && op.color === '#f2f4f7')).toHaveLength(2)
    const three = layoutStatement(
      input({ template: { ...input().template, dataTags: dataTagsOf(['salary', 'bonus', 'lump_sum']) } }),
      measure,
    )[0].ops
    const stripes = three.filter((op) => op.kind === 'rect' && op.color === '#f2f4f7')
    expect(stripes).toHaveLength(1)
    // the stripe lies under the second row, Bonus
    const bonus = textOf(three, 'Bonus')
    expect(stripes[0].y).toBeLessThan(bonus?.y ?? 0)
    expect(stripes[0].y + 20.25).toBeGreaterThan(bonus?.y ?? 0)
    expect(textOf(ops, 'Total cash')?.font).toBe('bold')
    expect(textOf(ops, 'Bonus')?.font).toBe('regular')
  })

  it('the footer names the employee, and numbers the page at the right edge', () => {
    const ops = layoutStatement(input(), measure)[0].ops
    expect(textOf(ops, 'Confidential: prepared for Zoë Łukasiewicz-Nguyễn')).toMatchObject({
      x: MARGIN,
      y: PAGE_HEIGHT - 36,
      size: 8,
    })
    const page = textOf(ops, 'Page 1 of 1')
    expect((page?.x ?? 0) + measure.width('Page 1 of 1', 'regular', 8)).toBeCloseTo(RIGHT)
  })
})

describe("a statement's layout, its lines", () => {
  it('under the name: job title · department, the effective date and the Employee Id', () => {
    const ops = layoutStatement(input(), measure)[0].ops
    expect(
      textOf(ops, 'Senior Analyst · Finance   ·   Effective March 1, 2025   ·   Employee Id E-1001'),
    ).toMatchObject({
      x: MARGIN,
      size: 9.5,
    })
    const noDepartment = layoutStatement(
      input({ facts: { ...FACTS.salaried, department: null } }),
      measure,
    )[0].ops
    expect(
      textOf(noDepartment, 'Senior Analyst   ·   Effective March 1, 2025   ·   Employee Id E-1001'),
    ).toBeDefined()
    const noRole = layoutStatement(
      input({ facts: { ...FACTS.salaried, department: null, jobTitle: null } }),
      measure,
    )[0].ops
    expect(textOf(noRole, 'Effective March 1, 2025   ·   Employee Id E-1001')).toBeDefined()
    const noDate = layoutStatement(input({ facts: { ...FACTS.salaried, effectiveDate: null } }), measure)[0]
      .ops
    expect(textOf(noDate, 'Senior Analyst · Finance   ·   Employee Id E-1001')).toBeDefined()
  })

  it('lines never overlap: each baseline at least its own size below the line before', () => {
    for (const tags of [['salary', 'bonus', 'lump_sum', 'totalCash', 'pay_range'], []] as const) {
      const ops = layoutStatement(
        input({ template: { ...input().template, dataTags: dataTagsOf([...tags]) } }),
        measure,
      )[0].ops
      const body = texts(ops).slice(0, -2)
      for (let i = 1; i < body.length; i++) {
        if (body[i].y === body[i - 1].y) continue
        expect(body[i].y - body[i - 1].y).toBeGreaterThanOrEqual(body[i].size)
      }
    }
  })

  it('a rule between the details and the intro, and one above the footer', () => {
    const ops = layoutStatement(input(), measure)[0].ops
    const details = texts(ops).find((op) => op.text.includes('Employee Id')) as { y: number }
    const intro = textOf(ops, 'Dear Zoë Łukasiewicz-Nguyễn,') as { y: number }
    const rules = ops.filter((op) => op.kind === 'rect' && op.color === '#d0d5dd')
    expect(rules.some((r) => r.y > details.y && r.y < intro.y - 11)).toBe(true)
    expect(rules.at(-1)).toMatchObject({ y: PAGE_HEIGHT - 48, x: MARGIN, height: 0.5 })
  })

  it('no figure table without a toggled figure; with one, its title and column headings', () => {
    const none = layoutStatement(
      input({ template: { ...input().template, dataTags: dataTagsOf([]) } }),
      measure,
    )[0].ops
    expect(textOf(none, 'Your compensation')).toBeUndefined()
    const ops = layoutStatement(input(), measure)[0].ops
    for (const heading of ['Your compensation', 'Current', 'New', 'Change'])
      expect(textOf(ops, heading)).toBeDefined()
  })

  it("the 'New' column ends 12 points left of the widest change", () => {
    const ops = layoutStatement(input(), measure)[0].ops
    const widest = measure.width('+$3,500.00 (3.50%)', 'regular', 9)
    expect((textOf(ops, 'New')?.x ?? 0) + measure.width('New', 'bold', 9)).toBeCloseTo(RIGHT - widest - 12)
  })

  it("an amount that fits stays under 'New', the lump sum's included", () => {
    const ops = layoutStatement(input(), measure)[0].ops
    const rightOf = (text: string, font: 'regular' | 'bold', size: number) =>
      (textOf(ops, text)?.x ?? 0) + measure.width(text, font, size)
    expect(rightOf('$1,500.00', 'regular', 10)).toBeCloseTo(rightOf('New', 'bold', 9))
  })

  it('a pay range too wide for its column reaches to the right edge', () => {
    const ops = layoutStatement(
      input({ template: { ...input().template, dataTags: dataTagsOf(['pay_range']) } }),
      measure,
    )[0].ops
    const range = '$80,000.00 – $105,000.00 – $130,000.00'
    const op = textOf(ops, range)
    expect((op?.x ?? 0) + measure.width(range, 'regular', 10)).toBeCloseTo(RIGHT)
  })
})

describe('wrapping', () => {
  it('counts the space between words, and never makes an empty line for a character wider than the line', () => {
    expect(wrapText('aa bb', 'regular', 10, 6 * 4, measure)).toEqual(['aa', 'bb'])
    expect(wrapText('W', 'regular', 10, 3, measure)).toEqual(['W'])
  })
})

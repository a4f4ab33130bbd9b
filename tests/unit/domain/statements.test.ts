import { readFileSync } from 'node:fs'
import path from 'node:path'
import { figureRows, mergeValuesOf, type StatementFacts } from '../../../src-shared/domain/statements/facts'
import { statementFileName, uniqueFileName } from '../../../src-shared/domain/statements/file-names'
import {
  imageSize,
  layoutStatement,
  wrapText,
  type TextMeasure,
} from '../../../src-shared/domain/statements/layout'
import {
  insertMergeTag,
  MERGE_TAGS,
  mergeProblems,
  parseMergeText,
  renderMergeText,
} from '../../../src-shared/domain/statements/merge-tags'
import {
  DATA_TAGS,
  dataTagsOf,
  newTemplateDraft,
  templateProblems,
} from '../../../src-shared/domain/statements/templates'

const fixtures = path.resolve(__dirname, '../../fixtures/statements')
const FACTS = JSON.parse(readFileSync(path.join(fixtures, 'facts.json'), 'utf8')) as Record<
  string,
  StatementFacts
>
const CASES = JSON.parse(readFileSync(path.join(fixtures, 'merge-cases.json'), 'utf8')) as {
  facts: string
  text: string
  out: string
}[]

/** Every character 6 points wide at size 10 (bold 7): enough to test breaking and alignment. */
const fixedMeasure: TextMeasure = {
  width: (text, font, size) => Array.from(text).length * (font === 'bold' ? 0.7 : 0.6) * size,
}

describe('merge tags', () => {
  it.each(CASES.map((c) => [c.text, c.out, c.facts]))('%s → %s', (text, out, facts) => {
    expect(renderMergeText(text, mergeValuesOf(FACTS[facts]))).toBe(out)
  })

  it('offers the spec tags and the compensation components', () => {
    const keys = MERGE_TAGS.map((t) => t.key)
    for (const key of [
      'name',
      'job_title',
      'performance_rating',
      'performance_rating_label',
      'department',
      'manager',
      'location',
      'increasePercent',
      'hire_date',
      'effective_date',
      'created_at',
    ])
      expect(keys).toContain(key)
    expect(keys).toEqual(expect.arrayContaining(['new_salary', 'bonus', 'lump_sum', 'total_cash']))
  })

  it('date tags print en-US long dates', () => {
    const values = mergeValuesOf(FACTS.salaried)
    expect(values.hire_date).toBe('July 4, 2019')
    expect(values.effective_date).toBe('March 1, 2025')
    expect(values.created_at).toBe('February 14, 2025')
    expect(MERGE_TAGS.filter((t) => t.kind === 'date').map((t) => t.key)).toEqual([
      'hire_date',
      'effective_date',
      'created_at',
    ])
  })

  it('flags an unknown tag and an unclosed one, where they are', () => {
    const text = 'Hi {{nmae}}, {{name}} and {{ bonus'
    const problems = mergeProblems(text)
    expect(problems.map((p) => [p.kind, p.text, p.start])).toEqual([
      ['unknown', '{{nmae}}', 3],
      ['unclosed', '{{ bonus', 26],
    ])
    expect(problems[0].message).toBe('Unknown merge tag {{nmae}}: choose one from Insert tag.')
    expect(parseMergeText('{{ name }}').parts).toEqual([
      { kind: 'tag', key: 'name', known: true, start: 0, end: 10 },
    ])
  })

  it("an unclosed '{{' followed by a tag: flagged where it is, the tag after it still works", () => {
    const text = 'Hi {{ bonus {{name}}'
    expect(mergeProblems(text)).toEqual([
      {
        kind: 'unclosed',
        text: '{{ bonus ',
        start: 3,
        end: 12,
        message: "'{{' at character 4 is not closed by '}}'.",
      },
    ])
    expect(renderMergeText(text, { name: 'Ann' })).toBe('Hi  bonus Ann')
  })

  it("a '}}' before a tag's '{{' does not close it", () => {
    expect(renderMergeText('}}{{name}}', { name: 'Ann' })).toBe('}}Ann')
    expect(mergeProblems('}}{{name}}')).toEqual([])
  })

  it('an unknown tag prints nothing even when a value goes by its name', () => {
    expect(renderMergeText('A{{secret_field}}B', { secret_field: 'hidden' })).toBe('AB')
  })

  it('never prints an unknown tag or its braces', () => {
    const out = renderMergeText('A {{secret_field}} B {{x', mergeValuesOf(FACTS.salaried))
    expect(out).not.toContain('{{')
    expect(out).not.toContain('secret_field')
  })

  it('inserts a tag at the cursor, replacing the selection', () => {
    expect(insertMergeTag('Dear ,', 5, 5, 'name')).toEqual({ text: 'Dear {{name}},', cursor: 13 })
    expect(insertMergeTag('Dear you,', 5, 8, 'name')).toEqual({ text: 'Dear {{name}},', cursor: 13 })
  })
})

describe('templates', () => {
  it('a new draft is valid; a nameless one, a bad logo and an unknown tag are refused, all at once', () => {
    expect(templateProblems(newTemplateDraft())).toEqual([])
    const problems = templateProblems({
      ...newTemplateDraft(' '),
      logo: 'data:image/gif;base64,R0lGOD',
      closing: 'Bye {{nmae}}',
    })
    expect(problems).toEqual([
      { field: 'name', message: 'A template needs a name.' },
      { field: 'logo', message: 'The logo must be a PNG or JPEG image.' },
      { field: 'closing', message: 'Closing: Unknown merge tag {{nmae}}: choose one from Insert tag.' },
    ])
  })

  it('--tags turns on exactly the named toggles', () => {
    const tags = dataTagsOf(['salary', 'pay_range'])
    expect(DATA_TAGS.filter((t) => tags[t])).toEqual(['salary', 'pay_range'])
  })
})

describe('figures', () => {
  it('the toggled rows in the currency of the employee’s pay', () => {
    const rows = figureRows(FACTS.salaried, dataTagsOf([...DATA_TAGS]))
    expect(rows.map((r) => [r.label, r.current, r.next, r.change])).toEqual([
      ['Base pay (annual)', '$100,000.00', '$103,500.00', '+$3,500.00 (3.50%)'],
      ['Bonus', '$5,000.00', '$6,210.00', '+$1,210.00'],
      ['Lump sum', '', '$1,500.00', ''],
      ['Total cash', '$105,000.00', '$111,210.00', '+$6,210.00'],
      ['Compa-ratio', '0.95', '0.99', ''],
      ['Position in range', '40%', '47%', ''],
      ['Pay range (min – mid – max)', '', '$80,000.00 – $105,000.00 – $130,000.00', ''],
    ])
    expect(rows.map((r) => r.emphasis)).toEqual([false, false, false, true, false, false, false])
    const yen = figureRows(FACTS.yen, dataTagsOf(['salary', 'pay_range']))
    expect(yen.map((r) => [r.current, r.next, r.change])).toEqual([
      ['¥6,000,001', '¥6,000,001', ''],
      ['', 'No pay range', ''],
    ])
  })

  it('only the toggled rows; no compa-ratio or position without a pay range', () => {
    expect(figureRows(FACTS.salaried, dataTagsOf(['bonus'])).map((r) => r.tag)).toEqual(['bonus'])
    expect(figureRows(FACTS.salaried, dataTagsOf(['lump_sum', 'totalCash'])).map((r) => r.tag)).toEqual([
      'lump_sum',
      'totalCash',
    ])
    const yen = figureRows(FACTS.yen, dataTagsOf(['compaRatio', 'positionInRange']))
    expect(yen.map((r) => [r.label, r.current, r.next])).toEqual([
      ['Compa-ratio', '', ''],
      ['Position in range', '', ''],
    ])
  })

  it('a decrease is signed with a minus (−)', () => {
    const lower = { ...FACTS.salaried, currentBonus: 700_000 }
    const bonus = figureRows(lower, dataTagsOf(['bonus']))[0]
    expect([bonus.current, bonus.change]).toEqual(['$7,000.00', '−$790.00'])
  })
})

describe('layout', () => {
  const template = {
    intro: 'Dear {{name}},\n\nThank you.',
    closing: 'Regards, {{manager}}',
    dataTags: dataTagsOf(['salary']),
  }

  it('wraps at spaces and breaks a word longer than the line', () => {
    expect(wrapText('aaa bbb ccc', 'regular', 10, 6 * 7, fixedMeasure)).toEqual(['aaa bbb', 'ccc'])
    expect(wrapText('abcdefghij', 'regular', 10, 6 * 4, fixedMeasure)).toEqual(['abcd', 'efgh', 'ij'])
  })

  it('lays out the merged texts and figures once, within the page', () => {
    const pages = layoutStatement(
      { companyName: 'Acme', template, logo: null, facts: FACTS.salaried },
      fixedMeasure,
    )
    expect(pages).toHaveLength(1)
    const texts = pages[0].ops.flatMap((op) => (op.kind === 'text' ? [op.text] : []))
    expect(texts).toEqual(
      expect.arrayContaining([
        'Acme',
        'Zoë Łukasiewicz-Nguyễn',
        'Dear Zoë Łukasiewicz-Nguyễn,',
        '$103,500.00',
        'Regards, Dmitri Ivanov',
        'Page 1 of 1',
      ]),
    )
    for (const op of pages[0].ops) {
      if (op.kind !== 'text') continue
      expect(op.x).toBeGreaterThanOrEqual(54 - 0.001)
      expect(op.x + fixedMeasure.width(op.text, op.font, op.size)).toBeLessThanOrEqual(558 + 0.001)
    }
  })

  it("a wide change ('+$15,013.65 (5.00%)') moves the figures left rather than over them", () => {
    const facts: StatementFacts = {
      ...FACTS.salaried,
      currentAnnualPay: 30_027_300,
      newAnnualPay: 31_528_665,
      increasePercent: 5,
      currentBonus: 10_509_555,
      newBonus: 2_364_650,
    }
    const pages = layoutStatement(
      {
        companyName: 'Acme',
        template: { ...template, dataTags: dataTagsOf(['salary', 'bonus', 'totalCash', 'pay_range']) },
        logo: null,
        facts,
      },
      fixedMeasure,
    )
    const texts = pages[0].ops.flatMap((op) => (op.kind === 'text' ? [op] : []))
    expect(texts.map((t) => t.text)).toContain('+$15,013.65 (5.00%)')
    const rows = new Map<number, typeof texts>()
    for (const t of texts) rows.set(t.y, [...(rows.get(t.y) ?? []), t])
    for (const line of rows.values()) {
      const spans = line
        .map((t) => ({ from: t.x, to: t.x + fixedMeasure.width(t.text, t.font, t.size) }))
        .sort((a, b) => a.from - b.from)
      for (let i = 1; i < spans.length; i++) expect(spans[i].from).toBeGreaterThan(spans[i - 1].to)
    }
  })

  it('a long intro continues on a second page, each page numbered', () => {
    const long = {
      ...template,
      intro: Array.from({ length: 80 }, (_, i) => `Paragraph ${i} of the intro.`).join('\n'),
    }
    const pages = layoutStatement(
      { companyName: 'Acme', template: long, logo: null, facts: FACTS.salaried },
      fixedMeasure,
    )
    expect(pages.length).toBeGreaterThan(1)
    const last = pages.at(-1)?.ops.flatMap((op) => (op.kind === 'text' ? [op.text] : []))
    expect(last).toContain(`Page ${pages.length} of ${pages.length}`)
    for (const page of pages)
      for (const op of page.ops) if (op.kind === 'text') expect(op.y).toBeLessThanOrEqual(792 - 30)
  })

  it('reads the size of a PNG and of a JPEG', () => {
    const png = Uint8Array.from(
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEklEQVR42mP8z8Dwn4GBgYEJAA8HAQLN1nSzAAAAAElFTkSuQmCC',
        'base64',
      ),
    )
    expect(imageSize(png)).toEqual({ width: 2, height: 3 })
    const jpeg = Uint8Array.from([
      0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 17, 8, 0, 30, 0, 40, 3, 0, 0, 0, 0,
    ])
    expect(imageSize(jpeg)).toEqual({ width: 40, height: 30 })
    expect(imageSize(Uint8Array.from([1, 2, 3]))).toBeNull()
  })
})

describe('file names', () => {
  it('from the Employee Id and the name, safe on every file system', () => {
    expect(statementFileName('CHI-00001', 'CABALLERO, SAMUEL A')).toBe('CHI-00001 CABALLERO, SAMUEL A.pdf')
    expect(statementFileName('A/7', 'Zoë: "Z" <x>')).toBe('A_7 Zoë_ _Z_ _x_.pdf')
    const used = new Set<string>()
    expect(uniqueFileName('x.pdf', used)).toBe('x.pdf')
    expect(uniqueFileName('X.pdf', used)).toBe('X (2).pdf')
  })
})

import { readFileSync } from 'node:fs'
import path from 'node:path'
import { figureRows, promotionOf, type StatementFacts } from '../../../src-shared/domain/statements/facts'
import { DEFAULT_DATA_TAGS } from '../../../src-shared/domain/statements/templates'

const fixtures = path.resolve(__dirname, '../../fixtures/statements')
const FACTS = JSON.parse(readFileSync(path.join(fixtures, 'facts.json'), 'utf8')) as Record<
  string,
  StatementFacts
>
const range = { min: 9_000_000, mid: 11_000_000, max: 13_000_000 }

describe('a promotion on a statement (issue 36)', () => {
  it('is a planned job profile other than the current one, titled by its name, with its range', () => {
    const senior = { id: 8, jobProfile: 'Senior Analyst', jobCode: 'AN3' }
    expect(promotionOf(5, senior, range)).toEqual({ jobTitle: 'Senior Analyst', payRange: range })
    expect(promotionOf(5, { ...senior, jobProfile: '  ' }, range)?.jobTitle).toBe('AN3')
    expect(promotionOf(8, senior, range)).toBeNull()
    expect(promotionOf(5, null, range)).toBeNull()
  })

  it("the statement's figures show the new job title and the new pay range first", () => {
    const facts: StatementFacts = {
      ...FACTS.salaried,
      currency: 'USD',
      jobTitle: 'Analyst',
      promotion: { jobTitle: 'Senior Analyst', payRange: range },
    }
    const rows = figureRows(facts, { ...DEFAULT_DATA_TAGS, pay_range: false })
    expect(rows.slice(0, 2)).toEqual([
      {
        tag: 'promotion',
        label: 'Promotion: new job title',
        current: 'Analyst',
        next: 'Senior Analyst',
        change: '',
        emphasis: false,
      },
      {
        tag: 'promotion',
        label: 'Promotion: new pay range (min – mid – max)',
        current: '',
        next: '$90,000.00 – $110,000.00 – $130,000.00',
        change: '',
        emphasis: false,
      },
    ])
  })

  it('no promotion, no promotion lines', () => {
    const facts: StatementFacts = { ...FACTS.salaried, promotion: null }
    expect(figureRows(facts, DEFAULT_DATA_TAGS).some((row) => row.tag === 'promotion')).toBe(false)
  })
})

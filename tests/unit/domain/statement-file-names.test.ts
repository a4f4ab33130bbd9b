import { statementFileName, uniqueFileName } from '../../../src-shared/domain/statements/file-names'

describe("a statement's file name", () => {
  it('runs of spaces become one, and no name starts with a space', () => {
    expect(statementFileName('CHI-1', 'CABALLERO,   SAMUEL  A')).toBe('CHI-1 CABALLERO, SAMUEL A.pdf')
    expect(statementFileName(' CHI-1', 'Bob')).toBe('CHI-1 Bob.pdf')
  })

  it('drops spaces and dots at the end (Windows refuses them) and puts _ for dots at the start', () => {
    expect(statementFileName('CHI-1', 'SMITH, JR. . .')).toBe('CHI-1 SMITH, JR.pdf')
    expect(statementFileName('..7', 'Bob')).toBe('_7 Bob.pdf')
    expect(statementFileName('.7', 'Bob')).toBe('_7 Bob.pdf')
    // a dot inside the name stays
    expect(statementFileName('CHI-1', 'J. SMITH')).toBe('CHI-1 J. SMITH.pdf')
  })

  it("is 'statement.pdf' when nothing is left", () => {
    expect(statementFileName('', '')).toBe('statement.pdf')
    expect(statementFileName('.', '..')).toBe('statement.pdf')
  })

  it('keeps at most 150 characters before .pdf, counting letters of every script as one', () => {
    const long = statementFileName('CHI-1', 'A'.repeat(300))
    expect(long).toBe(`CHI-1 ${'A'.repeat(144)}.pdf`)
    const wide = statementFileName('', '𠀀'.repeat(200)) // one character, two UTF-16 units each
    expect(Array.from(wide.replace(/\.pdf$/, ''))).toHaveLength(150)
    expect(wide.replace(/\.pdf$/, '')).toBe('𠀀'.repeat(150))
  })

  it('a name already used in the batch gets (2), then (3), before the final .pdf only', () => {
    const used = new Set<string>()
    expect(uniqueFileName('x.pdf', used)).toBe('x.pdf')
    expect(uniqueFileName('x.pdf', used)).toBe('x (2).pdf')
    expect(uniqueFileName('X.pdf', used)).toBe('X (3).pdf')
    expect(uniqueFileName('a.pdf b.pdf', used)).toBe('a.pdf b.pdf')
    expect(uniqueFileName('a.pdf b.pdf', used)).toBe('a.pdf b (2).pdf')
  })
})

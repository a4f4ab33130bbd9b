import {
  LOGO_MAX_BYTES,
  TEMPLATE_NAME_MAX,
  TEMPLATE_TEXT_MAX,
  newTemplateDraft,
  templateProblems,
} from '../../../src-shared/domain/statements/templates'

const pngOf = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes, 7).toString('base64')}`

describe("a statement template's problems", () => {
  it(`a name of ${TEMPLATE_NAME_MAX} characters is kept, one more is refused`, () => {
    expect(templateProblems(newTemplateDraft('N'.repeat(TEMPLATE_NAME_MAX)))).toEqual([])
    expect(templateProblems(newTemplateDraft(` ${'N'.repeat(TEMPLATE_NAME_MAX)} `))).toEqual([])
    expect(templateProblems(newTemplateDraft('N'.repeat(TEMPLATE_NAME_MAX + 1)))).toEqual([
      { field: 'name', message: 'A template name has at most 120 characters.' },
    ])
  })

  it(`intro and closing texts of ${TEMPLATE_TEXT_MAX} characters are kept, one more is refused, each by its name`, () => {
    const at = 'x'.repeat(TEMPLATE_TEXT_MAX)
    expect(templateProblems({ ...newTemplateDraft(), intro: at, closing: at })).toEqual([])
    expect(templateProblems({ ...newTemplateDraft(), intro: `${at}x`, closing: `${at}x` })).toEqual([
      { field: 'intro', message: 'Intro text has at most 5000 characters.' },
      { field: 'closing', message: 'Closing text has at most 5000 characters.' },
    ])
  })

  it('names the intro in its merge-tag problems', () => {
    expect(templateProblems({ ...newTemplateDraft(), intro: 'Dear {{nmae}}' })).toEqual([
      { field: 'intro', message: 'Intro: Unknown merge tag {{nmae}}: choose one from Insert tag.' },
    ])
  })

  it('a logo of exactly 1 MiB is kept, one byte more is refused, whatever the base64 padding', () => {
    expect(LOGO_MAX_BYTES).toBe(1_048_576)
    // 1,048,576 bytes end in '==', 1,048,577 in '=', 1,048,578 in none
    expect(pngOf(LOGO_MAX_BYTES).endsWith('==')).toBe(true)
    expect(templateProblems({ ...newTemplateDraft(), logo: pngOf(LOGO_MAX_BYTES) })).toEqual([])
    expect(templateProblems({ ...newTemplateDraft(), logo: pngOf(LOGO_MAX_BYTES - 2) })).toEqual([])
    const tooLarge = [{ field: 'logo', message: 'The logo is larger than 1 MB; choose a smaller image.' }]
    for (const bytes of [LOGO_MAX_BYTES + 1, LOGO_MAX_BYTES + 2, 3 * LOGO_MAX_BYTES])
      expect(templateProblems({ ...newTemplateDraft(), logo: pngOf(bytes) })).toEqual(tooLarge)
    expect(
      templateProblems({
        ...newTemplateDraft(),
        logo: `data:image/jpeg;base64,${Buffer.alloc(300).toString('base64')}`,
      }),
    ).toEqual([])
  })
})

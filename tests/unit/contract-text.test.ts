import fs from 'node:fs'
import path from 'node:path'
import { contract } from '../../src-shared/contract/channels'
import {
  emailText,
  isStorableText,
  MAX_JSON_DEPTH,
  storableJson,
  text,
  UNSTORABLE_TEXT,
} from '../../src-shared/contract/text'
import { firstTextRefusal, textRefusal } from '../../src-shared/domain/free-text'
import { DEFAULT_DATA_TAGS } from '../../src-shared/domain/statements/templates'

const ROOT = path.resolve(__dirname, '../..')

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(relative)
    return entry.name.endsWith('.ts') ? [relative] : []
  })
}

describe('text(), the one string type of the contract', () => {
  it('refuses NUL and lone surrogates, keeps every other character (pairs, emoji, controls)', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\uD800', 'a\uD800', '\uDFFFb', 'a\uDFFFb', '\uDC00\uD800'])
      expect(isStorableText(bad)).toBe(false)
    for (const good of ['', 'plain', '\uD83D\uDE00', 'tab\tnew\nline\u0001', 'Ünïcødé ＝'])
      expect(isStorableText(good)).toBe(true)
    const refused = text().trim().min(1).safeParse('x\u0000')
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0].message).toBe(UNSTORABLE_TEXT)
    expect(text().trim().max(3).parse('  ab  ')).toBe('ab')
  })

  it('an e-mail names NUL or a surrogate as such, before its format; JSON values are checked keys and all', () => {
    expect(emailText().safeParse('a\u0000b@example.com').error?.issues[0].message).toBe(UNSTORABLE_TEXT)
    expect(emailText().parse('ada@example.com')).toBe('ada@example.com')
    expect(emailText('Email is required.').safeParse(undefined).error?.issues[0].message).toBe(
      'Email is required.',
    )
    const json = storableJson()
    expect(json.safeParse({ a: [1, { b: 'ok' }] }).success).toBe(true)
    expect(json.safeParse({ a: [1, { b: 'x\u0000' }] }).success).toBe(false)
    expect(json.safeParse({ ['k\uD800']: 1 }).success).toBe(false)
    // Nesting past MAX_JSON_DEPTH is refused, not walked (20,000 levels overflowed a recursive walk).
    const nest = (levels: number) => {
      let value: unknown = 'leaf'
      for (let i = 0; i < levels; i++) value = { a: [value] }
      return value
    }
    expect(json.safeParse(nest(MAX_JSON_DEPTH / 2)).success).toBe(true)
    expect(json.safeParse(nest(MAX_JSON_DEPTH / 2 + 1)).success).toBe(false)
    expect(json.safeParse(nest(20_000)).success).toBe(false)
  })

  it('a reward edit’s comment holding NUL or a lone surrogate is refused by the desktop’s channel, the field named', () => {
    for (const comments of ['a\u0000b', 'a\uD800b']) {
      const parsed = contract['rewards.update'].input.safeParse({
        updates: [{ employeeId: 1, changes: { comments } }],
      })
      expect(parsed.success).toBe(false)
      expect(parsed.error?.issues[0]).toMatchObject({
        path: ['updates', 0, 'changes', 'comments'],
        message: UNSTORABLE_TEXT,
      })
    }
  })

  it('every free-text field of the desktop’s channels refuses NUL and lone surrogates, naming the field (issue 37)', () => {
    const cases: [keyof typeof contract, (bad: string) => unknown, (string | number)[]][] = [
      ['submissions.submit', (bad) => ({ plannerEmployeeId: null, comments: bad }), ['comments']],
      ['submissions.editComments', (bad) => ({ plannerEmployeeId: 3, comments: bad }), ['comments']],
      ['users.create', (bad) => ({ email: 'a@b.test', role: 'ADMIN', name: bad }), ['name']],
      ['employees.update', (bad) => ({ employeeId: 3, changes: { name: bad } }), ['changes', 'name']],
      [
        'statements.saveTemplate',
        (bad) => ({
          id: null,
          draft: { name: 'T', logo: null, intro: bad, closing: '', dataTags: DEFAULT_DATA_TAGS },
        }),
        ['draft', 'intro'],
      ],
    ]
    for (const [channel, input, path] of cases)
      for (const bad of ['a\u0000b', 'a\uD800b', '\uDFFF']) {
        const parsed = contract[channel].input.safeParse(input(bad))
        expect(parsed.error?.issues.find((i) => i.message === UNSTORABLE_TEXT)?.path, channel).toEqual(path)
      }
  })

  it('the domain’s rule names the field for the renderer and the services (textRefusal)', () => {
    expect(textRefusal('Comments', 'fine \uD83D\uDE00')).toBeNull()
    expect(textRefusal('Comments', null)).toBeNull()
    expect(textRefusal('Comments', 'x\u0000')).toBe(`Comments: ${UNSTORABLE_TEXT}`)
    expect(firstTextRefusal({ Email: 'ok', Name: 'b\uDC00', Note: 'c\u0000' })).toBe(
      `Name: ${UNSTORABLE_TEXT}`,
    )
  })

  it('no schema of the contract, the server or the desktop’s sync uses z.string() itself', () => {
    const files = [
      ...sources('src-shared/contract'),
      ...sources('src-server'),
      ...sources('src-main/services/sync'),
    ].filter((file) => !file.endsWith(path.join('contract', 'text.ts')))
    const offenders = files.filter((file) =>
      /\bz\s*\.\s*string\s*\(/.test(fs.readFileSync(path.join(ROOT, file), 'utf8')),
    )
    expect(offenders).toEqual([])
  })
})

import fc from 'fast-check'
import { EnvelopeReader, stringifyListEnvelope, type Result } from '../../src-shared/contract'

const item = fc.record({
  id: fc.nat(),
  name: fc.string({ unit: 'grapheme', maxLength: 12 }),
  note: fc.constantFrom('a,\nb', '",\n"', '\\n', 'x\r\ny', ',', ''),
  amount: fc.option(fc.integer(), { nil: null }),
})
const envelope: fc.Arbitrary<Result<unknown>> = fc.oneof(
  fc.array(item, { maxLength: 40 }).map((value) => ({ ok: true as const, value })),
  item.map((value) => ({ ok: true as const, value })),
  fc
    .record({ code: fc.constant('NOT_FOUND'), message: fc.string() })
    .map((error) => ({ ok: false as const, error })),
)

/** Feeds the text cut at the given positions, as a response body arrives. */
function read(text: string, cuts: number[]): unknown {
  const reader = new EnvelopeReader()
  let from = 0
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    reader.push(text.slice(from, cut))
    from = cut
  }
  reader.push(text.slice(from))
  return reader.end()
}

describe('list envelopes (the initial data load parsed as it arrives)', () => {
  it('reads any envelope back, however its text is cut, and stays plain JSON', () => {
    fc.assert(
      fc.property(
        envelope.chain((value) => {
          const text = stringifyListEnvelope(value)
          return fc.tuple(
            fc.constant(value),
            fc.constant(text),
            fc.array(fc.nat(text.length), { maxLength: 6 }),
          )
        }),
        ([value, text, cuts]) => {
          expect(JSON.parse(text)).toEqual(value)
          expect(read(text, cuts)).toEqual(value)
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('parses a list item by item as pieces complete them, not all at the end', () => {
    const value = Array.from({ length: 3 }, (_, id) => ({ id, name: `Person ${id}, Jr.` }))
    const text = stringifyListEnvelope({ ok: true, value })
    const reader = new EnvelopeReader()
    const secondItemEnds = text.indexOf('},\n', text.indexOf('Person 1')) + 3
    reader.push(text.slice(0, secondItemEnds))
    expect(reader.parsedItems).toBe(2)
    reader.push(text.slice(secondItemEnds))
    expect(reader.end()).toEqual({ ok: true, value })
  })

  it('a list cut short is an error, not a shorter list', () => {
    const text = stringifyListEnvelope({ ok: true, value: [{ id: 1 }, { id: 2 }] })
    expect(() => read(text.slice(0, -2), [])).toThrow(SyntaxError)
  })
})

import {
  snapshotEndLine,
  snapshotLine,
  SnapshotAssembler,
} from '../../src-shared/contract/company-snapshot-stream'

const user = { email: 'ana@example.com', name: 'Ana', role: 'PLANNER', employee_id: null }
const range = { id: 1, name: 'P1', min_pay: 1, mid_pay: 2, max_pay: 3, pay_currency: 'USD', salaried: true }

async function readSnapshotStream(body: ReadableStream<Uint8Array>) {
  const assembler = new SnapshotAssembler()
  const reader = body.getReader()
  for (let read = await reader.read(); !read.done; read = await reader.read()) assembler.chunk(read.value)
  return { snapshot: assembler.finish(), seq: assembler.seq }
}

function streamOf(text: string, chunk = 7): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  let at = 0
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close()
      controller.enqueue(bytes.subarray(at, (at += chunk)))
    },
  })
}

describe('the company download, one row per line', () => {
  it('reads rows split across chunks anywhere, with the feed position of its end line', async () => {
    const text = snapshotLine('users', user) + snapshotLine('payRanges', range) + snapshotEndLine(2, 41)
    const { snapshot, seq } = await readSnapshotStream(streamOf(text))
    expect(seq).toBe(41)
    expect(snapshot.users).toEqual([user])
    expect(snapshot.payRanges).toEqual([range])
    expect(snapshot.employees).toEqual([])
  })

  it('a download cut short (no end line) is refused', async () => {
    const text = snapshotLine('users', user) + snapshotLine('payRanges', range)
    await expect(readSnapshotStream(streamOf(text))).rejects.toThrow(
      'The company server sent a damaged company: the download stopped before its end.',
    )
  })

  it('an end line that counts other rows than came is refused', () => {
    const assembler = new SnapshotAssembler().text(snapshotLine('users', user))
    expect(() => assembler.line(snapshotEndLine(2, 3))).toThrow('it announced 2 rows and sent 1')
  })

  it('a row that breaks the schema is refused, naming its line, part and field', () => {
    const assembler = new SnapshotAssembler().text(snapshotLine('users', user))
    expect(() => assembler.line(snapshotLine('payRanges', { ...range, min_pay: -5 }))).toThrow(
      /line 2 \(payRanges\): min_pay: /,
    )
    expect(() => assembler.line('["salaries", {}]')).toThrow('line 2 names no part of a company')
    expect(() => assembler.line('{not json')).toThrow('line 2 is not JSON')
  })

  it('a row may travel as its values alone, in the schema’s column order; a wrong count is refused', () => {
    const values = Object.values(range)
    const assembler = new SnapshotAssembler().text(
      `${JSON.stringify(['payRanges', values])}\n${snapshotEndLine(1, 3)}`,
    )
    expect(assembler.finish().payRanges).toEqual([range])
    expect(() => new SnapshotAssembler().text(JSON.stringify(['payRanges', values.slice(1)]))).toThrow(
      'The company server sent a damaged company: line 1 (payRanges) has 6 values.',
    )
  })

  it('a line that is not UTF-8 is refused, naming it', async () => {
    const good = new TextEncoder().encode(snapshotLine('users', user))
    const bad = new TextEncoder().encode(snapshotLine('payRanges', { ...range, name: 'P?' }))
    bad[bad.indexOf(0x3f)] = 0xff
    const assembler = new SnapshotAssembler()
    assembler.chunk(good)
    expect(() => assembler.chunk(bad)).toThrow(
      'The company server sent a damaged company: line 2 is not UTF-8 text.',
    )
  })

  it('a character whose bytes arrive in two chunks is read whole', () => {
    const bytes = new TextEncoder().encode(
      snapshotLine('users', { ...user, name: 'Łucja' }) + snapshotEndLine(1, 3),
    )
    const assembler = new SnapshotAssembler()
    const split = bytes.indexOf(0xc5) + 1
    assembler.chunk(bytes.subarray(0, split))
    assembler.chunk(bytes.subarray(split))
    expect(assembler.finish().users[0].name).toBe('Łucja')
  })
})

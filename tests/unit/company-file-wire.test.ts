import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import {
  compressCompanyFile,
  writeInflatedCompanyFile,
} from '../../src-main/server-account/company-file-wire'
import { tempDir } from '../support/temp'

/** A company file as it travels (docs/sync.md, "Company file"): compressed by the sharer, inflated to disk by the joiner. */

const dir = tempDir('meritbook-company-file-wire-')

/** A download's body, handed over in pieces of `size` bytes as the network would. */
function body(bytes: Uint8Array, size = 4096): ReadableStream<Uint8Array> {
  let at = 0
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close()
      controller.enqueue(bytes.subarray(at, at + size))
      at += size
    },
  })
}

/** Workbook-like bytes: repeated rows with a counter, a few MB, so inflating takes many blocks. */
function fileLike(rows: number): Buffer {
  const lines: string[] = []
  for (let i = 0; i < rows; i++)
    lines.push(`[${i},"E-${i}","Employee ${i}",null,"USD",1,${50_000 + (i % 997)}]`)
  return Buffer.from(lines.join('\n'))
}

describe('the company file on the wire', () => {
  it('arrives on disk byte for byte as it was written, after travelling as gzip a fraction of its size', async () => {
    const file = fileLike(60_000)
    const sent = await compressCompanyFile(file)
    expect([...sent.subarray(0, 2)]).toEqual([0x1f, 0x8b])
    expect(sent.length * 3).toBeLessThan(file.length)
    const to = path.join(dir, 'whole.company-file')
    await writeInflatedCompanyFile(body(sent), to, file.length)
    expect(fs.readFileSync(to).equals(file)).toBe(true)
  })

  it('refuses bytes that are not gzip', async () => {
    await expect(
      writeInflatedCompanyFile(body(fileLike(100)), path.join(dir, 'plain.company-file'), 1 << 20),
    ).rejects.toThrow('incorrect header check')
  })

  it('refuses a download cut short', async () => {
    const sent = await compressCompanyFile(fileLike(20_000))
    await expect(
      writeInflatedCompanyFile(
        body(sent.subarray(0, sent.length >> 1)),
        path.join(dir, 'cut.company-file'),
        1 << 30,
      ),
    ).rejects.toThrow('unexpected end of file')
  })

  it('stops a file that inflates past the most it may be, one byte over', async () => {
    const file = fileLike(10_000)
    const sent = zlib.gzipSync(file)
    await expect(
      writeInflatedCompanyFile(body(sent), path.join(dir, 'over.company-file'), file.length - 1),
    ).rejects.toThrow(`the company file is larger than ${file.length - 1} bytes`)
    const exact = path.join(dir, 'exact.company-file')
    await writeInflatedCompanyFile(body(sent), exact, file.length)
    expect(fs.statSync(exact).size).toBe(file.length)
  })
})

import fs from 'node:fs'
import { Readable, Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const gzip = promisify(zlib.gzip)
/**
 * Inflated and written this many bytes at a time: with the streams' 16 KB defaults, inflating a
 * 100,000-employee file took four times as long as its download.
 */
const BLOCK = 1 << 20

/**
 * A company file as it travels (docs/sync.md, "Company file"): gzip-compressed, about a quarter of
 * its size, by the libuv thread pool so the shell's thread stays free. Sharing pays for it once in
 * the background; every join then downloads a quarter of the bytes.
 */
export function compressCompanyFile(file: Uint8Array): Promise<Buffer> {
  return gzip(file)
}

/** Passes bytes on until more than `max` have passed, then fails: a small download may not inflate without end. */
class AtMost extends Transform {
  private seen = 0

  constructor(private readonly max: number) {
    super({ highWaterMark: BLOCK })
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length
    if (this.seen > this.max) done(new Error(`the company file is larger than ${this.max} bytes`))
    else done(null, chunk)
  }
}

/**
 * Writes a downloaded company file to `toPath` as it arrives, inflated on the thread pool while the
 * next bytes come in. Fails (the caller removes `toPath`) when the bytes are not gzip, are cut
 * short, or inflate to more than `maxBytes`.
 */
export async function writeInflatedCompanyFile(
  body: ReadableStream<Uint8Array>,
  toPath: string,
  maxBytes: number,
): Promise<void> {
  await pipeline(
    Readable.fromWeb(body as WebReadableStream<Uint8Array>),
    zlib.createGunzip({ chunkSize: BLOCK }),
    new AtMost(maxBytes),
    fs.createWriteStream(toPath, { highWaterMark: BLOCK }),
  )
}

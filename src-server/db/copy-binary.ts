import { Transform, type TransformCallback } from 'node:stream'

/** The 11-byte signature, flags and header extension length of PostgreSQL's binary COPY format. */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1')
const HEADER = SIGNATURE.length + 8

/**
 * The values of a one-column `COPY … TO STDOUT (FORMAT binary)`, each passed on as its raw bytes and
 * the framing dropped: how the server streams a bytea column (a company file's pieces) without
 * PostgreSQL writing it as hex and the driver reading the hex back.
 */
export class CopyBinaryValues extends Transform {
  private pending: Buffer = Buffer.alloc(0)
  private headerRead = false
  /** Bytes of the current value still to pass on; 0 between values. */
  private remaining = 0
  private ended = false

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let data: Buffer = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk
    this.pending = Buffer.alloc(0)
    try {
      if (!this.headerRead) {
        if (data.length < HEADER) return ((this.pending = data), done())
        if (!data.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('not a binary COPY')
        const extension = data.readUInt32BE(SIGNATURE.length + 4)
        if (data.length < HEADER + extension) return ((this.pending = data), done())
        data = data.subarray(HEADER + extension)
        this.headerRead = true
      }
      while (data.length > 0 && !this.ended) {
        if (this.remaining > 0) {
          const take = Math.min(this.remaining, data.length)
          this.push(data.subarray(0, take))
          this.remaining -= take
          data = data.subarray(take)
          continue
        }
        // A row: its field count (-1 ends the data), then the one field's length.
        if (data.length < 2) break
        const fields = data.readInt16BE(0)
        if (fields === -1) {
          this.ended = true
          break
        }
        if (fields !== 1) throw new Error(`a binary COPY row of ${fields} fields`)
        if (data.length < 6) break
        const length = data.readInt32BE(2)
        if (length < 0) throw new Error('a binary COPY value that is NULL')
        this.remaining = length
        data = data.subarray(6)
      }
      this.pending = Buffer.from(data)
      done()
    } catch (error) {
      done(error as Error)
    }
  }

  override _flush(done: TransformCallback): void {
    done(this.ended && this.remaining === 0 ? null : new Error('a binary COPY cut short'))
  }
}

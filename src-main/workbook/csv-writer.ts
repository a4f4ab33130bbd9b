import { once } from 'node:events'
import fs from 'node:fs'
import type { Writable } from 'node:stream'
import { CSV_EOL } from '../../src-shared/domain/csv-format'

const LINES_PER_CHUNK = 1000

/**
 * Streams CSV lines to a file path or a writable stream, honouring back-pressure. A stream passed
 * in is left open; a file is closed (and flushed) before resolving.
 */
export async function writeCsvLines(lines: Iterable<string>, target: string | Writable): Promise<void> {
  const out = typeof target === 'string' ? fs.createWriteStream(target, { encoding: 'utf8' }) : target
  let failure: unknown = null
  const onError = (error: unknown) => {
    failure = error
  }
  out.on('error', onError)
  try {
    let chunk = ''
    let count = 0
    for (const line of lines) {
      chunk += line + CSV_EOL
      if (++count % LINES_PER_CHUNK === 0) {
        if (failure) throw failure
        if (!out.write(chunk)) await once(out, 'drain')
        chunk = ''
      }
    }
    if (failure) throw failure
    if (chunk) out.write(chunk)
    if (typeof target === 'string') {
      out.end()
      await once(out, 'finish')
    }
    if (failure) throw failure
  } finally {
    out.off('error', onError)
    if (typeof target === 'string' && !out.writableFinished) out.destroy()
  }
}

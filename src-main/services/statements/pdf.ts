import fs from 'node:fs'
import type { StatementPage } from '../../../src-shared/domain/statements/layout'
import { StatementPdfDocument, type PdfInfo } from '../../../src-shared/render/statement-pdf'
import { statementFonts } from './fonts'

export type { PdfInfo }

/**
 * One PDF file being written (src-shared/render draws it): pages are added, then `finish` ends it
 * and waits for the disk; the file is streamed with back-pressure.
 */
export class StatementPdf {
  private readonly pdf: StatementPdfDocument
  private readonly out: fs.WriteStream
  private readonly done: Promise<void>
  private bytes = 0

  constructor(
    readonly file: string,
    info: PdfInfo,
  ) {
    this.pdf = new StatementPdfDocument(statementFonts(), info)
    const doc = this.pdf.stream
    this.out = fs.createWriteStream(file)
    this.done = new Promise((resolve, reject) => {
      this.out.on('finish', resolve)
      this.out.on('error', reject)
      doc.on('error', reject)
    })
    // Whatever happens, a failed write is reported by `finish`, not as an unhandled rejection.
    this.done.catch(() => undefined)
    doc.on('data', (chunk: Buffer) => {
      this.bytes += chunk.length
    })
    doc.pipe(this.out)
  }

  /** Bytes produced so far. */
  get size(): number {
    return this.bytes
  }

  addPages(pages: readonly StatementPage[]): void {
    this.pdf.addPages(pages)
  }

  /** Ends the document; resolves once the file is on disk. */
  async finish(): Promise<void> {
    this.pdf.end()
    await this.done
  }

  /** Stops writing and removes the unfinished file. */
  async abandon(): Promise<void> {
    this.pdf.end()
    await this.done.catch(() => undefined)
    await fs.promises.rm(this.file, { force: true })
  }

  /** Whether the file stream wants the writer to wait (back-pressure). */
  get congested(): boolean {
    return this.out.writableNeedDrain
  }

  drained(): Promise<void> {
    return this.congested
      ? new Promise((resolve) => this.out.once('drain', () => resolve()))
      : Promise.resolve()
  }
}

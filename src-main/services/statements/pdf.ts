import fs from 'node:fs'
import PDFDocument from 'pdfkit'
import type { StatementPage } from '../../../src-shared/domain/statements/layout'
import { fontForPdfkit, type StatementFont } from './fonts'

/**
 * Draws laid-out statement pages into PDFs with pdfkit: the font embedded as a subset, each page
 * written out as soon as the next one starts (pdfkit does not keep finished pages), the file
 * streamed to disk with back-pressure.
 */

const LOGO_CACHE_LIMIT = 8
/** Decoded logos by data URL (a batch uses one template). */
const logos = new Map<string, Buffer>()

function logoBytes(src: string): Buffer | null {
  let bytes = logos.get(src)
  if (!bytes) {
    const comma = src.indexOf(',')
    if (!src.startsWith('data:') || comma < 0) return null
    bytes = Buffer.from(src.slice(comma + 1), 'base64')
    if (logos.size >= LOGO_CACHE_LIMIT) logos.clear()
    logos.set(src, bytes)
  }
  return bytes
}

/** pdfkit's opened image (its `openImage`, not in the type definitions): drawn again without re-embedding. */
interface OpenedImage {
  width: number
  height: number
}

/**
 * Features given, pdfkit hands each whole text to the font (our shared, bounded shaping cache)
 * instead of keeping every word it laid out for the document's life: the combined PDF of 10,000
 * statements held every name and figure that way (150 MiB more at 10,000). The shaping is fontkit's
 * default either way ('kern' is one of the defaults).
 */
const UNCACHED: PDFKit.Mixins.OpenTypeFeatures[] = ['kern']
let pdfkitFonts: { regular: StatementFont; bold: StatementFont } | null = null

export interface PdfInfo {
  title: string
  author: string
}

/** One PDF file being written: pages are added, then `finish` ends it and waits for the disk. */
export class StatementPdf {
  private readonly doc: PDFKit.PDFDocument
  private readonly out: fs.WriteStream
  private readonly done: Promise<void>
  private bytes = 0
  /** Each logo embedded once per file, however many pages show it (the combined PDF). */
  private readonly images = new Map<string, OpenedImage>()

  constructor(
    readonly file: string,
    info: PdfInfo,
  ) {
    pdfkitFonts ??= { regular: fontForPdfkit('regular'), bold: fontForPdfkit('bold') }
    const fonts = pdfkitFonts
    this.doc = new PDFDocument({
      size: 'LETTER',
      margin: 0,
      autoFirstPage: false,
      compress: true,
      // The default (Helvetica) would load an AFM file per document; ours is parsed once.
      font: fonts.regular as unknown as string,
      info: { Title: info.title, Author: info.author, Creator: 'Meritbook', CreationDate: new Date() },
    })
    this.doc.registerFont('regular', fonts.regular as unknown as string)
    this.doc.registerFont('bold', fonts.bold as unknown as string)
    this.out = fs.createWriteStream(file)
    this.done = new Promise((resolve, reject) => {
      this.out.on('finish', resolve)
      this.out.on('error', reject)
      this.doc.on('error', reject)
    })
    // Whatever happens, a failed write is reported by `finish`, not as an unhandled rejection.
    this.done.catch(() => undefined)
    this.doc.on('data', (chunk: Buffer) => {
      this.bytes += chunk.length
    })
    this.doc.pipe(this.out)
  }

  /** Bytes produced so far. */
  get size(): number {
    return this.bytes
  }

  addPages(pages: readonly StatementPage[]): void {
    const doc = this.doc
    for (const page of pages) {
      doc.addPage({ size: [page.width, page.height], margin: 0 })
      let font = ''
      for (const op of page.ops) {
        if (op.kind === 'rect') {
          doc.rect(op.x, op.y, op.width, op.height).fill(op.color)
        } else if (op.kind === 'image') {
          let image = this.images.get(op.src)
          const bytes = image ? null : logoBytes(op.src)
          if (!image && bytes) {
            image = (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(bytes)
            this.images.set(op.src, image)
          }
          if (image) doc.image(image as unknown as Buffer, op.x, op.y, { width: op.width, height: op.height })
        } else {
          if (font !== op.font) {
            doc.font(op.font)
            font = op.font
          }
          doc
            .fontSize(op.size)
            .fillColor(op.color)
            .text(op.text, op.x, op.y, { lineBreak: false, baseline: 'alphabetic', features: UNCACHED })
        }
      }
    }
  }

  /** Ends the document; resolves once the file is on disk. */
  async finish(): Promise<void> {
    this.doc.end()
    await this.done
  }

  /** Stops writing and removes the unfinished file. */
  async abandon(): Promise<void> {
    this.doc.end()
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

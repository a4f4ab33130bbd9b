import PDFDocument from 'pdfkit'
import type { StatementPage } from '../domain/statements/layout'
import type { StatementFonts } from './statement-fonts'

/**
 * Draws laid-out statement pages into a PDF with pdfkit: the font embedded as a subset, each page
 * handed on as soon as the next one starts (pdfkit does not keep finished pages). The host decides
 * where the bytes go: the desktop streams them to a file, the company server into a mail or an answer.
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
const pdfkitFaces = new WeakMap<StatementFonts, { regular: unknown; bold: unknown }>()

export interface PdfInfo {
  title: string
  author: string
}

/** One PDF being drawn: `stream` gives its bytes as pages are added; `end` finishes it. */
export class StatementPdfDocument {
  readonly stream: PDFKit.PDFDocument
  /** Each logo embedded once per document, however many pages show it (the combined PDF). */
  private readonly images = new Map<string, OpenedImage>()

  constructor(fonts: StatementFonts, info: PdfInfo) {
    let faces = pdfkitFaces.get(fonts)
    if (!faces) {
      faces = { regular: fonts.forPdfkit('regular'), bold: fonts.forPdfkit('bold') }
      pdfkitFaces.set(fonts, faces)
    }
    this.stream = new PDFDocument({
      size: 'LETTER',
      margin: 0,
      autoFirstPage: false,
      compress: true,
      // The default (Helvetica) would load an AFM file per document; ours is parsed once.
      font: faces.regular as string,
      info: { Title: info.title, Author: info.author, Creator: 'Meritbook', CreationDate: new Date() },
    })
    this.stream.registerFont('regular', faces.regular as string)
    this.stream.registerFont('bold', faces.bold as string)
  }

  addPages(pages: readonly StatementPage[]): void {
    const doc = this.stream
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

  end(): void {
    this.stream.end()
  }
}

/** One statement's PDF in memory (the company server's mail attachment and link). */
export function statementPdfBytes(
  fonts: StatementFonts,
  info: PdfInfo,
  pages: readonly StatementPage[],
): Promise<Buffer> {
  const pdf = new StatementPdfDocument(fonts, info)
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    pdf.stream.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.stream.on('error', reject)
  })
  pdf.addPages(pages)
  pdf.end()
  return done
}

import { formatLongDate, isoDay } from '../proration'
import { figureRows, mergeValuesOf, type StatementFacts } from './facts'
import { renderMergeText } from './merge-tags'
import type { DataTags } from './templates'

/**
 * The statement laid out once, as positioned drawing operations on US Letter pages (points, origin
 * top left, text at its baseline). The PDF writer (pdfkit, main process) and the preview (SVG in
 * the RewardStatementPreview dialog) both draw exactly these operations with the same bundled
 * font, so line breaks, positions and figures of the preview are those of the PDF.
 */

export type FontName = 'regular' | 'bold'

export type DrawOp =
  | { kind: 'text'; x: number; y: number; text: string; font: FontName; size: number; color: string }
  | { kind: 'rect'; x: number; y: number; width: number; height: number; color: string }
  | { kind: 'image'; x: number; y: number; width: number; height: number; src: string }

export interface StatementPage {
  width: number
  height: number
  ops: DrawOp[]
}

/** Widths come from the font the page is drawn with (fontkit's advance widths, kerning included). */
export interface TextMeasure {
  width(text: string, font: FontName, size: number): number
}

export interface StatementLayoutInput {
  companyName: string
  template: { intro: string; closing: string; dataTags: DataTags }
  logo: { src: string; width: number; height: number } | null
  facts: StatementFacts
}

export const PAGE_WIDTH = 612
export const PAGE_HEIGHT = 792
const MARGIN = 54
const RIGHT = PAGE_WIDTH - MARGIN
const CONTENT_WIDTH = RIGHT - MARGIN
const BOTTOM = PAGE_HEIGHT - 72
const INK = '#1d2433'
const MUTED = '#5b6478'
const RULE = '#d0d5dd'
const STRIPE = '#f2f4f7'
const ACCENT = '#1f4e9c'
const LOGO_BOX = { width: 180, height: 56 }

const BODY = 11
const BODY_LEADING = 15.5
/** Right edges of the figures' columns; `next` moves left (to `minNext`) for a wide change. */
const COLUMNS = { current: 370, next: 470, change: RIGHT, minNext: 400, gap: 12 }

/**
 * Greedy line breaking at spaces; a word wider than the line breaks between characters. A line's
 * width is its words' widths plus its spaces' (fonts do not kern across a space), so each word is
 * measured once however long the paragraph.
 */
export function wrapText(
  text: string,
  font: FontName,
  size: number,
  width: number,
  measure: TextMeasure,
): string[] {
  const lines: string[] = []
  const space = measure.width(' ', font, size)
  let line = ''
  let lineWidth = 0
  for (const word of text.split(' ')) {
    const wordWidth = measure.width(word, font, size)
    const candidate = line === '' ? wordWidth : lineWidth + space + wordWidth
    if (candidate <= width) {
      line = line === '' ? word : `${line} ${word}`
      lineWidth = candidate
      continue
    }
    if (line !== '') lines.push(line)
    if (wordWidth <= width) {
      line = word
      lineWidth = wordWidth
      continue
    }
    let piece = ''
    for (const ch of Array.from(word)) {
      if (piece !== '' && measure.width(piece + ch, font, size) > width) {
        lines.push(piece)
        piece = ''
      }
      piece += ch
    }
    line = piece
    lineWidth = measure.width(piece, font, size)
  }
  lines.push(line)
  return lines
}

class Pages {
  readonly pages: StatementPage[] = []
  y = MARGIN
  private ops: DrawOp[] = []

  constructor(private readonly measure: TextMeasure) {
    this.newPage()
  }

  newPage(): void {
    this.ops = []
    this.pages.push({ width: PAGE_WIDTH, height: PAGE_HEIGHT, ops: this.ops })
    this.y = MARGIN
  }

  /** Room for `height` more points on this page, else a new page. */
  need(height: number): void {
    if (this.y + height > BOTTOM) this.newPage()
  }

  text(x: number, y: number, text: string, font: FontName, size: number, color = INK): void {
    if (text !== '') this.ops.push({ kind: 'text', x, y, text, font, size, color })
  }

  right(rightEdge: number, y: number, text: string, font: FontName, size: number, color = INK): void {
    this.text(rightEdge - this.measure.width(text, font, size), y, text, font, size, color)
  }

  rect(x: number, y: number, width: number, height: number, color: string): void {
    this.ops.push({ kind: 'rect', x, y, width, height, color })
  }

  image(x: number, y: number, width: number, height: number, src: string): void {
    this.ops.push({ kind: 'image', x, y, width, height, src })
  }

  /** Paragraphs (split at line breaks), wrapped to the content width, breaking pages between lines. */
  paragraphs(text: string): void {
    const paragraphs = text.replace(/\r\n?/g, '\n').split('\n')
    for (const paragraph of paragraphs) {
      if (paragraph.trim() === '') {
        this.y += BODY_LEADING * 0.6
        continue
      }
      for (const line of wrapText(paragraph, 'regular', BODY, CONTENT_WIDTH, this.measure)) {
        this.need(BODY_LEADING)
        this.y += BODY_LEADING
        this.text(MARGIN, this.y - 4, line, 'regular', BODY)
      }
    }
  }
}

function fitLogo(logo: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height, 1)
  return { width: logo.width * scale, height: logo.height * scale }
}

/** The statement of one employee, laid out. */
export function layoutStatement(input: StatementLayoutInput, measure: TextMeasure): StatementPage[] {
  const { facts, template } = input
  const pages = new Pages(measure)
  const values = mergeValuesOf(facts)
  const created = isoDay(facts.createdAt)
  const createdText = created ? formatLongDate(created) : ''

  // Header: the logo at the left, the company and the statement's date at the right.
  if (input.logo) {
    const size = fitLogo(input.logo)
    pages.image(MARGIN, MARGIN, size.width, size.height, input.logo.src)
  }
  pages.right(RIGHT, MARGIN + 12, input.companyName, 'bold', 11)
  pages.right(RIGHT, MARGIN + 27, createdText, 'regular', 9, MUTED)
  pages.y = MARGIN + LOGO_BOX.height + 22

  pages.text(MARGIN, pages.y, 'Reward statement', 'bold', 20, ACCENT)
  pages.y += 26
  for (const line of wrapText(facts.name, 'bold', 14, CONTENT_WIDTH, measure)) {
    pages.text(MARGIN, pages.y, line, 'bold', 14)
    pages.y += 18
  }
  const role = [facts.jobTitle, facts.department].filter((v): v is string => !!v).join(' · ')
  const details = [
    role,
    values.effective_date ? `Effective ${values.effective_date}` : '',
    `Employee Id ${facts.employeeId}`,
  ].filter((v) => v !== '')
  for (const line of wrapText(details.join('   ·   '), 'regular', 9.5, CONTENT_WIDTH, measure)) {
    pages.text(MARGIN, pages.y, line, 'regular', 9.5, MUTED)
    pages.y += 13
  }
  pages.y += 4
  pages.rect(MARGIN, pages.y, CONTENT_WIDTH, 0.75, RULE)
  pages.y += 6

  pages.paragraphs(renderMergeText(template.intro, values))

  const rows = figureRows(facts, template.dataTags)
  if (rows.length > 0) {
    pages.need(24 + 20 + 22)
    pages.y += 22
    pages.text(MARGIN, pages.y, 'Your compensation', 'bold', 12, ACCENT)
    pages.y += 18
    // The figures move left as far as the widest change needs ('+$15,013.65 (5.00%)'), never over the labels.
    const changeWidth = Math.max(...rows.map((r) => measure.width(r.change, 'regular', 9)))
    const next = Math.max(COLUMNS.minNext, Math.min(COLUMNS.next, COLUMNS.change - changeWidth - COLUMNS.gap))
    const current = next - (COLUMNS.next - COLUMNS.current)
    pages.right(current, pages.y, 'Current', 'bold', 9, MUTED)
    pages.right(next, pages.y, 'New', 'bold', 9, MUTED)
    pages.right(COLUMNS.change, pages.y, 'Change', 'bold', 9, MUTED)
    pages.y += 5
    pages.rect(MARGIN, pages.y, CONTENT_WIDTH, 0.75, RULE)
    rows.forEach((row, index) => {
      pages.need(21)
      if (index % 2 === 1) pages.rect(MARGIN, pages.y + 0.75, CONTENT_WIDTH, 20.25, STRIPE)
      const baseline = pages.y + 14.5
      const font = row.emphasis ? 'bold' : 'regular'
      pages.text(MARGIN + 6, baseline, row.label, font, 10)
      const wide =
        row.current === '' && row.change === '' && measure.width(row.next, font, 10) > next - current
      pages.right(current, baseline, row.current, font, 10)
      pages.right(wide ? COLUMNS.change : next, baseline, row.next, font, 10)
      pages.right(COLUMNS.change, baseline, row.change, 'regular', 9, MUTED)
      pages.y += 21
    })
    pages.rect(MARGIN, pages.y, CONTENT_WIDTH, 0.75, RULE)
    pages.y += 10
  }

  pages.paragraphs(renderMergeText(template.closing, values))

  // Footers, once the page count is known.
  const total = pages.pages.length
  pages.pages.forEach((page, index) => {
    const y = PAGE_HEIGHT - 36
    page.ops.push({ kind: 'rect', x: MARGIN, y: y - 12, width: CONTENT_WIDTH, height: 0.5, color: RULE })
    page.ops.push({
      kind: 'text',
      x: MARGIN,
      y,
      text: `Confidential: prepared for ${facts.name}`,
      font: 'regular',
      size: 8,
      color: MUTED,
    })
    const label = `Page ${index + 1} of ${total}`
    page.ops.push({
      kind: 'text',
      x: RIGHT - measure.width(label, 'regular', 8),
      y,
      text: label,
      font: 'regular',
      size: 8,
      color: MUTED,
    })
  })
  return pages.pages
}

/** Width and height of a PNG or JPEG given as bytes; null when it is neither. */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  const at = (i: number) => bytes[i] ?? 0
  if (bytes.length >= 24 && at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) {
    const width = ((at(16) << 24) | (at(17) << 16) | (at(18) << 8) | at(19)) >>> 0
    const height = ((at(20) << 24) | (at(21) << 16) | (at(22) << 8) | at(23)) >>> 0
    return width > 0 && height > 0 ? { width, height } : null
  }
  if (at(0) !== 0xff || at(1) !== 0xd8) return null
  let i = 2
  while (i + 9 < bytes.length) {
    if (at(i) !== 0xff) return null
    const marker = at(i + 1)
    const length = (at(i + 2) << 8) | at(i + 3)
    // Start-of-frame markers (baseline, progressive…), not DHT (C4), JPG (C8) or DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = (at(i + 5) << 8) | at(i + 6)
      const width = (at(i + 7) << 8) | at(i + 8)
      return width > 0 && height > 0 ? { width, height } : null
    }
    i += 2 + length
  }
  return null
}

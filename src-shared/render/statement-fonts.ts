import * as fontkit from 'fontkit'
import type { FontName, TextMeasure } from '../domain/statements/layout'

/**
 * The statements' font (DejaVu Sans, bundled in resources/fonts) made from its bytes, which the
 * host reads (the desktop's main process, the company server): parsed once per process and shared
 * by every PDF (pdfkit embeds the subset each document uses) and by the layout's widths. It covers
 * Latin (accents, Polish, Vietnamese…), Greek, Cyrillic and more; not CJK.
 */
export const FONT_FILES: Record<FontName, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
}

export type StatementFont = fontkit.Font

/**
 * fontkit keeps one glyph object per glyph id, with the characters it was first made for; pdfkit
 * writes those characters into the PDF's text layer. A composite glyph ('Ó') makes its parts ('O')
 * without characters when a subset is written, and every later statement's 'O' then copied as
 * nothing. Making every mapped glyph from its character first (~90 ms, once) keeps the text layer right.
 */
function warmGlyphs(font: StatementFont): void {
  for (const codePoint of font.characterSet) {
    // Presentation forms (ﬃ, Arabic letter forms) are what shaping makes from several letters: they
    // keep the letters shaping gives them, so copying "Officer" gives "Officer", not "Oﬃcer".
    if ((codePoint >= 0xfb00 && codePoint <= 0xfdff) || (codePoint >= 0xfe70 && codePoint <= 0xfeff)) continue
    font.glyphForCodePoint(codePoint)
  }
}

const LAYOUT_CACHE_LIMIT = 4_000
type GlyphRun = ReturnType<StatementFont['layout']>

/** The two faces with one bounded shaping cache shared by the layout and every PDF. */
export class StatementFonts {
  private readonly fonts: Record<FontName, StatementFont>
  private readonly layouts = new Map<string, GlyphRun>()

  constructor(bytes: Record<FontName, Uint8Array>) {
    const open = (name: FontName) => {
      const font = fontkit.create(Buffer.from(bytes[name]))
      if (!('layout' in font)) throw new Error(`${FONT_FILES[name]} is a font collection, not a font.`)
      warmGlyphs(font)
      return font
    }
    this.fonts = { regular: open('regular'), bold: open('bold') }
  }

  face(name: FontName): StatementFont {
    return this.fonts[name]
  }

  /** fontkit's shaping of a run of text, kept for a while: the layout's widths and every PDF share it. */
  private shaped(font: FontName, text: string): GlyphRun {
    const key = `${font}\u0000${text}`
    let run = this.layouts.get(key)
    if (!run) {
      run = this.fonts[font].layout(text)
      // Bounded: a batch's names and figures are mostly new.
      if (this.layouts.size >= LAYOUT_CACHE_LIMIT) this.layouts.clear()
      this.layouts.set(key, run)
    }
    return run
  }

  /** Advance widths as pdfkit draws them (fontkit's layout: kerning included). */
  measure(): TextMeasure {
    return {
      width: (text, font, size) =>
        (this.shaped(font, text).advanceWidth / this.fonts[font].unitsPerEm) * size,
    }
  }

  /**
   * The font as pdfkit is given it: shaping comes from the shared cache (a text is shaped once for
   * the layout, its PDF and the combined PDF). pdfkit scales the positions it is handed in place, so
   * each call gets its own copies of them.
   */
  forPdfkit(name: FontName): StatementFont {
    const font = this.fonts[name]
    return new Proxy(font, {
      get: (target, property) => {
        if (property === 'layout')
          return (text: string) => {
            const run = this.shaped(name, text)
            return {
              glyphs: run.glyphs,
              positions: run.positions.map((p) => ({ ...p })),
              advanceWidth: run.advanceWidth,
            }
          }
        const value: unknown = Reflect.get(target, property, target)
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
      },
    })
  }

  /** Characters the font has no glyph for (they would print as empty boxes). */
  missingGlyphs(text: string): string[] {
    const font = this.fonts.regular
    const missing = new Set<string>()
    for (const ch of text) {
      const code = ch.codePointAt(0) ?? 0
      if (code > 0x20 && !font.hasGlyphForCodePoint(code)) missing.add(ch)
    }
    return [...missing]
  }
}

import fs from 'node:fs'
import path from 'node:path'
import * as fontkit from 'fontkit'
import type { FontName, TextMeasure } from '../../../src-shared/domain/statements/layout'

/**
 * The statements' font (DejaVu Sans, bundled in resources/fonts): parsed once per process and
 * shared by every PDF (pdfkit embeds the subset each document uses) and by the layout's widths.
 * It covers Latin (accents, Polish, Vietnamese…), Greek, Cyrillic and more; not CJK.
 */
export const FONT_FILES: Record<FontName, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
}

/** resources/fonts from the source tree (tsx), the build (out/main) or a packaged app (unpacked asar). */
export function fontsDir(): string {
  const candidates: string[] = []
  if (process.env.MERITBOOK_FONTS_DIR) candidates.push(process.env.MERITBOOK_FONTS_DIR)
  let dir = __dirname.replace(/app\.asar(?=[\\/]|$)/, 'app.asar.unpacked')
  for (let up = 0; up < 6; up++) {
    candidates.push(path.join(dir, 'resources', 'fonts'))
    dir = path.dirname(dir)
  }
  const resourcesPath = (process as { resourcesPath?: string }).resourcesPath
  if (resourcesPath) candidates.push(path.join(resourcesPath, 'fonts'))
  const found = candidates.find((c) => fs.existsSync(path.join(c, FONT_FILES.regular)))
  if (!found)
    throw new Error(
      `The statements' font ${FONT_FILES.regular} was not found (looked in ${candidates.join(', ')}).`,
    )
  return found
}

export type StatementFont = fontkit.Font

let loaded: Record<FontName, StatementFont> | null = null

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

export function statementFonts(): Record<FontName, StatementFont> {
  if (!loaded) {
    const dir = fontsDir()
    const open = (file: string) => {
      const font = fontkit.create(fs.readFileSync(path.join(dir, file)))
      if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font.`)
      return font
    }
    loaded = { regular: open(FONT_FILES.regular), bold: open(FONT_FILES.bold) }
    for (const font of Object.values(loaded)) warmGlyphs(font)
  }
  return loaded
}

const LAYOUT_CACHE_LIMIT = 4_000
type GlyphRun = ReturnType<StatementFont['layout']>
const layouts = new Map<string, GlyphRun>()

/** fontkit's shaping of a run of text, kept for a while: the layout's widths and every PDF share it. */
function shaped(font: FontName, text: string): GlyphRun {
  const key = `${font}\u0000${text}`
  let run = layouts.get(key)
  if (!run) {
    run = statementFonts()[font].layout(text)
    // Bounded: a batch's names and figures are mostly new.
    if (layouts.size >= LAYOUT_CACHE_LIMIT) layouts.clear()
    layouts.set(key, run)
  }
  return run
}

/** Advance widths as pdfkit draws them (fontkit's layout: kerning included). */
export function fontMeasure(): TextMeasure {
  return {
    width: (text, font, size) => (shaped(font, text).advanceWidth / statementFonts()[font].unitsPerEm) * size,
  }
}

/**
 * The font as pdfkit is given it: shaping comes from the shared cache (a text is shaped once for
 * the layout, its PDF and the combined PDF). pdfkit scales the positions it is handed in place, so
 * each call gets its own copies of them.
 */
export function fontForPdfkit(name: FontName): StatementFont {
  const font = statementFonts()[name]
  return new Proxy(font, {
    get(target, property) {
      if (property === 'layout')
        return (text: string) => {
          const run = shaped(name, text)
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
export function missingGlyphs(text: string): string[] {
  const font = statementFonts().regular
  const missing = new Set<string>()
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0
    if (code > 0x20 && !font.hasGlyphForCodePoint(code)) missing.add(ch)
  }
  return [...missing]
}

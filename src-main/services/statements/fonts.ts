import fs from 'node:fs'
import path from 'node:path'
import type { TextMeasure } from '../../../src-shared/domain/statements/layout'
import { FONT_FILES, StatementFonts } from '../../../src-shared/render/statement-fonts'

export { FONT_FILES }

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

let loaded: StatementFonts | null = null

/** The bundled font, read once per process (src-shared/render shapes and embeds it). */
export function statementFonts(): StatementFonts {
  if (!loaded) {
    const dir = fontsDir()
    loaded = new StatementFonts({
      regular: fs.readFileSync(path.join(dir, FONT_FILES.regular)),
      bold: fs.readFileSync(path.join(dir, FONT_FILES.bold)),
    })
  }
  return loaded
}

export function fontMeasure(): TextMeasure {
  return statementFonts().measure()
}

/** Characters the font has no glyph for (they would print as empty boxes). */
export function missingGlyphs(text: string): string[] {
  return statementFonts().missingGlyphs(text)
}

import fs from 'node:fs'
import path from 'node:path'
import { imageSize, layoutStatement } from '../../src-shared/domain/statements/layout'
import type { StatementFacts } from '../../src-shared/domain/statements/facts'
import type { DataTags } from '../../src-shared/domain/statements/templates'
import { FONT_FILES, StatementFonts } from '../../src-shared/render/statement-fonts'
import { statementPdfBytes } from '../../src-shared/render/statement-pdf'

/** The desktop's resources/fonts: MERITBOOK_FONTS_DIR, else beside the source tree. */
function fontsDir(): string {
  const candidates = [
    process.env.MERITBOOK_FONTS_DIR,
    path.join(__dirname, '..', '..', 'resources', 'fonts'),
    path.join(process.cwd(), 'resources', 'fonts'),
  ].filter((c): c is string => Boolean(c))
  const found = candidates.find((c) => fs.existsSync(path.join(c, FONT_FILES.regular)))
  if (!found) throw new Error(`The statements' font was not found (looked in ${candidates.join(', ')}).`)
  return found
}

let fonts: StatementFonts | null = null
function serverFonts(): StatementFonts {
  if (!fonts) {
    const dir = fontsDir()
    fonts = new StatementFonts({
      regular: fs.readFileSync(path.join(dir, FONT_FILES.regular)),
      bold: fs.readFileSync(path.join(dir, FONT_FILES.bold)),
    })
  }
  return fonts
}

export interface StoredStatement {
  companyName: string
  template: { intro: string; closing: string; dataTags: DataTags; logo: string | null }
  facts: StatementFacts
}

/** One statement's PDF: the desktop's layout and PDF drawing (src-shared), the same font. */
export function renderStatementPdf(statement: StoredStatement): Promise<Buffer> {
  const { template, facts } = statement
  const font = serverFonts()
  const src = template.logo
  const comma = src ? src.indexOf(',') : -1
  const size = src && comma > 0 ? imageSize(Buffer.from(src.slice(comma + 1), 'base64')) : null
  const pages = layoutStatement(
    {
      companyName: statement.companyName,
      template,
      logo: src && size ? { src, ...size } : null,
      facts,
    },
    font.measure(),
  )
  return statementPdfBytes(
    font,
    { title: `Reward statement: ${facts.name}`, author: statement.companyName },
    pages,
  )
}

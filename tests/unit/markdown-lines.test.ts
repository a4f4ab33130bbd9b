import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const skipped = new Set([
  'node_modules',
  'out',
  'reports',
  '.stryker-tmp',
  'test-results',
  'playwright-report',
  '.git',
])
const LONGEST = 200

function markdownFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name)) return []
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return markdownFiles(path)
    return entry.name.endsWith('.md') ? [path] : []
  })
}

/** Lines over the limit outside fenced code blocks, as `file:line (length)`. */
function longLines(path: string, text: string): string[] {
  let fenced = false
  return text.split('\n').flatMap((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced
      return []
    }
    return !fenced && line.length > LONGEST ? [`${path}:${index + 1} (${line.length})`] : []
  })
}

describe('Markdown files read in an editor', () => {
  it('finds a long line outside a code block and ignores one inside', () => {
    const long = 'x'.repeat(LONGEST + 1)
    expect(longLines('a.md', `short\n${long}\n\`\`\`\n${long}\n\`\`\``)).toEqual([`a.md:2 (${LONGEST + 1})`])
  })

  it(`has no line over ${LONGEST} characters outside code blocks in any Markdown file`, () => {
    const files = markdownFiles(root)
    expect(files.length).toBeGreaterThan(5)
    const found = files.flatMap((file) => longLines(relative(root, file), readFileSync(file, 'utf8')))
    expect(found).toEqual([])
  })
})

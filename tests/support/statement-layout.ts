import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { StatementFacts } from '../../src-shared/domain/statements/facts'
import type { DrawOp, TextMeasure } from '../../src-shared/domain/statements/layout'

/** The statement tests' employees (tests/fixtures/statements/facts.json), by name. */
export const STATEMENT_FACTS = JSON.parse(
  readFileSync(path.resolve(__dirname, '../fixtures/statements/facts.json'), 'utf8'),
) as Record<string, StatementFacts>

/** Every character 0.6 × size wide (bold 0.7 ×): widths a test can work out by hand. */
export const fixedWidthMeasure: TextMeasure = {
  width: (text, font, size) => Array.from(text).length * (font === 'bold' ? 0.7 : 0.6) * size,
}

export type TextOp = Extract<DrawOp, { kind: 'text' }>
export const textOps = (ops: DrawOp[]): TextOp[] => ops.flatMap((op) => (op.kind === 'text' ? [op] : []))
export const textOpOf = (ops: DrawOp[], text: string) => textOps(ops).find((op) => op.text === text)

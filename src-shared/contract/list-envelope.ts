import type { Result } from './result'

/**
 * The initial data load's company lists are tens of MiB at 100,000 employees; decoded and parsed
 * in one go they would hold the page for a second. They travel as JSON with one item per line
 * (still plain JSON, which any reader may parse whole) so that the page can parse them as their
 * bytes arrive, a few items at a time. JSON.stringify writes a line break inside a string as `\n`,
 * so a real line break only ever ends an item line.
 */
const LIST_HEAD = '{"ok":true,"value":[\n'
const LIST_TAIL = '\n]}'
const ITEM_BREAK = ',\n'

/** The envelope as JSON; a successful non-empty list one item per line. */
export function stringifyListEnvelope(envelope: Result<unknown>): string {
  if (!envelope.ok || !Array.isArray(envelope.value) || envelope.value.length === 0)
    return JSON.stringify(envelope)
  const items = (envelope.value as unknown[]).map((item) => JSON.stringify(item) ?? 'null')
  return LIST_HEAD + items.join(ITEM_BREAK) + LIST_TAIL
}

/**
 * Reads an answer's text as it arrives, in pieces cut anywhere. A list written by
 * stringifyListEnvelope is parsed line by line as each piece completes lines; any other answer is
 * parsed whole at the end.
 */
export class EnvelopeReader {
  private carry = ''
  private framed: boolean | null = null
  private readonly items: unknown[] = []

  push(piece: string): void {
    this.carry += piece
    if (this.framed === null) {
      if (this.carry.length < LIST_HEAD.length && LIST_HEAD.startsWith(this.carry)) return
      this.framed = this.carry.startsWith(LIST_HEAD)
      if (this.framed) this.carry = this.carry.slice(LIST_HEAD.length)
    }
    if (!this.framed) return
    // Complete items end at an item break (the last one's line ends the list instead).
    const cut = this.carry.lastIndexOf(ITEM_BREAK)
    if (cut < 0) return
    this.parseItems(this.carry.slice(0, cut))
    this.carry = this.carry.slice(cut + ITEM_BREAK.length)
  }

  /** How many list items have been parsed so far. */
  get parsedItems(): number {
    return this.items.length
  }

  /** The envelope, once the whole text has been pushed. */
  end(): unknown {
    if (!this.framed) return JSON.parse(this.carry)
    if (!this.carry.endsWith(LIST_TAIL)) throw new SyntaxError('The list answer ended early.')
    this.parseItems(this.carry.slice(0, -LIST_TAIL.length))
    return { ok: true, value: this.items }
  }

  private parseItems(lines: string): void {
    for (const item of JSON.parse(`[${lines}]`) as unknown[]) this.items.push(item)
  }
}

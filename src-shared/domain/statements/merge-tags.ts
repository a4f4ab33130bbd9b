/**
 * Merge tags of a reward statement template (spec §3): `{{name}}` in the intro and closing texts is
 * replaced by the employee's value. An unknown tag is flagged while typing and refused on save; a
 * text that still holds one (an older template) prints nothing in its place, never the tag itself.
 */

export interface MergeTag {
  key: string
  label: string
  /** Date tags print as en-US long dates ("March 1, 2024"). */
  kind: 'text' | 'date' | 'money' | 'percent' | 'number'
  group: 'employee' | 'cycle' | 'compensation'
}

/** The spec's tags, then the compensation components (money in the currency of the employee's pay). */
export const MERGE_TAGS: readonly MergeTag[] = [
  { key: 'name', label: 'Name', kind: 'text', group: 'employee' },
  { key: 'job_title', label: 'Job title', kind: 'text', group: 'employee' },
  { key: 'performance_rating', label: 'Performance rating', kind: 'number', group: 'employee' },
  { key: 'performance_rating_label', label: 'Performance rating label', kind: 'text', group: 'employee' },
  { key: 'department', label: 'Department', kind: 'text', group: 'employee' },
  { key: 'manager', label: 'Manager', kind: 'text', group: 'employee' },
  { key: 'location', label: 'Location', kind: 'text', group: 'employee' },
  { key: 'hire_date', label: 'Hire date', kind: 'date', group: 'employee' },
  { key: 'increasePercent', label: 'Increase percent', kind: 'percent', group: 'compensation' },
  { key: 'effective_date', label: 'Effective date', kind: 'date', group: 'cycle' },
  { key: 'created_at', label: 'Statement date', kind: 'date', group: 'cycle' },
  { key: 'current_salary', label: 'Current base pay', kind: 'money', group: 'compensation' },
  { key: 'new_salary', label: 'New base pay', kind: 'money', group: 'compensation' },
  { key: 'salary_increase', label: 'Base pay increase', kind: 'money', group: 'compensation' },
  { key: 'bonus', label: 'Bonus', kind: 'money', group: 'compensation' },
  { key: 'lump_sum', label: 'Lump sum', kind: 'money', group: 'compensation' },
  { key: 'total_cash', label: 'Total cash', kind: 'money', group: 'compensation' },
  { key: 'compa_ratio', label: 'Compa-ratio', kind: 'number', group: 'compensation' },
  { key: 'position_in_range', label: 'Position in range', kind: 'percent', group: 'compensation' },
  { key: 'pay_range', label: 'Pay range', kind: 'text', group: 'compensation' },
]

export type MergeTagKey = (typeof MERGE_TAGS)[number]['key']
export type MergeValues = Readonly<Record<string, string | null | undefined>>

const KNOWN = new Set(MERGE_TAGS.map((t) => t.key))

export function isMergeTag(key: string): boolean {
  return KNOWN.has(key)
}

/** What a tag looks like in a text. */
export function mergeTagText(key: string): string {
  return `{{${key}}}`
}

export type MergePart =
  { kind: 'text'; text: string } | { kind: 'tag'; key: string; known: boolean; start: number; end: number }

export interface MergeProblem {
  kind: 'unknown' | 'unclosed'
  /** The characters as typed, e.g. '{{nmae}}'. */
  text: string
  start: number
  end: number
  message: string
}

const OPEN = '{{'
const CLOSE = '}}'

/** Splits a text into plain text and tags; `{{ name }}` may hold spaces around the key. */
export function parseMergeText(text: string): { parts: MergePart[]; problems: MergeProblem[] } {
  const parts: MergePart[] = []
  const problems: MergeProblem[] = []
  let at = 0
  let plain = ''
  while (at < text.length) {
    const open = text.indexOf(OPEN, at)
    if (open < 0) {
      plain += text.slice(at)
      break
    }
    plain += text.slice(at, open)
    const close = text.indexOf(CLOSE, open + OPEN.length)
    const nextOpen = text.indexOf(OPEN, open + OPEN.length)
    if (close === -1 || (nextOpen !== -1 && nextOpen < close)) {
      // '{{' left open: flagged; the braces are dropped from what prints, the words stay.
      const end = nextOpen !== -1 ? nextOpen : text.length
      problems.push({
        kind: 'unclosed',
        text: text.slice(open, end),
        start: open,
        end,
        message: `'{{' at character ${open + 1} is not closed by '}}'.`,
      })
      plain += text.slice(open + OPEN.length, end)
      at = end
      continue
    }
    if (plain) parts.push({ kind: 'text', text: plain })
    plain = ''
    const end = close + CLOSE.length
    const key = text.slice(open + OPEN.length, close).trim()
    const known = KNOWN.has(key)
    parts.push({ kind: 'tag', key, known, start: open, end })
    if (!known)
      problems.push({
        kind: 'unknown',
        text: text.slice(open, end),
        start: open,
        end,
        message: `Unknown merge tag ${text.slice(open, end)}: choose one from Insert tag.`,
      })
    at = end
  }
  if (plain) parts.push({ kind: 'text', text: plain })
  return { parts, problems }
}

/** The problems of a text (what the editor flags while typing). */
export function mergeProblems(text: string): MergeProblem[] {
  return parseMergeText(text).problems
}

/** The text with each known tag replaced by its value (missing: nothing); an unknown tag prints nothing. */
export function renderMergeText(text: string, values: MergeValues): string {
  let out = ''
  for (const part of parseMergeText(text).parts) {
    if (part.kind === 'text') out += part.text
    else if (part.known) out += values[part.key] ?? ''
  }
  return out
}

/** Inserts a tag at the cursor (replacing a selection); answers the new text and cursor. */
export function insertMergeTag(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  key: string,
): { text: string; cursor: number } {
  const start = Math.max(0, Math.min(selectionStart, text.length))
  const end = Math.max(start, Math.min(selectionEnd, text.length))
  const tag = mergeTagText(key)
  return { text: text.slice(0, start) + tag + text.slice(end), cursor: start + tag.length }
}

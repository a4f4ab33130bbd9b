/**
 * One search key for every search box (issue 39): names and team names are matched without case or
 * accents, so "muller", "soren" and "jose" find Müller, Søren and José wherever the user searches
 * (the Compensation Table, Planner Status and the org chart's team search, the Statements picker,
 * Users). Letters that are not a letter plus an accent are spelled out as a user would type them
 * on an English keyboard: ø→o, æ→ae, ß→ss, đ→d, ł→l.
 */

const SPELLED: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
}

const SPELLED_LETTERS = /[øæœßđðłþı]/g
const COMBINING_MARKS = /[\u0300-\u036f]/g
// Anything outside printable ASCII may carry accents or letters to spell out.
const NON_ASCII = /[^ -~]/

/** The text as searches and text sorts compare it: lower case, accents removed, ø→o, æ→ae, ß→ss, đ→d, ł→l. */
export function searchKey(value: string): string {
  const lower = value.toLowerCase()
  if (!NON_ASCII.test(lower)) return lower
  return lower
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .replace(SPELLED_LETTERS, (letter) => SPELLED[letter] ?? letter)
}

/** A search as typed, ready to match: its key, trimmed ('' matches everything). */
export function searchNeedle(typed: string): string {
  return searchKey(typed.trim())
}

/** Whether any of `values` contains the needle (a `searchNeedle`); null values never match. */
export function matchesSearch(needle: string, ...values: (string | null | undefined)[]): boolean {
  if (needle === '') return true
  return values.some((value) => typeof value === 'string' && searchKey(value).includes(needle))
}

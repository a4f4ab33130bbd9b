import fs from 'node:fs'
import {
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  NEUTRAL_FIRST_NAMES,
  NICKNAMES,
} from './builtin-names'
import type { Random } from './random'

export interface PersonName {
  first: string
  /** A middle initial or name. */
  middle: string | null
  last: string
  /** 'Jr', 'III'… */
  suffix: string | null
  preferred: string | null
}

/** Where the demo's people get their names (and, for the real-data source, their job titles). */
export interface NameSource {
  draw(random: Random, gender: string | null): PersonName
  /** Real job titles by pay basis, or null to use the demo's own titles. */
  readonly titles: { readonly salaried: readonly string[]; readonly hourly: readonly string[] } | null
}

export function fullName(name: PersonName): string {
  const parts = [name.first, name.middle, name.last, name.suffix].filter((p): p is string => !!p)
  return parts.join(' ')
}

/** first.last in ASCII: accents folded, apostrophes and other marks dropped. */
export function emailLocalPart(name: PersonName): string {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[øØ]/g, 'o')
      .replace(/[łŁ]/g, 'l')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '')
  const local = [fold(name.preferred ?? name.first), fold(name.last)].filter(Boolean).join('.')
  return local || 'employee'
}

export function builtinNameSource(): NameSource {
  return {
    titles: null,
    draw(random, gender) {
      const firstNames =
        gender === 'Female' ? FEMALE_FIRST_NAMES : gender === 'Male' ? MALE_FIRST_NAMES : NEUTRAL_FIRST_NAMES
      const first = random.pick(firstNames)
      const middle = random.chance(0.3) ? String.fromCharCode(65 + random.int(0, 25)) : null
      const last = random.pick(LAST_NAMES)
      const suffix = random.chance(0.012) ? random.pick(['Jr', 'Sr', 'III']) : null
      const nickname = NICKNAMES[first]
      const preferred = nickname && random.chance(0.4) ? nickname : null
      return { first, middle, last, suffix, preferred }
    },
  }
}

const SUFFIXES = new Set(['JR', 'JR.', 'SR', 'SR.', 'II', 'III', 'IV', 'V'])
const ROMAN = /^(I|II|III|IV|V|VI|VII|VIII|IX|X)$/

/** SMITH → Smith, O'BRIEN → O'Brien, MCGUIRE → McGuire, MACON-IRISH → Macon-Irish. */
export function nameCase(word: string): string {
  return word
    .toLowerCase()
    .split('-')
    .map((part) => {
      let cased = part.charAt(0).toUpperCase() + part.slice(1)
      if (/^.'./.test(cased)) cased = cased.slice(0, 2) + cased.charAt(2).toUpperCase() + cased.slice(3)
      if (/^Mc[a-z]/.test(cased) && cased.length > 3)
        cased = 'Mc' + cased.charAt(2).toUpperCase() + cased.slice(3)
      return cased
    })
    .join('-')
}

function suffixCase(word: string): string {
  return ROMAN.test(word.replace(/\.$/, '')) ? word : nameCase(word)
}

/** 'LAST SUFFIX, FIRST M (NICK)' → First M Last Suffix, with the nickname as the preferred name. */
export function parseListName(raw: string): PersonName {
  const comma = raw.indexOf(',')
  const lastPart = (comma < 0 ? raw : raw.slice(0, comma)).trim().split(/\s+/)
  let rest = comma < 0 ? '' : raw.slice(comma + 1).trim()
  let preferred: string | null = null
  const nick = /\(([^)]+)\)/.exec(rest)
  if (nick) {
    preferred = nick[1].trim().split(/\s+/).map(nameCase).join(' ')
    rest = rest.replace(nick[0], ' ').trim()
  }
  let suffix: string | null = null
  if (lastPart.length > 1 && SUFFIXES.has(lastPart[lastPart.length - 1].toUpperCase())) {
    suffix = suffixCase(lastPart.pop() as string)
  }
  const given = rest.split(/\s+/).filter(Boolean)
  const first = given.length > 0 ? nameCase(given[0]) : ''
  const middle = given.length > 1 ? given.slice(1).map(nameCase).join(' ') : null
  const last = lastPart.map(nameCase).join(' ')
  return { first: first || last, middle, last: first ? last : '', suffix, preferred }
}

const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to'])
const ACRONYMS = new Set([
  'EMT',
  'CDL',
  'IT',
  'HR',
  'GIS',
  'ADA',
  'HVAC',
  'CAPS',
  'OIG',
  'CCPSA',
  'OEMC',
  'CPD',
  'DSS',
])

/** 'POLICE OFFICER (ASSIGNED AS DETECTIVE)' → 'Police Officer (Assigned as Detective)'. */
export function titleCase(text: string): string {
  let first = true
  return text.trim().replace(/[A-Za-z][A-Za-z']*/g, (word) => {
    const upper = word.toUpperCase()
    const lower = word.toLowerCase()
    let result: string
    if (ROMAN.test(upper) || ACRONYMS.has(upper) || (!/[AEIOUY]/.test(upper) && upper.length <= 4))
      result = upper
    else if (!first && SMALL_WORDS.has(lower)) result = lower
    else result = lower.charAt(0).toUpperCase() + lower.slice(1)
    first = false
    return result
  })
}

/** RFC 4180 records of a whole file (quoted fields, doubled quotes, CRLF or LF). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      record.push(field)
      field = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      record.push(field)
      if (record.length > 1 || record[0] !== '') records.push(record)
      record = []
      field = ''
    } else field += c
  }
  if (field !== '' || record.length > 0) {
    record.push(field)
    records.push(record)
  }
  return records
}

interface ListPerson {
  name: PersonName
  title: string
  hourly: boolean
}

const listCache = new Map<string, ListPerson[]>()

/** Reads a names file in the City of Chicago layout (Name, Job Titles, …, Salary or Hourly, …) once per path. */
function readListPeople(filePath: string): ListPerson[] {
  const cached = listCache.get(filePath)
  if (cached) return cached
  const [header, ...rows] = parseCsv(fs.readFileSync(filePath, 'utf8').replace(/^\uFEFF/, ''))
  const column = (name: string) => header.findIndex((h) => h.trim().toLowerCase() === name)
  const nameAt = column('name')
  const titleAt = column('job titles')
  const basisAt = column('salary or hourly')
  if (nameAt < 0) throw new Error(`${filePath} has no 'Name' column.`)
  const people: ListPerson[] = []
  for (const row of rows) {
    const raw = row[nameAt]?.trim()
    if (!raw) continue
    const name = parseListName(raw)
    if (!name.first) continue
    const title = titleAt >= 0 && row[titleAt] ? titleCase(row[titleAt]) : ''
    people.push({ name, title, hourly: basisAt >= 0 && row[basisAt]?.trim().toUpperCase() === 'HOURLY' })
  }
  if (people.length === 0) throw new Error(`${filePath} holds no names.`)
  listCache.set(filePath, people)
  return people
}

/**
 * Names (and job titles) from a real list such as /work/shared/data/chicago-employees.csv. Each
 * row is used once, in a seeded order; past the end, first and last names of different rows mix.
 */
export function listNameSource(filePath: string, random: Random): NameSource {
  const people = readListPeople(filePath)
  const order = random.shuffle(people.map((_, i) => i))
  const distinct = (hourly: boolean) => [
    ...new Set(people.filter((p) => p.hourly === hourly && p.title).map((p) => p.title)),
  ]
  let next = 0
  return {
    titles: { salaried: distinct(false), hourly: distinct(true) },
    draw(drawRandom) {
      const base = people[order[next % order.length]].name
      const lap = Math.floor(next / order.length)
      next++
      if (lap === 0) return base
      const other = people[order[drawRandom.int(0, order.length - 1)]].name
      return { ...base, last: other.last, suffix: other.suffix }
    },
  }
}

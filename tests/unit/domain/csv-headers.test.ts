import { describe, expect, it } from 'vitest'
import {
  columnLetter,
  duplicateHeaderMessage,
  matchHeaders,
  missingHeaderMessage,
} from '../../../src-shared/domain/csv-headers'

const COLUMNS = [
  { header: 'Employee Id', required: true },
  { header: 'Name', required: true },
  { header: 'Email', required: false },
] as const

describe('CSV header matching (admin spec §5)', () => {
  it('finds each spec header by case and surrounding spaces, and drops unrecognised ones', () => {
    const match = matchHeaders(['Favourite Colour', ' EMAIL ', 'name', 'employee id'], COLUMNS)
    expect([...match.columns]).toEqual([
      ['Employee Id', 3],
      ['Name', 2],
      ['Email', 1],
    ])
    expect(match.missingRequired).toEqual([])
    expect(match.duplicated).toEqual([])
  })

  it("lists the missing required headers for 'Your data is missing the required header: <label>'", () => {
    expect(matchHeaders(['Email'], COLUMNS).missingRequired).toEqual(['Employee Id', 'Name'])
    expect(missingHeaderMessage('Name')).toBe('Your data is missing the required header: Name')
    // an optional header the file leaves out is not missing
    expect(matchHeaders(['Employee Id', 'Name'], COLUMNS).missingRequired).toEqual([])
  })

  it('ignores case letter for letter: a lookalike letter is not the header', () => {
    // 'ı' (dotless i) and the ligature 'ﬁ' upper-case to ASCII, but they are not the spec's letters
    const match = matchHeaders(
      ['Employee ıd', 'Name', 'Eﬁmail'],
      [...COLUMNS, { header: 'Efimail', required: false }],
    )
    expect(match.missingRequired).toEqual(['Employee Id'])
    expect(match.columns.has('Efimail')).toBe(false)
  })

  it('reports a spec header the file has more than once, with its columns', () => {
    const match = matchHeaders(['Employee Id', 'Name', 'Email', 'Note', 'email', 'Note'], COLUMNS)
    expect(match.duplicated).toEqual([{ header: 'Email', columns: [2, 4] }])
  })

  it('names columns as a spreadsheet does', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA'])
    expect(duplicateHeaderMessage('Email', [2, 3])).toBe(
      'The header "Email" appears twice, in columns C and D. Keep one and choose the file again.',
    )
    expect(duplicateHeaderMessage('Email', [0, 2, 27])).toBe(
      'The header "Email" appears 3 times, in columns A, C and AB. Keep one and choose the file again.',
    )
  })
})

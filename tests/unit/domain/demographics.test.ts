import {
  ALL_EMPLOYEES_GROUP,
  UNKNOWN_GROUP,
  ageBand,
  categoryGroup,
  compareGroups,
  demographicGroup,
} from '../../../src-shared/domain/demographics'

describe('"Age bands are 10 years wide (for example \'20-29\')"', () => {
  it('bands ages by tens', () => {
    expect(ageBand(20)).toBe('20-29')
    expect(ageBand(29)).toBe('20-29')
    expect(ageBand(29.9)).toBe('20-29')
    expect(ageBand(30)).toBe('30-39')
    expect(ageBand(0)).toBe('0-9')
    expect(ageBand(100)).toBe('100-109')
  })

  it("unknown age is grouped as 'Unknown'", () => {
    expect(UNKNOWN_GROUP).toBe('Unknown')
    expect(ageBand(null)).toBe('Unknown')
    expect(ageBand(undefined)).toBe('Unknown')
    expect(ageBand(-1)).toBe('Unknown')
    expect(ageBand(Number.NaN)).toBe('Unknown')
  })
})

describe('"unknown gender, race or age is grouped as \'Unknown\'"', () => {
  it('keeps known values trimmed and groups the rest as Unknown', () => {
    expect(categoryGroup(' Female ')).toBe('Female')
    expect(categoryGroup('')).toBe('Unknown')
    expect(categoryGroup('   ')).toBe('Unknown')
    expect(categoryGroup(null)).toBe('Unknown')
    expect(categoryGroup('unknown')).toBe('Unknown')
  })

  it('groups a person by gender, race, age band or all employees', () => {
    const person = { gender: 'Male', race: null, age: 42 }
    expect(demographicGroup(person, 'gender')).toBe('Male')
    expect(demographicGroup(person, 'race')).toBe('Unknown')
    expect(demographicGroup(person, 'age')).toBe('40-49')
    expect(demographicGroup(person, 'all')).toBe(ALL_EMPLOYEES_GROUP)
    expect(demographicGroup({}, 'gender')).toBe('Unknown')
  })

  it('orders age bands by age, names alphabetically, Unknown last', () => {
    expect(['Unknown', '100-109', '20-29', '9-9', '30-39'].sort(compareGroups)).toEqual([
      '9-9',
      '20-29',
      '30-39',
      '100-109',
      'Unknown',
    ])
    expect(['Unknown', 'Male', 'Female'].sort(compareGroups)).toEqual(['Female', 'Male', 'Unknown'])
  })

  it('puts Unknown after names that sort after it, and an Unknown beside an Unknown is equal', () => {
    expect(compareGroups('Unknown', 'White')).toBeGreaterThan(0)
    expect(compareGroups('White', 'Unknown')).toBeLessThan(0)
    expect(['White', 'Unknown', 'Asian'].sort(compareGroups)).toEqual(['Asian', 'White', 'Unknown'])
    expect(compareGroups('Unknown', 'Unknown')).toBe(0)
  })

  it('sorts by age only groups that are age bands, whole; names holding numbers sort as names', () => {
    // by age 'x 1-9' would come first; as a name it sorts after the band '5-14'
    expect(compareGroups('x 1-9', '5-14')).toBeGreaterThan(0)
    expect(compareGroups('5-14', 'x 1-9')).toBeLessThan(0)
    // by age '10-19 x' would come after '9-9'; as a name '1' sorts before '9'
    expect(compareGroups('10-19 x', '9-9')).toBeLessThan(0)
    expect(compareGroups('9-9', '10-19 x')).toBeGreaterThan(0)
  })
})

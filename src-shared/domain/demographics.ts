/** Spec §9: unknown gender, race or age is grouped as 'Unknown'. */
export const UNKNOWN_GROUP = 'Unknown'
/** The single group of the "all employees" box plot. */
export const ALL_EMPLOYEES_GROUP = 'All Employees'
/** Spec §9: age bands are 10 years wide ('20-29'). */
export const AGE_BAND_WIDTH = 10

export const DEMOGRAPHIC_GROUPINGS = ['all', 'gender', 'race', 'age'] as const
export type DemographicGrouping = (typeof DEMOGRAPHIC_GROUPINGS)[number]

export interface DemographicPerson {
  gender?: string | null
  race?: string | null
  age?: number | null
}

/** '20-29' for ages 20 to 29 (fractions round down); 'Unknown' for a missing, negative or non-finite age. */
export function ageBand(age: number | null | undefined): string {
  if (age == null || !Number.isFinite(age) || age < 0) return UNKNOWN_GROUP
  const start = Math.floor(age / AGE_BAND_WIDTH) * AGE_BAND_WIDTH
  return `${start}-${start + AGE_BAND_WIDTH - 1}`
}

/** A gender or race as written (trimmed); blank or missing is 'Unknown', and so is any spelling of "unknown". */
export function categoryGroup(value: string | null | undefined): string {
  const trimmed = value?.trim() ?? ''
  return trimmed === '' || trimmed.toLowerCase() === UNKNOWN_GROUP.toLowerCase() ? UNKNOWN_GROUP : trimmed
}

/** The box-plot group of a person: gender, race, age band, or one group for everyone. */
export function demographicGroup(person: DemographicPerson, grouping: DemographicGrouping): string {
  switch (grouping) {
    case 'gender':
      return categoryGroup(person.gender)
    case 'race':
      return categoryGroup(person.race)
    case 'age':
      return ageBand(person.age)
    case 'all':
      return ALL_EMPLOYEES_GROUP
  }
}

/** Orders groups for display: age bands by age, other names alphabetically, 'Unknown' last. */
export function compareGroups(a: string, b: string): number {
  if (a === b) return 0
  if (a === UNKNOWN_GROUP) return 1
  if (b === UNKNOWN_GROUP) return -1
  const ageA = /^(\d+)-\d+$/.exec(a)
  const ageB = /^(\d+)-\d+$/.exec(b)
  if (ageA && ageB) return Number(ageA[1]) - Number(ageB[1])
  return a.localeCompare(b, 'en-US')
}

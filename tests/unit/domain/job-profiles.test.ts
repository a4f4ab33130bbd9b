import { describe, expect, it } from 'vitest'
import { jobProfileLabel, matchesJobProfile } from '../../../src-shared/domain/job-profiles'

const senior = { jobCode: 'ENG-P3-US', jobProfile: 'P3 Senior Professional', jobFamily: 'Engineering' }

describe('job profiles as the table names and finds them', () => {
  it('names a profile by its level and code, or by its code alone', () => {
    expect(jobProfileLabel(senior)).toBe('P3 Senior Professional (ENG-P3-US)')
    expect(jobProfileLabel({ jobCode: 'X-1', jobProfile: null })).toBe('X-1')
  })

  it('finds a profile by every typed word in its code, level or family, in any case', () => {
    expect(matchesJobProfile(senior, '')).toBe(true)
    expect(matchesJobProfile(senior, 'eng-p3')).toBe(true)
    expect(matchesJobProfile(senior, 'senior engineering')).toBe(true)
    expect(matchesJobProfile(senior, 'senior finance')).toBe(false)
    expect(matchesJobProfile({ jobCode: 'X-1', jobProfile: null }, 'x-1')).toBe(true)
  })
})

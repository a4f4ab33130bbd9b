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

  it('a profile whose level name is empty is named by its code', () => {
    expect(jobProfileLabel({ jobCode: 'X-1', jobProfile: '' })).toBe('X-1')
  })

  it('typed words in capitals match; a word does not match across two fields', () => {
    expect(matchesJobProfile(senior, 'SENIOR Eng')).toBe(true)
    expect(matchesJobProfile(senior, '  professional   ')).toBe(true)
    // 'US' ends the code and 'P3' starts the level: 'usp3' is in neither.
    expect(matchesJobProfile(senior, 'usp3')).toBe(false)
    expect(matchesJobProfile(senior, 'was')).toBe(false)
    // Without a level name or family only the code is searched: the first letter of another word finds nothing.
    const bare = { jobCode: 'X-1', jobProfile: null, jobFamily: null }
    expect(matchesJobProfile(bare, 'x-1 null')).toBe(false)
    expect(matchesJobProfile(bare, 'e')).toBe(false)
    expect(matchesJobProfile({ jobCode: 'X-1', jobProfile: 'P1' }, 'e')).toBe(false)
  })
})

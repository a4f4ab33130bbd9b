/**
 * Job profiles (planning spec §3: id, job_code, job_profile (level), job_family, job_family_group,
 * exemption_status, pay_range): how the table names an employee's new job profile and how its
 * picker finds one.
 */

export interface NamedJobProfile {
  jobCode: string
  jobProfile: string | null
  jobFamily?: string | null
}

/** "<job profile> (<job code>)", or the job code alone when the profile has no level name. */
export function jobProfileLabel(profile: NamedJobProfile): string {
  return profile.jobProfile ? `${profile.jobProfile} (${profile.jobCode})` : profile.jobCode
}

/** Whether every word typed appears in the profile's code, level name or family (any case). */
export function matchesJobProfile(profile: NamedJobProfile, text: string): boolean {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const haystack = [profile.jobCode, profile.jobProfile ?? '', profile.jobFamily ?? '']
    .join(' ')
    .toLowerCase()
  return words.every((word) => haystack.includes(word))
}

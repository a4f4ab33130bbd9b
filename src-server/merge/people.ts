import { z } from 'zod'
import { text } from '../../src-shared/contract/text'
import type { HrisPerson } from '../../src-shared/domain/hris-import'
import { HttpError } from '../http/errors'
import { callMerge } from './client'
import type { MergeSettings } from './settings'

/** Merge's HRIS employees, their employments (job and pay) and manager, with the HRIS's own data. */
export const EMPLOYEES_PATH =
  '/api/hris/v1/employees?expand=employments,manager&include_remote_data=true&page_size=100'

/** The most pages one import reads (100 people each): a cursor that never ends stops here. */
export const MAX_PAGES = 2_000

const optionalText = text().nullish()
const remoteData = z.array(z.object({ path: optionalText, data: z.unknown() })).nullish()
const payRate = z.union([z.number(), text().regex(/^-?\d+(\.\d+)?$/)]).nullish()

const employment = z.object({
  id: text(),
  job_title: optionalText,
  pay_rate: payRate,
  pay_period: optionalText,
  pay_currency: optionalText,
  flsa_status: optionalText,
  effective_date: optionalText,
  remote_data: remoteData,
})

const employee = z.object({
  id: text(),
  remote_id: optionalText,
  employee_number: optionalText,
  first_name: optionalText,
  last_name: optionalText,
  preferred_name: optionalText,
  display_full_name: optionalText,
  work_email: optionalText,
  personal_email: optionalText,
  manager: z.union([text(), z.object({ id: text() })]).nullish(),
  employments: z.array(z.union([text(), employment])).nullish(),
  start_date: optionalText,
  employment_status: optionalText,
  gender: optionalText,
  ethnicity: optionalText,
  date_of_birth: optionalText,
  remote_data: remoteData,
  remote_was_deleted: z.boolean().nullish(),
})

/** A page of Merge's list endpoints: `results`, and `next`, the cursor of the next page (null on the last). */
const page = z.object({ next: optionalText, previous: optionalText, results: z.array(employee) })

type MergeEmployee = z.infer<typeof employee>
type MergeEmployment = z.infer<typeof employment>
type RemoteData = z.infer<typeof remoteData>

const JOB_CODE_KEYS = new Set(['jobcode', 'job_code', 'jobid', 'job_id'])

/** A job code in the HRIS's own data (remote_data), where Merge's common model has none. */
export function remoteJobCode(...sources: RemoteData[]): string | null {
  for (const entries of sources)
    for (const entry of entries ?? []) {
      if (!entry.data || typeof entry.data !== 'object') continue
      for (const [key, value] of Object.entries(entry.data))
        if (JOB_CODE_KEYS.has(key.toLowerCase()) && (typeof value === 'string' || typeof value === 'number'))
          return String(value).trim() || null
    }
  return null
}

/** The employment in force: the latest effective date among the expanded ones. */
function currentEmployment(person: MergeEmployee): MergeEmployment | null {
  const expanded = (person.employments ?? []).filter((e): e is MergeEmployment => typeof e !== 'string')
  return expanded.reduce<MergeEmployment | null>(
    (latest, e) => (!latest || (e.effective_date ?? '') > (latest.effective_date ?? '') ? e : latest),
    null,
  )
}

export function personOf(e: MergeEmployee): HrisPerson {
  const job = currentEmployment(e)
  const name = e.display_full_name?.trim() || [e.first_name, e.last_name].filter(Boolean).join(' ').trim()
  const rate = job?.pay_rate
  return {
    id: e.id,
    employeeNumber: e.employee_number?.trim() || e.remote_id?.trim() || e.id,
    name,
    preferredName: e.preferred_name?.trim() || null,
    email: e.work_email?.trim() || e.personal_email?.trim() || null,
    managerId: typeof e.manager === 'string' ? e.manager : (e.manager?.id ?? null),
    hireDate: e.start_date ?? null,
    employmentStatus: e.employment_status ?? null,
    gender: e.gender ?? null,
    ethnicity: e.ethnicity ?? null,
    dateOfBirth: e.date_of_birth ?? null,
    jobTitle: job?.job_title?.trim() || null,
    jobCode: remoteJobCode(job?.remote_data, e.remote_data),
    payRate: rate === null || rate === undefined ? null : Number(rate),
    payPeriod: job?.pay_period ?? null,
    payCurrency: job?.pay_currency ?? null,
    flsaStatus: job?.flsa_status ?? null,
  }
}

/** Every employee of the linked HRIS, page by page (`next` cursor), deleted ones left out. */
export async function fetchPeople(
  settings: MergeSettings & { apiKey: string },
  accountToken: string,
): Promise<HrisPerson[]> {
  const people: HrisPerson[] = []
  let cursor: string | null = null
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const path: string = cursor ? `${EMPLOYEES_PATH}&cursor=${encodeURIComponent(cursor)}` : EMPLOYEES_PATH
    const answer = page.safeParse(await callMerge(settings, { method: 'GET', path, accountToken }))
    if (!answer.success) {
      const issue = answer.error.issues[0]
      throw new HttpError(
        502,
        `Merge's employees page is not in the shape Merge documents: ${issue.path.join('.')}: ${issue.message}`,
      )
    }
    for (const e of answer.data.results) if (!e.remote_was_deleted) people.push(personOf(e))
    cursor = answer.data.next ?? null
    if (!cursor) return people
  }
  throw new HttpError(502, `Merge's employees list goes on past ${MAX_PAGES} pages; nothing was imported.`)
}

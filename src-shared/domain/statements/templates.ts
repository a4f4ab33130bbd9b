import { textRefusal } from '../free-text'
import { hasAdminPowers, type RoleName } from '../roles'
import { mergeProblems } from './merge-tags'

/**
 * Who writes the company's statement templates on a company server (issue 34): the admin roles and
 * the communications manager, whose page Reward Statements is. A template is the company's letter
 * that every sender mails, so a planner (who sends their teams' statements) and a manager may not
 * make or change one: a planner's template would reach every employee another sender mails.
 */
export function mayChangeCompanyTemplates(role: RoleName): boolean {
  return hasAdminPowers(role) || role === 'COMM_MANAGER'
}

/** The roles that may, in words, for a refusal: "ask an owner, admin or communications manager". */
export const COMPANY_TEMPLATE_WRITERS = 'an owner, admin or communications manager'

/** Spec §3: the data-tag toggles of a reward statement template, in the order the statement shows them. */
export const DATA_TAGS = [
  'salary',
  'bonus',
  'lump_sum',
  'totalCash',
  'compaRatio',
  'positionInRange',
  'pay_range',
] as const
export type DataTag = (typeof DATA_TAGS)[number]
export type DataTags = Record<DataTag, boolean>

export const DATA_TAG_LABELS: Record<DataTag, string> = {
  salary: 'Base pay',
  bonus: 'Bonus',
  lump_sum: 'Lump sum',
  totalCash: 'Total cash',
  compaRatio: 'Compa-ratio',
  positionInRange: 'Position in range',
  pay_range: 'Pay range',
}

export function isDataTag(value: string): value is DataTag {
  return (DATA_TAGS as readonly string[]).includes(value)
}

/** A new template shows base pay, bonus, lump sum and total cash. */
export const DEFAULT_DATA_TAGS: DataTags = {
  salary: true,
  bonus: true,
  lump_sum: true,
  totalCash: true,
  compaRatio: false,
  positionInRange: false,
  pay_range: false,
}

/** Only these toggles on (the CLI's --tags a,b); every other off. */
export function dataTagsOf(on: readonly DataTag[]): DataTags {
  const tags = { ...DEFAULT_DATA_TAGS }
  for (const tag of DATA_TAGS) tags[tag] = on.includes(tag)
  return tags
}

/** What an editor sends: the spec's template fields (logo as a data: URL kept in the workbook). */
export interface StatementTemplateDraft {
  name: string
  logo: string | null
  intro: string
  closing: string
  dataTags: DataTags
}

export const DEFAULT_INTRO =
  'Dear {{name}},\n\nThank you for your contributions this year. This statement sets out your compensation effective {{effective_date}}.'
export const DEFAULT_CLOSING =
  'If you have questions about this statement, please speak with {{manager}}.\n\nThank you for everything you do.'

export function newTemplateDraft(name = 'New template'): StatementTemplateDraft {
  return {
    name,
    logo: null,
    intro: DEFAULT_INTRO,
    closing: DEFAULT_CLOSING,
    dataTags: { ...DEFAULT_DATA_TAGS },
  }
}

export const TEMPLATE_NAME_MAX = 120
export const TEMPLATE_TEXT_MAX = 5000
/** A logo is kept in the workbook: PNG or JPEG, at most 1 MiB. */
export const LOGO_MAX_BYTES = 1024 * 1024
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const

export interface TemplateProblem {
  field: 'name' | 'logo' | 'intro' | 'closing'
  message: string
}

const LOGO_DATA_URL = /^data:(image\/png|image\/jpeg);base64,([A-Za-z0-9+/]+={0,2})$/

/** Bytes of a base64 data: URL's payload. */
function base64Bytes(payload: string): number {
  const whole = (payload.length / 4) * 3
  if (payload.endsWith('==')) return whole - 2
  return payload.endsWith('=') ? whole - 1 : whole
}

/** Everything wrong with a draft at once; empty when it may be saved. */
export function templateProblems(draft: StatementTemplateDraft): TemplateProblem[] {
  const problems: TemplateProblem[] = []
  const name = draft.name.trim()
  const nameRefusal = textRefusal('Name', draft.name)
  if (!name) problems.push({ field: 'name', message: 'A template needs a name.' })
  else if (nameRefusal !== null) problems.push({ field: 'name', message: nameRefusal })
  else if (name.length > TEMPLATE_NAME_MAX)
    problems.push({ field: 'name', message: `A template name has at most ${TEMPLATE_NAME_MAX} characters.` })
  if (draft.logo !== null) {
    const match = LOGO_DATA_URL.exec(draft.logo)
    if (!match) problems.push({ field: 'logo', message: 'The logo must be a PNG or JPEG image.' })
    else if (base64Bytes(match[2]) > LOGO_MAX_BYTES)
      problems.push({ field: 'logo', message: 'The logo is larger than 1 MB; choose a smaller image.' })
  }
  for (const field of ['intro', 'closing'] as const) {
    const text = draft[field]
    const label = field === 'intro' ? 'Intro' : 'Closing'
    const refusal = textRefusal(label, text)
    if (refusal !== null) problems.push({ field, message: refusal })
    else if (text.length > TEMPLATE_TEXT_MAX)
      problems.push({ field, message: `${label} text has at most ${TEMPLATE_TEXT_MAX} characters.` })
    for (const problem of mergeProblems(text))
      problems.push({ field, message: `${label}: ${problem.message}` })
  }
  return problems
}

/** A POST reward-statements/ without a template when the company has none (issue 38). */
export const NO_TEMPLATE_YET =
  'template: the company has no statement template yet; create one (reward-statements-templates/) or name one.'

/**
 * The company's default template, used when a call leaves the template out (spec §7: POST
 * reward-statements/ "takes employee"): the one edited last, the newest of equals; null when none.
 */
export function defaultTemplate<T extends { id: number; modifiedAt: string }>(
  templates: readonly T[],
): T | null {
  let chosen: T | null = null
  for (const t of templates)
    if (
      !chosen ||
      t.modifiedAt > chosen.modifiedAt ||
      (t.modifiedAt === chosen.modifiedAt && t.id > chosen.id)
    )
      chosen = t
  return chosen
}

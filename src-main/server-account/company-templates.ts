import type { MailTemplate, ServerTemplateDto } from '../../src-shared/contract/statement-mail'
import { DATA_TAGS } from '../../src-shared/domain/statements/templates'
import type { ServerTransport } from './transport'

/**
 * The desktop's template as a company template on the server, which is what bulk-mail-statement
 * renders (issue 34). A template is the company's of the same name (names are unique, case aside,
 * on both sides): created when missing, brought to the desktop's content when it differs. The id
 * is kept for the later steps of one send; each send's first step checks again.
 */

const TEMPLATES = 'api/employee/reward-statements-templates/'

/** Per account: the server and template content last made a company template, and its id. */
const known = new WeakMap<object, Map<string, number>>()

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

function sameContent(server: ServerTemplateDto, desktop: MailTemplate): boolean {
  return (
    server.name === desktop.name.trim() &&
    server.logo_url === desktop.logo_url &&
    server.template_content.intro === desktop.template_content.intro &&
    server.template_content.closing === desktop.template_content.closing &&
    DATA_TAGS.every((tag) => server.data_tags[tag] === desktop.data_tags[tag])
  )
}

async function found(transport: ServerTransport, template: MailTemplate): Promise<ServerTemplateDto | null> {
  const listed = await transport.call<ServerTemplateDto[]>('GET', TEMPLATES)
  return listed.find((t) => sameName(t.name, template.name)) ?? null
}

async function ensure(transport: ServerTransport, template: MailTemplate): Promise<number> {
  const existing = await found(transport, template)
  if (existing) {
    if (!sameContent(existing, template))
      await transport.call<ServerTemplateDto>('PATCH', `${TEMPLATES}${existing.id}/`, template)
    return existing.id
  }
  try {
    return (await transport.call<ServerTemplateDto>('POST', TEMPLATES, template)).id
  } catch (error) {
    // Another desktop created it meanwhile (409 on the name): use theirs, with this content.
    const raced = await found(transport, template)
    if (!raced) throw error
    await transport.call<ServerTemplateDto>('PATCH', `${TEMPLATES}${raced.id}/`, template)
    return raced.id
  }
}

/**
 * The id of the company template holding `template`: looked up (and created or updated) on a send's
 * first step, and on a later step whose server or content is not the one seen before.
 */
export async function companyTemplateId(
  transport: ServerTransport,
  account: object,
  template: MailTemplate,
  firstStep: boolean,
): Promise<number> {
  const cache = known.get(account) ?? new Map<string, number>()
  known.set(account, cache)
  const key = JSON.stringify([transport.server, template])
  const hit = cache.get(key)
  if (!firstStep && hit !== undefined) return hit
  const id = await ensure(transport, template)
  cache.set(key, id)
  return id
}

import { sql, type Selectable } from 'kysely'
import type { ServerTemplateDto } from '../../src-shared/contract/statement-mail'
import type { z } from 'zod'
import type { templateCreateSchema, templatePatchSchema } from '../../src-shared/contract/statement-mail'
import {
  defaultTemplate,
  NO_TEMPLATE_YET,
  newTemplateDraft,
  templateProblems,
  type DataTags,
  type StatementTemplateDraft,
} from '../../src-shared/domain/statements/templates'
import type { ServerContext } from '../context'
import type { RewardTemplateTable } from '../db/schema'
import type { Caller } from '../http/context'
import { HttpError, isUniqueViolation } from '../http/errors'

type TemplateRow = Selectable<RewardTemplateTable>

const isoOf = (value: Date | string) => (value instanceof Date ? value.toISOString() : String(value))

/** The spec's template entity: name, logo_url, modified_at, template_content (intro, closing), data_tags. */
export function templateDto(row: TemplateRow): ServerTemplateDto {
  return {
    id: row.id,
    name: row.name,
    logo_url: row.logo,
    modified_at: isoOf(row.modified_at),
    template_content: { intro: row.intro, closing: row.closing },
    data_tags: { ...newTemplateDraft().dataTags, ...(row.data_tags as Partial<DataTags>) },
  }
}

/** The desktop's draft of a row, as its editor and renderer read it. */
export const draftOf = (row: TemplateRow): StatementTemplateDraft => {
  const dto = templateDto(row)
  return {
    name: dto.name,
    logo: dto.logo_url,
    intro: dto.template_content.intro,
    closing: dto.template_content.closing,
    dataTags: dto.data_tags,
  }
}

const nameTaken = (name: string) => `A template named "${name}" already exists.`

/** The desktop editor's rules (unknown merge tags, lengths, logo), then a name no other template has. */
async function checked(
  context: ServerContext,
  companyId: number,
  draft: StatementTemplateDraft,
  id: number | null,
): Promise<StatementTemplateDraft> {
  const problems = templateProblems(draft)
  if (problems.length > 0) throw new HttpError(400, problems.map((p) => p.message).join(' '))
  const name = draft.name.trim()
  const clash = await context.db
    .selectFrom('reward_template')
    .select('name')
    .where('company_id', '=', companyId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .$if(id !== null, (q) => q.where('id', '!=', id as number))
    .executeTakeFirst()
  if (clash) throw new HttpError(409, nameTaken(clash.name))
  return { ...draft, name }
}

const columns = (draft: StatementTemplateDraft) => ({
  name: draft.name,
  logo: draft.logo,
  intro: draft.intro,
  closing: draft.closing,
  data_tags: JSON.stringify(draft.dataTags),
})

export async function listTemplates(context: ServerContext, companyId: number): Promise<ServerTemplateDto[]> {
  const rows = await context.db
    .selectFrom('reward_template')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('name')
    .orderBy('id')
    .execute()
  return rows.map(templateDto)
}

/** The company's default template's id (the domain's `defaultTemplate`); 400 when it has none. */
export async function defaultTemplateId(context: ServerContext, companyId: number): Promise<number> {
  const rows = await context.db
    .selectFrom('reward_template')
    .select(['id', 'modified_at'])
    .where('company_id', '=', companyId)
    .execute()
  const chosen = defaultTemplate(
    rows.map((r) => ({ id: r.id, modifiedAt: new Date(r.modified_at as Date | string).toISOString() })),
  )
  if (!chosen) throw new HttpError(400, NO_TEMPLATE_YET)
  return chosen.id
}

export async function templateRow(
  context: ServerContext,
  companyId: number,
  id: number,
): Promise<TemplateRow> {
  const row = await context.db
    .selectFrom('reward_template')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) throw new HttpError(404, `No template has the id ${id}.`)
  return row
}

export async function createTemplate(
  context: ServerContext,
  caller: Caller,
  body: z.infer<typeof templateCreateSchema>,
): Promise<ServerTemplateDto> {
  const base = newTemplateDraft(body.name)
  const draft = await checked(
    context,
    caller.companyId,
    {
      name: body.name,
      logo: body.logo_url ?? null,
      intro: body.template_content?.intro ?? base.intro,
      closing: body.template_content?.closing ?? base.closing,
      dataTags: { ...base.dataTags, ...body.data_tags },
    },
    null,
  )
  const row = await context.db
    .insertInto('reward_template')
    .values({
      company_id: caller.companyId,
      ...columns(draft),
      created_by: caller.userId,
      modified_at: context.now(),
    })
    // The same name created meanwhile by a concurrent call: the check's 409, not the index's error.
    .onConflict((oc) => oc.expression(sql`company_id, lower(name)`).doNothing())
    .returningAll()
    .executeTakeFirst()
  if (!row) throw new HttpError(409, nameTaken(draft.name))
  return templateDto(row)
}

export async function patchTemplate(
  context: ServerContext,
  caller: Caller,
  id: number,
  body: z.infer<typeof templatePatchSchema>,
): Promise<ServerTemplateDto> {
  const before = draftOf(await templateRow(context, caller.companyId, id))
  const draft = await checked(
    context,
    caller.companyId,
    {
      name: body.name ?? before.name,
      logo: body.logo_url === undefined ? before.logo : body.logo_url,
      intro: body.template_content?.intro ?? before.intro,
      closing: body.template_content?.closing ?? before.closing,
      dataTags: { ...before.dataTags, ...body.data_tags },
    },
    id,
  )
  const row = await context.db
    .updateTable('reward_template')
    .set({ ...columns(draft), modified_at: context.now() })
    .where('company_id', '=', caller.companyId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new HttpError(409, nameTaken(draft.name))
      throw error
    })
  if (!row) throw new HttpError(404, `No template has the id ${id}.`)
  return templateDto(row)
}

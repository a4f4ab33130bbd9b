import type {
  SessionUser,
  StatementTemplateDto,
  StatementTemplateSummary,
  TemplateChange,
} from '../../../src-shared/contract'
import {
  DATA_TAGS,
  DEFAULT_DATA_TAGS,
  templateProblems,
  type DataTags,
  type StatementTemplateDraft,
} from '../../../src-shared/domain/statements/templates'
import type { Workbook } from '../../workbook/open'
import { appendChangeLogRow, readChangeLogEntry } from '../../workbook/queries/change-log'
import {
  deleteTemplateRow,
  findTemplateByName,
  listTemplates,
  nextTemplateId,
  readTemplate,
  writeTemplate,
  type StoredTemplate,
} from '../../workbook/queries/statement-templates'
import { Failure } from '../failure'

/** Reward statement templates: list, save (create or edit), delete, and undo of each from the change log. */

const ENTITY = 'statement_template'

function dataTagsOf(stored: Record<string, boolean>): DataTags {
  const tags = { ...DEFAULT_DATA_TAGS }
  for (const tag of DATA_TAGS) if (typeof stored[tag] === 'boolean') tags[tag] = stored[tag]
  return tags
}

export function templateDto(t: StoredTemplate): StatementTemplateDto {
  return {
    id: t.id,
    name: t.name,
    logo: t.logo,
    intro: t.intro,
    closing: t.closing,
    dataTags: dataTagsOf(t.dataTags),
    modifiedAt: t.modifiedAt,
  }
}

export function templateSummaries(workbook: Workbook): StatementTemplateSummary[] {
  return listTemplates(workbook).map((t) => ({
    id: t.id,
    name: t.name,
    hasLogo: t.logo !== null,
    dataTags: dataTagsOf(t.dataTags),
    modifiedAt: t.modifiedAt,
  }))
}

export function getTemplate(workbook: Workbook, id: number): StatementTemplateDto {
  const stored = readTemplate(workbook, id)
  if (!stored) throw new Failure('NOT_FOUND', 'Failed to load template')
  return templateDto(stored)
}

/** A template by name (the CLI), else by id text. */
export function templateByName(workbook: Workbook, name: string): StatementTemplateDto {
  const stored = findTemplateByName(workbook, name)
  if (!stored) throw new Failure('NOT_FOUND', `No template is named "${name}".`)
  return templateDto(stored)
}

/** Refuses a draft with every problem at once (the editor shows the same list while typing). */
export function checkDraft(draft: StatementTemplateDraft): void {
  const problems = templateProblems(draft)
  if (problems.length > 0) throw new Failure('BAD_INPUT', problems.map((p) => p.message).join(' '))
}

export function saveTemplate(
  workbook: Workbook,
  user: SessionUser,
  id: number | null,
  draft: StatementTemplateDraft,
): TemplateChange {
  checkDraft(draft)
  const name = draft.name.trim()
  const clash = findTemplateByName(workbook, name)
  if (clash && clash.id !== id)
    throw new Failure('BAD_INPUT', `A template named "${clash.name}" already exists.`)
  const at = new Date().toISOString()
  return workbook.sqlite.transaction(() => {
    const before = id === null ? null : readTemplate(workbook, id)
    if (id !== null && !before) throw new Failure('NOT_FOUND', 'Failed to load template')
    const after: StoredTemplate = {
      id: id ?? nextTemplateId(workbook),
      name,
      logo: draft.logo,
      intro: draft.intro,
      closing: draft.closing,
      dataTags: { ...draft.dataTags },
      modifiedAt: at,
    }
    writeTemplate(workbook, after, before === null)
    const changeLogId = appendChangeLogRow(workbook, {
      at,
      userId: user.id,
      entity: ENTITY,
      entityId: String(after.id),
      action: before ? 'update' : 'create',
      oldValue: before,
      newValue: after,
    })
    return {
      template: templateDto(after),
      changeLogId,
      message: before ? `Saved template ${name}` : `Created template ${name}`,
    }
  })()
}

export function deleteTemplate(workbook: Workbook, user: SessionUser, id: number): TemplateChange {
  return workbook.sqlite.transaction(() => {
    const before = readTemplate(workbook, id)
    if (!before) throw new Failure('NOT_FOUND', 'Failed to load template')
    deleteTemplateRow(workbook, id)
    const changeLogId = appendChangeLogRow(workbook, {
      at: new Date().toISOString(),
      userId: user.id,
      entity: ENTITY,
      entityId: String(id),
      action: 'delete',
      oldValue: before,
      newValue: null,
    })
    return { template: null, changeLogId, message: `Deleted template ${before.name}` }
  })()
}

/** Puts a template back as it was before or after a change-log entry (a delete's undo re-creates it, same id). */
export function restoreTemplate(
  workbook: Workbook,
  user: SessionUser,
  changeLogId: number,
  side: 'before' | 'after',
): TemplateChange {
  const entry = readChangeLogEntry(workbook, changeLogId, ENTITY)
  if (!entry || entry.entityId === null)
    throw new Failure('NOT_FOUND', 'That template change is no longer in the history.')
  const id = Number(entry.entityId)
  const text = side === 'before' ? entry.oldValue : entry.newValue
  const target = text === null ? null : (JSON.parse(text) as StoredTemplate | null)
  return workbook.sqlite.transaction(() => {
    const current = readTemplate(workbook, id)
    if (target) {
      const clash = findTemplateByName(workbook, target.name)
      if (clash && clash.id !== id)
        throw new Failure('BAD_INPUT', `A template named "${clash.name}" already exists; rename it first.`)
      writeTemplate(workbook, { ...target, modifiedAt: new Date().toISOString() }, current === null)
    } else if (current) deleteTemplateRow(workbook, id)
    const restoreId = appendChangeLogRow(workbook, {
      at: new Date().toISOString(),
      userId: user.id,
      entity: ENTITY,
      entityId: String(id),
      action: 'restore',
      oldValue: current,
      newValue: target,
    })
    const restored = target ? readTemplate(workbook, id) : null
    const name = target?.name ?? current?.name ?? 'template'
    return {
      template: restored ? templateDto(restored) : null,
      changeLogId: restoreId,
      message: restored ? `Restored template ${name}` : `Removed template ${name}`,
    }
  })()
}

import type { Workbook } from '../open'

/** Reward statement templates (spec §3), read and written synchronously by the statements service. */

export interface StoredTemplate {
  id: number
  name: string
  logo: string | null
  intro: string
  closing: string
  dataTags: Record<string, boolean>
  modifiedAt: string
}

interface TemplateRow {
  id: number
  name: string
  logo_url: string | null
  template_content: string
  data_tags: string
  modified_at: string
}

function templateOf(row: TemplateRow): StoredTemplate {
  const content = JSON.parse(row.template_content) as { intro?: string; closing?: string }
  return {
    id: row.id,
    name: row.name,
    logo: row.logo_url,
    intro: content.intro ?? '',
    closing: content.closing ?? '',
    dataTags: JSON.parse(row.data_tags) as Record<string, boolean>,
    modifiedAt: row.modified_at,
  }
}

export function listTemplates(workbook: Workbook): StoredTemplate[] {
  const rows = workbook.sqlite
    .prepare('SELECT * FROM statement_template ORDER BY name COLLATE NOCASE, id')
    .all() as TemplateRow[]
  return rows.map(templateOf)
}

export function readTemplate(workbook: Workbook, id: number): StoredTemplate | null {
  const row = workbook.sqlite.prepare('SELECT * FROM statement_template WHERE id = ?').get(id) as
    TemplateRow | undefined
  return row ? templateOf(row) : null
}

export function findTemplateByName(workbook: Workbook, name: string): StoredTemplate | null {
  const row = workbook.sqlite
    .prepare('SELECT * FROM statement_template WHERE name = ? COLLATE NOCASE ORDER BY id LIMIT 1')
    .get(name.trim()) as TemplateRow | undefined
  return row ? templateOf(row) : null
}

/** Writes a template (a new one, or the one with `template.id`, which is re-created after a delete's undo). */
export function writeTemplate(workbook: Workbook, template: StoredTemplate, insert: boolean): void {
  const values = [
    template.name,
    template.logo,
    JSON.stringify({ intro: template.intro, closing: template.closing }),
    JSON.stringify(template.dataTags),
    template.modifiedAt,
  ]
  if (insert)
    workbook.sqlite
      .prepare(
        'INSERT INTO statement_template (id, name, logo_url, template_content, data_tags, modified_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(template.id, ...values)
  else
    workbook.sqlite
      .prepare(
        'UPDATE statement_template SET name = ?, logo_url = ?, template_content = ?, data_tags = ?, modified_at = ? WHERE id = ?',
      )
      .run(...values, template.id)
}

export function nextTemplateId(workbook: Workbook): number {
  return (
    ((workbook.sqlite.prepare('SELECT MAX(id) AS id FROM statement_template').get() as { id: number | null })
      .id ?? 0) + 1
  )
}

export function deleteTemplateRow(workbook: Workbook, id: number): void {
  workbook.sqlite.prepare('DELETE FROM statement_template WHERE id = ?').run(id)
}

import fs from 'node:fs'
import path from 'node:path'
import type { StatementScope } from '../../src-shared/contract'
import {
  DATA_TAGS,
  dataTagsOf,
  isDataTag,
  newTemplateDraft,
} from '../../src-shared/domain/statements/templates'
import { Failure } from '../services/failure'
import type { Flags, Output } from './commands'
import { print } from './planning-commands'
import { UsageError } from './usage'
import { withSession } from './workbook-session'

/** `statements`: reward statement templates, and PDFs of a team, some employees or everyone. */

const str = (flags: Flags, name: string): string | undefined => {
  const value = flags[name]
  if (value === true) throw new UsageError(`--${name} needs a value.`)
  return typeof value === 'string' ? value : undefined
}

function tagsArg(text: string | undefined) {
  if (text === undefined) return undefined
  const tags = text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
  const unknown = tags.filter((t) => !isDataTag(t))
  if (unknown.length > 0)
    throw new UsageError(`Unknown data tag ${unknown.join(', ')}: use ${DATA_TAGS.join(', ')}.`)
  return dataTagsOf(tags.filter(isDataTag))
}

function logoArg(file: string | undefined): string | null {
  if (file === undefined) return null
  const ext = path.extname(file).toLowerCase()
  const type = ext === '.png' ? 'image/png' : ext === '.jpg' || ext === '.jpeg' ? 'image/jpeg' : null
  if (!type) throw new UsageError('--logo must be a .png, .jpg or .jpeg file.')
  return `data:${type};base64,${fs.readFileSync(file).toString('base64')}`
}

export async function statementsCommand(
  file: string,
  flags: Flags,
  out: Output,
  args: string[],
): Promise<void> {
  const [action, sub, ...rest] = args
  if (rest.length > 0) throw new UsageError(`Unexpected argument "${rest[0]}".`)
  if (action === 'template') {
    if (sub !== 'list' && sub !== 'add')
      throw new UsageError(`statements template needs list or add${sub ? `, not "${sub}"` : ''}.`)
    await withSession(file, flags, async (session) => {
      if (sub === 'list') {
        const templates = await session.call('statements.templates', {})
        print(
          out,
          flags,
          templates,
          templates.length === 0
            ? 'No templates.'
            : templates
                .map((t) => `${t.name}\t${DATA_TAGS.filter((tag) => t.dataTags[tag]).join(',')}`)
                .join('\n'),
        )
        return
      }
      const name = str(flags, 'name')
      if (!name) throw new UsageError('statements template add needs --name <name>.')
      const base = newTemplateDraft(name)
      const draft = {
        ...base,
        intro: str(flags, 'intro') ?? base.intro,
        closing: str(flags, 'closing') ?? base.closing,
        dataTags: tagsArg(str(flags, 'tags')) ?? base.dataTags,
        logo: logoArg(str(flags, 'logo')),
      }
      const saved = await session.call('statements.saveTemplate', { id: null, draft })
      print(out, flags, saved.template, saved.message)
    })
    return
  }
  if (action === 'generate') {
    if (sub !== undefined) throw new UsageError(`Unexpected argument "${sub}".`)
    const templateName = str(flags, 'template')
    const folder = str(flags, 'out')
    if (!templateName || !folder)
      throw new UsageError('statements generate needs --template <name> and --out <dir>.')
    const teamName = str(flags, 'team')
    const employees = str(flags, 'employees')
    if (teamName !== undefined && employees !== undefined)
      throw new UsageError('Give --team or --employees, not both.')
    await withSession(file, flags, async (session) => {
      const templates = await session.call('statements.templates', {})
      const template = templates.find((t) => t.name.toLowerCase() === templateName.trim().toLowerCase())
      if (!template) throw new Failure('NOT_FOUND', `No template is named "${templateName}".`)
      let scope: StatementScope = { kind: 'all' }
      if (teamName !== undefined) {
        const teams = await session.call('teams.list', {})
        const team = teams.find((t) => t.name.toLowerCase() === teamName.trim().toLowerCase())
        if (!team) throw new Failure('NOT_FOUND', `No team is named "${teamName}".`)
        scope = { kind: 'team', teamId: team.id }
      } else if (employees !== undefined) {
        const codes = employees
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean)
        if (codes.length === 0) throw new UsageError('--employees needs Employee Ids, separated by commas.')
        scope = { kind: 'employeeIds', employeeIds: codes }
      }
      const started = await session.call('statements.generate', {
        templateId: template.id,
        folder,
        scope,
        combined: flags.combined === true,
      })
      const done = await session.statementsSettled(started.jobId)
      if (done.phase !== 'done') throw new Failure('INTERNAL', done.error ?? `The batch was ${done.phase}.`)
      const files = done.files.map((f) => path.join(done.folder, f))
      const combined = done.combined ? path.join(done.folder, done.combined) : null
      print(
        out,
        flags,
        { written: done.written, files, combined },
        `Wrote ${done.written} statement${done.written === 1 ? '' : 's'} to ${done.folder}${combined ? ` and ${done.combined}` : ''}.`,
      )
    })
    return
  }
  throw new UsageError(`statements needs template or generate${action ? `, not "${action}"` : ''}.`)
}

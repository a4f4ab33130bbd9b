import fs from 'node:fs'
import path from 'node:path'
import type { Channel, ChannelInput, StatementScope, StatementSendStep } from '../../src-shared/contract'
import { SEND_METHODS, type ServerStatementDto } from '../../src-shared/contract/statement-mail'
import {
  DATA_TAGS,
  dataTagsOf,
  isDataTag,
  newTemplateDraft,
} from '../../src-shared/domain/statements/templates'
import type { BackendClient } from '../backend/client'
import type { ServerAccount } from '../server-account/account'
import { withServerAccount } from '../server-account/shell-host'
import { Failure } from '../services/failure'
import type { Flags, Output } from './commands'
import { print } from './planning-commands'
import { UsageError } from './usage'
import { withAccount } from './server-commands'
import { replicaOf } from './sync-command'
import { withSession, type CliSession } from './workbook-session'

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

function whoseArgs(flags: Flags): { teamName?: string; employees?: string } {
  const teamName = str(flags, 'team')
  const employees = str(flags, 'employees')
  if (teamName !== undefined && employees !== undefined)
    throw new UsageError('Give --team or --employees, not both.')
  return { teamName, employees }
}

/**
 * Plans not submitted or sent back (issue 36): the same warning the window shows, and the run stops
 * unless --include-unsubmitted says to go on.
 */
async function checkReadiness(session: CliSession, scope: StatementScope, flags: Flags): Promise<void> {
  const { warning } = await session.call('statements.readiness', { scope })
  if (warning !== null && flags['include-unsubmitted'] !== true)
    throw new Failure('BAD_INPUT', `${warning} Add --include-unsubmitted to go on anyway.`)
}

async function templateNamed(session: CliSession, name: string) {
  const templates = await session.call('statements.templates', {})
  const template = templates.find((t) => t.name.toLowerCase() === name.trim().toLowerCase())
  if (!template) throw new Failure('NOT_FOUND', `No template is named "${name}".`)
  return template
}

/** Everyone the user may see, a team and the teams below it (by name), or employees by Employee Id. */
async function scopeOf(
  session: CliSession,
  teamName: string | undefined,
  employees: string | undefined,
): Promise<StatementScope> {
  if (teamName !== undefined) {
    const teams = await session.call('teams.list', {})
    const team = teams.find((t) => t.name.toLowerCase() === teamName.trim().toLowerCase())
    if (!team) throw new Failure('NOT_FOUND', `No team is named "${teamName}".`)
    return { kind: 'team', teamId: team.id }
  }
  if (employees !== undefined) {
    const codes = employees
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean)
    if (codes.length === 0) throw new UsageError('--employees needs Employee Ids, separated by commas.')
    return { kind: 'employeeIds', employeeIds: codes }
  }
  return { kind: 'all' }
}

/**
 * The workbook session as the app's shell meets its workbook worker: envelopes, and the company
 * server's channels (statements.send, statements.setLink) answered by the shell's own code.
 */
function shellOf(session: CliSession, account: ServerAccount): BackendClient {
  const call = replicaOf(session)
  const encoder = new TextEncoder()
  const backend: BackendClient = {
    invoke: (channel, input) => call(channel as Channel, input as ChannelInput<Channel>),
    invokeEncoded: async (channel, input) =>
      encoder.encode(JSON.stringify(await backend.invoke(channel, input))),
    onEvent: () => () => undefined,
    stop: async () => undefined,
  }
  return withServerAccount(backend, account)
}

async function shellCall<T>(shell: BackendClient, channel: Channel, input: unknown): Promise<T> {
  const result = await shell.invoke(channel, input)
  if (!result.ok) throw new Failure(result.error.code, result.error.message)
  return result.value as T
}

/** The replica's company server, before asking for a password: a plain workbook is refused at once. */
async function replicaServerOf(session: CliSession): Promise<string> {
  const state = await session.call('sync.state', {})
  if (!state.server)
    throw new Failure(
      'BAD_INPUT',
      'This workbook is not a replica of a company server: join one (server-join) to send statements, or generate PDFs instead.',
    )
  return state.server
}

/** Who acts in the workbook: --as, else the user signing in to the server. */
const actingFlags = (flags: Flags): Flags => ({ ...flags, as: flags.as ?? flags.email })

/**
 * `statements <file> send`: bulk-mail-statement through the company server, step after step as
 * the page's Send dialog does, each employee's outcome recorded in the workbook.
 */
async function sendCommand(file: string, flags: Flags, out: Output): Promise<void> {
  const templateName = str(flags, 'template')
  if (!templateName) throw new UsageError('statements send needs --template <name>.')
  const method = str(flags, 'method') ?? 'attachment'
  if (!(SEND_METHODS as readonly string[]).includes(method))
    throw new UsageError(`--method must be ${SEND_METHODS.join(' or ')}, not "${method}".`)
  const { teamName, employees } = whoseArgs(flags)
  await withSession(file, actingFlags(flags), async (session) => {
    const server = await replicaServerOf(session)
    const template = await templateNamed(session, templateName)
    const scope = await scopeOf(session, teamName, employees)
    await checkReadiness(session, scope, flags)
    const answer = await withAccount(
      flags,
      'statements send',
      async (account) => {
        const shell = shellOf(session, account)
        const results: StatementSendStep['results'] = []
        let step: StatementSendStep
        let offset = 0
        do {
          step = await shellCall<StatementSendStep>(shell, 'statements.send', {
            templateId: template.id,
            scope,
            method,
            offset,
          })
          results.push(...step.results)
          offset = step.done
        } while (step.done < step.total && step.results.length > 0)
        return {
          total: step.total,
          sent: countOf(results, 'SENT'),
          failed: countOf(results, 'FAILED'),
          results,
        }
      },
      server,
    )
    print(
      out,
      flags,
      answer,
      [
        `Sent ${answer.sent} of ${answer.total} statement${answer.total === 1 ? '' : 's'} by e-mail (${method}); ${answer.failed} not sent.`,
        ...answer.results.filter((r) => r.status !== 'SENT').map((r) => `${r.name}: ${r.detail ?? r.status}`),
      ].join('\n'),
    )
  })
}

const countOf = (results: StatementSendStep['results'], status: string) =>
  results.filter((r) => r.status === status).length

/** `statements <file> revoke-link|restore-link --employee <Employee Id>`: the employee's latest link. */
async function linkCommand(file: string, flags: Flags, out: Output, revoked: boolean): Promise<void> {
  const code = str(flags, 'employee')
  if (!code)
    throw new UsageError(
      `statements ${revoked ? 'revoke-link' : 'restore-link'} needs --employee <Employee Id>.`,
    )
  await withSession(file, actingFlags(flags), async (session) => {
    const server = await replicaServerOf(session)
    const page = await session.call('statements.employees', {
      search: code,
      teamId: null,
      offset: 0,
      limit: 500,
    })
    const row = page.rows.find((r) => r.employeeId.toLowerCase() === code.trim().toLowerCase())
    if (!row) throw new Failure('NOT_FOUND', `No employee of yours has the Employee Id ${code}.`)
    const statement = await withAccount(
      flags,
      `statements ${revoked ? 'revoke-link' : 'restore-link'}`,
      (account) =>
        shellCall<ServerStatementDto>(shellOf(session, account), 'statements.setLink', {
          employeeId: row.id,
          revoked,
        }),
      server,
    )
    print(
      out,
      flags,
      statement,
      `${revoked ? 'Revoked' : 'Restored'} the statement link of ${row.name}${statement.link ? ` (works until ${statement.link.expires_at.slice(0, 10)})` : ''}.`,
    )
  })
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
    const { teamName, employees } = whoseArgs(flags)
    await withSession(file, flags, async (session) => {
      const template = await templateNamed(session, templateName)
      const scope = await scopeOf(session, teamName, employees)
      await checkReadiness(session, scope, flags)
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
  if (action === 'send') {
    if (sub !== undefined) throw new UsageError(`Unexpected argument "${sub}".`)
    await sendCommand(file, flags, out)
    return
  }
  if (action === 'revoke-link' || action === 'restore-link') {
    if (sub !== undefined) throw new UsageError(`Unexpected argument "${sub}".`)
    await linkCommand(file, flags, out, action === 'revoke-link')
    return
  }
  throw new UsageError(
    `statements needs template, generate, send, revoke-link or restore-link${action ? `, not "${action}"` : ''}.`,
  )
}

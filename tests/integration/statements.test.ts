import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { StatementPage } from '../../src-shared/domain/statements/layout'
import { formatMoney } from '../../src-shared/domain/money'
import { newTemplateDraft, dataTagsOf } from '../../src-shared/domain/statements/templates'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { openWorkbook } from '../../src-main/workbook/open'
import { cli } from '../support/cli'
import { testBackend } from '../support/session'
import { tempDir } from '../support/temp'

/** Reward statements end to end in the main process: templates, undo, preview and PDFs read back. */

const dir = tempDir('meritbook-statements-')
const file = path.join(dir, 'statements.paycycle')
const demo = generateDemoCompany({ employees: 40, seed: 3 })
const COMM = demo.sampleUsers.COMM_MANAGER
/** A non-Latin-1 name (Polish, Vietnamese, Greek, Cyrillic), to prove the embedded font draws and copies it. */
const WORLD_NAME = 'Łucja Żółć-Nguyễn Σοφία Дмитриевна'

const pdftotext = (pdf: string) => execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' })
const textsOf = (pages: StatementPage[]) =>
  pages.flatMap((p) => p.ops.flatMap((op) => (op.kind === 'text' ? [op.text] : [])))

let target: { id: number; code: string }

beforeAll(async () => {
  expect((await cli('new', file, '--demo', '40', '--seed', '3')).code).toBe(0)
  const workbook = await openWorkbook(file)
  try {
    const row = workbook.sqlite
      .prepare(
        `SELECT e.id, e.company_employee_id AS code FROM employee e JOIN reward r ON r.employee_id = e.id
         WHERE r.new_salary IS NOT NULL AND e.team_id IS NOT NULL ORDER BY e.id LIMIT 1`,
      )
      .get() as { id: number; code: string } | undefined
    if (!row) throw new Error('the demo has no planned salary')
    target = row
    workbook.sqlite
      .prepare('UPDATE employee SET name = ?, location = ? WHERE id = ?')
      .run(WORLD_NAME, 'Kraków', row.id)
    // First by name, with composite glyphs (Ó is O and an accent); others' titles have plain O's.
    workbook.sqlite
      .prepare("UPDATE employee SET name = 'Aoife Ó Briain' WHERE id = (SELECT MAX(id) FROM employee)")
      .run()
    workbook.sqlite
      .prepare("UPDATE employee SET job_title = 'Office Operations Officer' WHERE id % 3 = 0")
      .run()
  } finally {
    await workbook.close()
  }
})

describe('reward statements', () => {
  const { dispatcher, session, events } = testBackend(path.join(dir, 'data'), COMM)

  async function call<T>(
    promise: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>,
  ) {
    const result = await promise
    if (!result.ok) throw new Error(result.error.message)
    return result.value
  }

  it('a COMM_MANAGER creates, edits, deletes a template and undoes each step', async () => {
    await call(dispatcher.dispatch('workbook.open', { path: file }))
    const draft = { ...newTemplateDraft('Annual'), dataTags: dataTagsOf(['salary', 'bonus', 'totalCash']) }
    const created = await call(dispatcher.dispatch('statements.saveTemplate', { id: null, draft }))
    expect(created.message).toBe('Created template Annual')
    const id = created.template?.id as number
    const edited = await call(
      dispatcher.dispatch('statements.saveTemplate', { id, draft: { ...draft, closing: 'Bye {{manager}}' } }),
    )
    expect(edited.template?.closing).toBe('Bye {{manager}}')
    await call(
      dispatcher.dispatch('statements.restoreTemplate', { changeLogId: edited.changeLogId, side: 'before' }),
    )
    expect((await call(dispatcher.dispatch('statements.template', { id }))).closing).toBe(draft.closing)
    const deleted = await call(dispatcher.dispatch('statements.deleteTemplate', { id }))
    expect(await call(dispatcher.dispatch('statements.templates', {}))).toEqual([])
    const failed = await dispatcher.dispatch('statements.template', { id })
    expect(failed.ok ? null : failed.error.message).toBe('Failed to load template')
    await call(
      dispatcher.dispatch('statements.restoreTemplate', { changeLogId: deleted.changeLogId, side: 'before' }),
    )
    expect((await call(dispatcher.dispatch('statements.templates', {}))).map((t) => [t.id, t.name])).toEqual([
      [id, 'Annual'],
    ])
  })

  it('refuses an unknown merge tag and a second template of the same name', async () => {
    const bad = await dispatcher.dispatch('statements.saveTemplate', {
      id: null,
      draft: { ...newTemplateDraft('Other'), intro: 'Hi {{nmae}}' },
    })
    expect(bad.ok ? null : bad.error.message).toBe(
      'Intro: Unknown merge tag {{nmae}}: choose one from Insert tag.',
    )
    const twin = await dispatcher.dispatch('statements.saveTemplate', {
      id: null,
      draft: newTemplateDraft('annual'),
    })
    expect(twin.ok ? null : twin.error.message).toBe('A template named "Annual" already exists.')
  })

  it('writes PDFs that read back with the employee’s name and figures, as the preview lays them out', async () => {
    const [template] = await call(dispatcher.dispatch('statements.templates', {}))
    const {
      id: _id,
      modifiedAt: _at,
      ...full
    } = await call(dispatcher.dispatch('statements.template', { id: template.id }))
    const draft = {
      ...full,
      intro: 'Dear {{name}} of {{location}}, from {{effective_date}}: {{new_salary}}.',
    }
    await call(dispatcher.dispatch('statements.saveTemplate', { id: template.id, draft }))
    const preview = await call(dispatcher.dispatch('statements.preview', { draft, employeeId: target.id }))
    expect(preview.missingGlyphs).toEqual([])

    const out = path.join(dir, 'out')
    const started = await call(
      dispatcher.dispatch('statements.generate', {
        templateId: template.id,
        folder: out,
        scope: { kind: 'employeeIds', employeeIds: [target.code] },
        combined: false,
      }),
    )
    const done = await session.statements.whenSettled(started.jobId)
    expect(done).toMatchObject({ phase: 'done', written: 1, files: [`${target.code} ${WORLD_NAME}.pdf`] })
    expect(events.some((e) => e.event === 'statements.changed')).toBe(true)

    const text = pdftotext(path.join(out, done.files[0]))
    // The figures the Compensation Table's model holds for this employee.
    const model = await session.table.get(session.workbook as NonNullable<typeof session.workbook>)
    const row = model.row(target.id)
    if (!row) throw new Error('no row')
    expect(row.newAnnualPay).not.toBe(row.currentAnnualPay)
    const currency = row.e.defaultPayCurrency
    expect(text).toContain(WORLD_NAME)
    expect(text).toContain('Kraków')
    expect(text).toContain(formatMoney(row.currentAnnualPay, currency))
    expect(text).toContain(formatMoney(row.newAnnualPay, currency))
    // Every line the preview draws is in the PDF's text.
    for (const line of textsOf(preview.pages).filter((t) => !/^[A-Z][a-z]+ \d+, \d{4}$/.test(t)))
      expect(text.replace(/\s+/g, ' ')).toContain(line.replace(/\s+/g, ' '))
    const fonts = execFileSync('pdffonts', [path.join(out, done.files[0])], { encoding: 'utf8' })
    expect(fonts).toMatch(/DejaVuSans\s+CID TrueType\s+Identity-H\s+yes yes yes/)

    const status = await call(
      dispatcher.dispatch('statements.employees', { search: target.code, teamId: null, offset: 0, limit: 5 }),
    )
    expect(status.rows[0].latest).toMatchObject({
      templateName: 'Annual',
      sendStatus: 'SAVED',
      sendMethod: 'pdf',
      fileName: done.files[0],
      count: 1,
    })
  })

  it('a batch of everyone writes one PDF each and a combined PDF of them all; a cancel stops it', async () => {
    const [template] = await call(dispatcher.dispatch('statements.templates', {}))
    const out = path.join(dir, 'everyone')
    const started = await call(
      dispatcher.dispatch('statements.generate', {
        templateId: template.id,
        folder: out,
        scope: { kind: 'all' },
        combined: true,
      }),
    )
    expect(started.total).toBe(40)
    const done = await session.statements.whenSettled(started.jobId)
    expect(done).toMatchObject({ phase: 'done', written: 40, combined: 'All statements.pdf' })
    expect(fs.readdirSync(out).sort()).toEqual([...done.files, 'All statements.pdf'].sort())
    // Every statement's text layer holds its name and job title, letter for letter: a composite
    // glyph ('Ó') written in one PDF once left later statements' 'O' without its letter.
    const people = (session.workbook as NonNullable<typeof session.workbook>).sqlite
      .prepare('SELECT company_employee_id AS code, name, job_title AS title FROM employee')
      .all() as { code: string; name: string; title: string | null }[]
    const combinedText = pdftotext(path.join(out, 'All statements.pdf'))
    for (const person of people) {
      const own = pdftotext(path.join(out, done.files.find((f) => f.startsWith(`${person.code} `)) as string))
      for (const text of [own, combinedText]) {
        expect(text).toContain(person.name)
        if (person.title) expect(text).toContain(person.title)
      }
    }
    const info = execFileSync('pdfinfo', [path.join(out, 'All statements.pdf')], { encoding: 'utf8' })
    expect(info).toMatch(/Pages:\s+40\b/)

    const again = await call(
      dispatcher.dispatch('statements.generate', {
        templateId: template.id,
        folder: path.join(dir, 'cancelled'),
        scope: { kind: 'all' },
        combined: true,
      }),
    )
    await call(dispatcher.dispatch('statements.cancel', { jobId: again.jobId }))
    const cancelled = await session.statements.whenSettled(again.jobId)
    expect(cancelled.phase).toBe('cancelled')
    expect(cancelled.written).toBeLessThan(40)
    expect(fs.existsSync(path.join(dir, 'cancelled', 'All statements.pdf'))).toBe(false)
    // 41 PDFs read back by pdftotext, one process each: more than the default 30 s on a loaded machine.
  }, 90_000)
})

describe('access', () => {
  it('a MANAGER may not write statements', async () => {
    const { dispatcher } = testBackend(path.join(dir, 'data-manager'), demo.sampleUsers.MANAGER)
    await dispatcher.dispatch('workbook.open', { path: file })
    const refused = await dispatcher.dispatch('statements.templates', {})
    expect(refused.ok ? null : refused.error.code).toBe('FORBIDDEN')
  })
})

describe('cli statements', () => {
  const cliFile = path.join(dir, 'cli.paycycle')
  beforeAll(async () => {
    expect((await cli('new', cliFile, '--demo', '40', '--seed', '3')).code).toBe(0)
  })

  it('template add and list; generate a team with --combined → { written, files }', async () => {
    const file = cliFile
    const added = await cli(
      'statements',
      file,
      'template',
      'add',
      '--name',
      'CLI',
      '--intro',
      'Hi {{name}}',
      '--closing',
      'Bye',
      '--tags',
      'salary,pay_range',
      '--json',
    )
    expect(added.errors).toEqual([])
    expect(added.json[0]).toMatchObject({
      name: 'CLI',
      dataTags: { salary: true, pay_range: true, bonus: false },
    })
    const listed = await cli('statements', file, 'template', 'list', '--json')
    expect((listed.json[0] as { name: string }[]).map((t) => t.name)).toEqual(['CLI'])
    const bad = await cli('statements', file, 'template', 'add', '--name', 'X', '--intro', '{{oops}}')
    expect(bad.code).toBe(2)

    const team = demo.teams[0]
    const out = path.join(dir, 'cli-out')
    // The team's plans are not submitted: the CLI prints the warning and stops without the flag (issue 36).
    const warned = await cli(
      'statements',
      file,
      'generate',
      '--template',
      'cli',
      '--out',
      out,
      '--team',
      team.name,
    )
    expect(warned.code).not.toBe(0)
    expect(warned.errors.join('\n')).toContain('not submitted or sent back (team')
    expect(warned.errors.join('\n')).toContain('Add --include-unsubmitted to go on anyway.')
    expect(fs.existsSync(out)).toBe(false)
    const generated = await cli(
      'statements',
      file,
      'generate',
      '--template',
      'cli',
      '--out',
      out,
      '--team',
      team.name,
      '--combined',
      '--include-unsubmitted',
      '--json',
    )
    expect(generated.errors).toEqual([])
    const answer = generated.json[0] as { written: number; files: string[]; combined: string }
    expect(answer.written).toBe(answer.files.length)
    expect(answer.written).toBeGreaterThan(0)
    for (const f of answer.files) expect(fs.existsSync(f)).toBe(true)
    expect(answer.combined).toBe(path.join(out, 'All statements.pdf'))
  })
})

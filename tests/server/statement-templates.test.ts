import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type {
  GenerateBatchAnswer,
  ServerStatementDto,
  ServerTemplateDto,
} from '../../src-shared/contract/statement-mail'
import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { buildTeamTree, descendantTeamIds } from '../../src-shared/domain/hierarchy'
import { cli } from '../support/cli'
import { tempDir } from '../support/temp'
import { clientOf, publishedDemo } from './company-fixture'
import { testServer } from './support'

const server = testServer()
const { signIn, call } = clientOf(server)
const dir = tempDir()
let snapshot: CompanySnapshot
let file: string
let comms: string
let owner: string

const INTRO = 'Dear {{name}}, your pay is effective {{effective_date}}.'
const CLOSING = 'Questions? Ask {{manager}}.'

const pdfText = (bytes: Buffer, name: string): string => {
  const at = path.join(dir, name)
  fs.writeFileSync(at, bytes)
  return execFileSync('pdftotext', ['-layout', at, '-'], { encoding: 'utf8' })
}

const userOf = (role: string) => {
  const user = snapshot.users.find((u) => u.role === role && u.employee_id !== null)
  if (!user) throw new Error(`The demo has a ${role} with an employee.`)
  return user
}

beforeAll(async () => {
  ;({ snapshot, file, owner } = await publishedDemo(server, dir, {
    employees: 60,
    seed: 11,
    company: 'Acme',
  }))
  comms = await signIn(userOf('COMM_MANAGER').email)
})

describe("the company server's statement templates and generated statements", () => {
  let template: ServerTemplateDto

  it('a COMM_MANAGER creates, reads and edits a template with the spec fields', async () => {
    const created = await call(comms, 'POST', '/api/employee/reward-statements-templates/', {
      name: 'Year end',
      template_content: { intro: INTRO, closing: CLOSING },
      data_tags: { pay_range: true },
    })
    expect(created.statusCode).toBe(201)
    template = created.json<ServerTemplateDto>()
    expect(template).toMatchObject({
      name: 'Year end',
      logo_url: null,
      template_content: { intro: INTRO, closing: CLOSING },
      data_tags: {
        salary: true,
        bonus: true,
        lump_sum: true,
        totalCash: true,
        compaRatio: false,
        positionInRange: false,
        pay_range: true,
      },
    })
    const listed = await call(comms, 'GET', '/api/employee/reward-statements-templates/')
    expect(listed.json<ServerTemplateDto[]>()).toEqual([template])
    const one = await call(comms, 'GET', `/api/employee/reward-statements-templates/${template.id}/`)
    expect(one.json()).toEqual(template)

    const patched = await call(comms, 'PATCH', `/api/employee/reward-statements-templates/${template.id}/`, {
      template_content: { closing: 'With thanks, {{manager}}.' },
      data_tags: { compaRatio: true },
    })
    expect(patched.statusCode).toBe(200)
    const after = patched.json<ServerTemplateDto>()
    expect(after.template_content).toEqual({ intro: INTRO, closing: 'With thanks, {{manager}}.' })
    expect(after.data_tags).toMatchObject({ compaRatio: true, pay_range: true, salary: true })
    expect(Date.parse(after.modified_at)).toBeGreaterThanOrEqual(Date.parse(template.modified_at))
    template = after
  })

  it("refuses what the desktop's editor refuses, and roles without the Reward Statements page", async () => {
    const unknown = await call(comms, 'PATCH', `/api/employee/reward-statements-templates/${template.id}/`, {
      template_content: { intro: 'Hello {{nickname}}' },
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json<{ detail: string }>().detail).toContain('Intro:')
    expect(unknown.json<{ detail: string }>().detail).toContain('nickname')
    const twice = await call(comms, 'POST', '/api/employee/reward-statements-templates/', {
      name: 'year END',
    })
    expect(twice.statusCode).toBe(409)
    expect(twice.json()).toMatchObject({ detail: 'A template named "Year end" already exists.' })
    const manager = await signIn(userOf('MANAGER').email)
    const refused = await call(manager, 'POST', '/api/employee/reward-statements-templates/', {
      name: 'Mine',
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({
      detail:
        'Your role (MANAGER) may not change the company’s statement templates: ask an owner, admin or communications manager.',
    })
    expect((await call(manager, 'GET', '/api/employee/reward-statements-templates/')).statusCode).toBe(403)
    expect(
      (await call(comms, 'GET', '/api/employee/reward-statements-templates/999999/')).json(),
    ).toMatchObject({
      detail: 'No template has the id 999999.',
    })
  })

  it("POST reward-statements writes an employee's statement whose PDF is the desktop's, figure for figure", async () => {
    const person = snapshot.employees.find(
      (e) => e.salaried && e.manager_id !== null && e.job_profile_id !== null,
    )
    if (!person) throw new Error('The demo has a salaried, managed employee with a job profile.')
    // The same plan on both: a raise, a bonus percent and a lump sum.
    const newSalary = Math.round(person.current_salary * 1.05)
    const put = await call(owner, 'PUT', `/api/employeerewards/${person.id}/`, {
      new_salary: newSalary,
      new_percent_bonus: 7.5,
      lump_sum: 100_000,
    })
    expect(put.statusCode).toBe(200)
    const planFile = path.join(dir, 'plan.csv')
    fs.writeFileSync(
      planFile,
      `Employee Id,New Salary,New Percent Bonus,Lump Sum\n${person.company_employee_id},${(newSalary / 100).toFixed(2)},7.5,1000\n`,
    )
    expect((await cli('plan', file, planFile, '--json')).code).toBe(0)
    const created = await call(comms, 'POST', '/api/employee/reward-statements/', {
      employee: person.id,
      template: template.id,
    })
    expect(created.statusCode).toBe(201)
    const statement = created.json<ServerStatementDto>()
    expect(statement).toMatchObject({
      employee_id: person.id,
      employee_name: person.name,
      template_id: null,
      server_template_id: template.id,
      template_name: 'Year end',
      send_status: 'NOT_SENT',
      link: null,
    })
    const pdf = await call(comms, 'GET', `/api/employee/reward-statements/${statement.id}/pdf/`)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    const served = pdfText(pdf.rawPayload, 'server.pdf')
    // For a person to look at (pdftoppm) before landing a change to the drawing.
    if (process.env.STATEMENTS_SHOTS)
      fs.writeFileSync(path.join(process.env.STATEMENTS_SHOTS, 'server-statement.pdf'), pdf.rawPayload)
    expect(served).toContain(`Dear ${person.name}, your pay is effective`)

    // The same template on the desktop, over the workbook the server company was published from.
    const tags = 'salary,bonus,lump_sum,totalCash,compaRatio,pay_range'
    const add = await cli('statements', file, 'template', 'add', '--name', 'Year end', '--intro', INTRO)
    expect(add.code).toBe(0)
    const set = await cli(
      ...['statements', file, 'template', 'add', '--name', 'Same', '--intro', INTRO],
      ...['--closing', 'With thanks, {{manager}}.', '--tags', tags],
    )
    expect(set.code).toBe(0)
    const out = path.join(dir, 'desktop')
    const generated = await cli(
      ...['statements', file, 'generate', '--template', 'Same', '--out', out],
      ...['--employees', person.company_employee_id, '--include-unsubmitted', '--json'],
    )
    expect(generated.code).toBe(0)
    const [desktopFile] = (generated.json[0] as { files: string[] }).files
    const desktop = pdfText(fs.readFileSync(desktopFile), 'desktop.pdf')
    const lines = (text: string) =>
      text
        .split('\n')
        .map((l) => l.trim().replace(/\s+/g, ' '))
        .filter(Boolean)
    // The first line is the company's name: the server's (Acme), the workbook's.
    expect(lines(served)[0]).toBe('Acme')
    expect(lines(served).slice(1)).toEqual(lines(desktop).slice(1))
    expect(served).toContain('Compa-ratio')
    expect(served).toContain('$1,000.00')
    expect(served).toMatch(/\$[\d,]+\.\d\d/)
  })

  it('generate-batch writes a team and the teams below it, refuses employees outside a planner’s teams', async () => {
    const team = snapshot.teams.find((t) => t.parent_team_id === null) ?? snapshot.teams[0]
    const child = snapshot.teams.find((t) => t.parent_team_id === team.id) ?? team
    const tree = buildTeamTree(snapshot.teams.map((t) => ({ id: t.id, parentTeamId: t.parent_team_id })))
    const teamIds = new Set([child.id, ...descendantTeamIds(tree, child.id)])
    const expected = snapshot.employees.filter((e) => e.team_id !== null && teamIds.has(e.team_id))
    const batch = await call(comms, 'POST', '/api/employee/reward-statements/generate-batch/', {
      template: template.id,
      team: child.id,
    })
    expect(batch.statusCode).toBe(201)
    const answer = batch.json<GenerateBatchAnswer>()
    expect(answer.generated).toBe(expected.length)
    expect(answer.statements.map((s) => s.employee_id).sort((a, b) => a - b)).toEqual(
      expected.map((e) => e.id).sort((a, b) => a - b),
    )
    expect(answer.statements.every((s) => s.send_status === 'NOT_SENT')).toBe(true)

    const everyone = await call(comms, 'POST', '/api/employee/reward-statements/generate-batch/', {
      template: template.id,
    })
    expect(everyone.json<GenerateBatchAnswer>().generated).toBe(snapshot.employees.length)

    const both = await call(comms, 'POST', '/api/employee/reward-statements/generate-batch/', {
      template: template.id,
      team: child.id,
      employees: [expected[0].id],
    })
    expect(both.statusCode).toBe(400)

    const planner = userOf('PLANNER')
    const plannerToken = await signIn(planner.email)
    const theirs = new Set<number>()
    for (const t of snapshot.teams.filter(
      (t) => t.planner_id === planner.employee_id || t.manager_id === planner.employee_id,
    ))
      for (const id of [t.id, ...descendantTeamIds(tree, t.id)]) theirs.add(id)
    const outsider = snapshot.employees.find((e) => e.team_id === null || !theirs.has(e.team_id))
    if (!outsider) throw new Error('The demo has an employee outside the planner’s teams.')
    const refused = await call(plannerToken, 'POST', '/api/employee/reward-statements/generate-batch/', {
      template: template.id,
      employees: [outsider.id],
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({
      detail: `${outsider.name} is not one of the employees you write statements for.`,
    })
    const own = await call(plannerToken, 'POST', '/api/employee/reward-statements/generate-batch/', {
      template: template.id,
    })
    const ownIds = own.json<GenerateBatchAnswer>().statements.map((s) => s.employee_id)
    expect(ownIds.length).toBeGreaterThan(0)
    const byId = new Map(snapshot.employees.map((e) => [e.id, e]))
    expect(ownIds.every((id) => theirs.has(byId.get(id)?.team_id ?? -1))).toBe(true)
  })

  it('update-send-status hands out a statement drawn from a company template by its template id', async () => {
    const person = snapshot.employees[1]
    await call(comms, 'POST', '/api/employee/reward-statements/', {
      employee: person.id,
      template: template.id,
    })
    const updated = await call(comms, 'POST', '/api/employee/reward-statements/update-send-status/', {
      employee_id: person.id,
      method: 'pdf',
      template: template.id,
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json()).toMatchObject({
      employee_id: person.id,
      server_template_id: template.id,
      send_status: 'SENT',
      send_method: 'pdf',
    })
  })
})

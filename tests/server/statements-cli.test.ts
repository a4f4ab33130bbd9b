import path from 'node:path'
import type { ServerStatementDto, ServerTemplateDto } from '../../src-shared/contract/statement-mail'
import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { openWorkbook } from '../../src-main/workbook/open'
import { cli, cliProcess } from '../support/cli'
import { tempDir } from '../support/temp'
import { listen, login, publishDemo, setPassword, testServer } from './support'

/** Issue 17: `statements <replica> send` and `revoke-link` through the company server, from the CLI. */

const server = testServer()
const PASSWORD = 'statements from the shell'
const dir = tempDir('meritbook-statements-cli-')
const replica = path.join(dir, 'replica.paycycle')
let url: string
let snapshot: CompanySnapshot
let comms: string

/** The CLI in its own process, the password on stdin as a person or a script would give it. */
const run = (...args: string[]) =>
  cliProcess(args, { stdin: `${PASSWORD}\n`, dataDir: path.join(dir, 'cli-data') })

const signedIn = () => ['--email', comms, '--password-stdin', '--json']

beforeAll(async () => {
  const company = await publishDemo(
    server(),
    { name: 'Shell Co', ownerEmail: 'owner@shell.test', ownerName: 'Sam Owner', employees: 30, seed: 8 },
    PASSWORD,
  )
  snapshot = company.snapshot
  // An admin: a COMM_MANAGER keeps no replica, which would hold everyone's pay (issue 34).
  const user = snapshot.users.find((u) => u.role === 'ADMIN')
  if (!user) throw new Error('The demo has an ADMIN.')
  comms = user.email
  await setPassword(server().db, comms, PASSWORD)
  url = await listen(server())
  const joined = await run('server-join', replica, '--server', url, ...signedIn())
  expect(joined.stderr).toBe('')
  expect(joined.code).toBe(0)
  const added = await cli('statements', replica, 'template', 'add', '--name', 'Year end', '--as', comms)
  expect(added.code).toBe(0)
}, 120_000)

describe('cli statements send', () => {
  it('mails the chosen employees, answers each outcome as JSON and records it in the workbook', async () => {
    const people = snapshot.employees.filter((e) => e.email).slice(0, 2)
    const noEmail = snapshot.employees.find((e) => !e.email)
    const chosen = noEmail ? [...people, noEmail] : people
    const sent = await run(
      ...[
        'statements',
        replica,
        'send',
        '--template',
        'year END',
        '--method',
        'link',
        '--include-unsubmitted',
      ],
      ...['--employees', chosen.map((e) => e.company_employee_id).join(','), ...signedIn()],
    )
    expect(sent.stderr).toBe('')
    expect(sent.code).toBe(0)
    const answer = JSON.parse(sent.stdout) as {
      total: number
      sent: number
      failed: number
      results: { employeeId: number; status: string; detail: string | null }[]
    }
    expect(answer).toMatchObject({ total: chosen.length, sent: 2, failed: chosen.length - 2 })
    expect(answer.results.map((r) => r.employeeId).sort()).toEqual(chosen.map((e) => e.id).sort())
    if (noEmail)
      expect(answer.results.find((r) => r.employeeId === noEmail.id)).toMatchObject({
        status: 'FAILED',
        detail: 'No email provided',
      })
    for (const person of people) {
      const mail = server().mail.filter((m) => m.to === person.email)
      expect(mail).toHaveLength(1)
      expect(mail[0].text).toMatch(/\/statement#[A-Za-z0-9_-]+/)
    }
    // The workbook's template went to the server as the company's; the server drew the statements from it.
    const owner = await login(server(), 'owner@shell.test', PASSWORD)
    const get = async <T>(url: string) =>
      (
        await server().app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner}` } })
      ).json<T>()
    const templates = await get<ServerTemplateDto[]>('/api/employee/reward-statements-templates/')
    expect(templates.map((t) => t.name)).toEqual(['Year end'])
    const [statement] = await get<ServerStatementDto[]>(
      `/api/employee/reward-statements/?employee=${people[0].id}`,
    )
    expect(statement).toMatchObject({ server_template_id: templates[0].id, template_name: 'Year end' })
    const workbook = await openWorkbook(replica, { readonly: true })
    try {
      const recorded = workbook.sqlite
        .prepare('SELECT employee_id, send_status, send_method FROM reward_statement ORDER BY employee_id')
        .all()
      expect(recorded).toEqual(
        chosen
          .map((e) => ({
            employee_id: e.id,
            send_status: e.email ? 'SENT' : 'FAILED',
            send_method: 'link',
          }))
          .sort((a, b) => a.employee_id - b.employee_id),
      )
    } finally {
      await workbook.close()
    }
  }, 60_000)

  it("revoke-link revokes the employee's link on the server at once; restore-link brings it back", async () => {
    const person = snapshot.employees.filter((e) => e.email)[0]
    const revoked = await run(
      ...['statements', replica, 'revoke-link', '--employee', person.company_employee_id],
      ...signedIn(),
    )
    expect(revoked.stderr).toBe('')
    expect(JSON.parse(revoked.stdout)).toMatchObject({ employee_id: person.id, link: { revoked: true } })
    const owner = await login(server(), 'owner@shell.test', PASSWORD)
    const listed = await server().app.inject({
      method: 'GET',
      url: `/api/employee/reward-statements/?employee=${person.id}`,
      headers: { authorization: `Bearer ${owner}` },
    })
    expect(listed.json<ServerStatementDto[]>()[0].link).toMatchObject({ revoked: true })
    const restored = await run(
      ...['statements', replica, 'restore-link', '--employee', person.company_employee_id],
      ...signedIn(),
    )
    expect(JSON.parse(restored.stdout)).toMatchObject({ link: { revoked: false } })
  }, 60_000)

  it('refuses clearly: a workbook that is no replica (exit 2), an unknown template (exit 1), a bad method', async () => {
    const plain = path.join(dir, 'plain.paycycle')
    expect((await cli('new', plain, '--demo', '10')).code).toBe(0)
    const notReplica = await cli('statements', plain, 'send', '--template', 'x')
    expect(notReplica.code).toBe(2)
    expect(notReplica.errors).toEqual([
      'This workbook is not a replica of a company server: join one (server-join) to send statements, or generate PDFs instead.',
    ])
    const unknown = await cli(
      ...['statements', replica, 'send', '--template', 'Nope', '--email', comms, '--password-stdin'],
    )
    expect(unknown.code).toBe(1)
    expect(unknown.errors).toEqual(['No template is named "Nope".'])
    const method = await cli('statements', replica, 'send', '--template', 'Year end', '--method', 'fax')
    expect(method.code).toBe(2)
    expect(method.errors[0]).toContain('--method must be attachment or link, not "fax".')
  })
})

import type { ChannelOutput, Result } from '../../src-shared/contract'
import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import type { ServerStatementDto, ServerTemplateDto } from '../../src-shared/contract/statement-mail'
import { newTemplateDraft } from '../../src-shared/domain/statements/templates'
import type { BackendClient } from '../../src-main/backend/client'
import { withServerAccount } from '../../src-main/server-account/shell-host'
import { joinDesktop, type Desktop } from '../support/replica'
import { listen, login, publishDemo, setPassword, testServer } from './support'

/**
 * Send statuses reach the other desktops: a page of the Statements list asks the server for its
 * employees' statements (statements.refresh), so what one desktop sent, and a link it revoked, show
 * on another (docs/sync.md "Statements").
 */

const server = testServer()
const PASSWORD = 'statuses travel too'
let snapshot: CompanySnapshot
let sender: Desktop
let other: Desktop
let url: string
let senderEmail: string

/** A REST call as the sending admin, as another client of the server would make it. */
async function rest<T>(url: string): Promise<T> {
  const token = await login(server(), senderEmail, PASSWORD)
  const answer = await server().app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
  })
  return answer.json<T>()
}

/** A desktop's backend as its shell answers it: the server's channels by the shell's own code. */
const shellOf = (desktop: Desktop): BackendClient =>
  withServerAccount(
    {
      invoke: (channel, input) => desktop.dispatcher.dispatch(channel, input),
      invokeEncoded: async () => new Uint8Array(),
      onEvent: () => () => undefined,
      stop: async () => undefined,
    },
    desktop.account,
  )

async function shellCall<C extends 'statements.send' | 'statements.setLink' | 'statements.refresh'>(
  desktop: Desktop,
  channel: C,
  input: unknown,
): Promise<ChannelOutput<C>> {
  const result = (await shellOf(desktop).invoke(channel, input)) as Result<ChannelOutput<C>>
  if (!result.ok) throw new Error(result.error.message)
  return result.value
}

const rowOf = async (desktop: Desktop, employeeId: number) => {
  const page = await desktop.call('statements.employees', { search: '', teamId: null, offset: 0, limit: 500 })
  const row = page.rows.find((r) => r.id === employeeId)
  if (!row) throw new Error(`No row for employee ${employeeId}.`)
  return row
}

beforeAll(async () => {
  const company = await publishDemo(
    server(),
    { name: 'Two Desks', ownerEmail: 'owner@desks.test', ownerName: 'Ona Owner', employees: 30, seed: 6 },
    PASSWORD,
  )
  snapshot = company.snapshot
  // An admin: a COMM_MANAGER keeps no replica, which would hold everyone's pay (issue 34).
  const admin = snapshot.users.find((u) => u.role === 'ADMIN')
  if (!admin) throw new Error('The demo has an ADMIN.')
  await setPassword(server().db, admin.email, PASSWORD)
  url = await listen(server())
  senderEmail = admin.email
  sender = await joinDesktop(url, admin.email, PASSWORD)
  other = await joinDesktop(url, 'owner@desks.test', PASSWORD)
})

afterAll(async () => {
  await sender?.close()
  await other?.close()
})

describe('a COMM_MANAGER desktop', () => {
  it('is refused a replica, with the reason', async () => {
    const comms = snapshot.users.find((u) => u.role === 'COMM_MANAGER')
    if (!comms) throw new Error('The demo has a COMM_MANAGER.')
    await setPassword(server().db, comms.email, PASSWORD)
    await expect(joinDesktop(url, comms.email, PASSWORD)).rejects.toThrow(
      'Your role (COMM_MANAGER) does not keep a copy of the company on this computer: joining downloads ' +
        'everyone’s pay, which your role does not read. Ask an owner or admin to send the statements, ' +
        'or to give you a role that plans.',
    )
  })
})

describe('send statuses on other replicas', () => {
  it('another desktop shows what one sent and a link it revoked, once its list asks the server', async () => {
    const [ada, bea] = snapshot.employees.filter((e) => e.email)
    const saved = await sender.call('statements.saveTemplate', {
      id: null,
      draft: newTemplateDraft('Year end'),
    })
    const step = await shellCall(sender, 'statements.send', {
      templateId: saved.template?.id,
      scope: { kind: 'employees', ids: [ada.id, bea.id] },
      method: 'link',
      offset: 0,
    })
    expect(step).toMatchObject({ total: 2, sent: 2, failed: 0 })
    expect((await rowOf(other, ada.id)).latest).toBeNull()

    expect(await shellCall(other, 'statements.refresh', { employeeIds: [ada.id, bea.id] })).toEqual({
      changed: 2,
    })
    expect((await rowOf(other, ada.id)).latest).toMatchObject({
      templateName: 'Year end',
      sendStatus: 'SENT',
      sendMethod: 'link',
      link: { revoked: false },
    })
    // Nothing new: nothing changes.
    expect(await shellCall(other, 'statements.refresh', { employeeIds: [ada.id, bea.id] })).toEqual({
      changed: 0,
    })

    await shellCall(sender, 'statements.setLink', { employeeId: ada.id, revoked: true })
    expect(await shellCall(other, 'statements.refresh', { employeeIds: [ada.id] })).toEqual({ changed: 1 })
    expect((await rowOf(other, ada.id)).latest).toMatchObject({ sendMethod: 'link', link: { revoked: true } })
    // The other desktop may now restore it itself, and the sender's list follows.
    const restored = await shellCall(other, 'statements.setLink', { employeeId: ada.id, revoked: false })
    expect(restored.link).toMatchObject({ revoked: false })
    expect(await shellCall(sender, 'statements.refresh', { employeeIds: [ada.id] })).toEqual({ changed: 1 })
    expect((await rowOf(sender, ada.id)).latest?.link).toMatchObject({ revoked: false })
    expect((await rowOf(sender, ada.id)).latest?.count).toBe(1)
  })

  it("the desktop's template becomes the company's of its name: created on a first send, brought to the desktop's edits on the next", async () => {
    const [, bea] = snapshot.employees.filter((e) => e.email)
    const [desktopTemplate] = await sender.call('statements.templates', {})
    const before = await rest<ServerTemplateDto[]>('/api/employee/reward-statements-templates/')
    const company = before.find((t) => t.name === 'Year end')
    expect(company?.template_content).toEqual({
      intro: newTemplateDraft('Year end').intro,
      closing: newTemplateDraft('Year end').closing,
    })
    const edited = { ...newTemplateDraft('Year end'), intro: 'Dear {{name}}, the year in figures.' }
    await sender.call('statements.saveTemplate', { id: desktopTemplate.id, draft: edited })
    const step = await shellCall(sender, 'statements.send', {
      templateId: desktopTemplate.id,
      scope: { kind: 'employees', ids: [bea.id] },
      method: 'attachment',
      offset: 0,
    })
    expect(step).toMatchObject({ total: 1, sent: 1 })
    const after = await rest<ServerTemplateDto[]>('/api/employee/reward-statements-templates/')
    expect(after.map((t) => [t.id, t.name])).toEqual(before.map((t) => [t.id, t.name]))
    expect(after.find((t) => t.id === company?.id)?.template_content.intro).toBe(edited.intro)
    const [latest] = await rest<ServerStatementDto[]>(`/api/employee/reward-statements/?employee=${bea.id}`)
    expect(latest).toMatchObject({ server_template_id: company?.id, send_method: 'attachment' })
    expect((await rowOf(sender, bea.id)).latest).toMatchObject({ sendMethod: 'attachment', count: 2 })
  })
})

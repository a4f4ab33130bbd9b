import path from 'node:path'
import type { ServerStatementDto } from '../../src-shared/contract/statement-mail'
import { newTemplateDraft } from '../../src-shared/domain/statements/templates'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { cli } from '../support/cli'
import { testBackend } from '../support/session'
import { tempDir } from '../support/temp'

/**
 * What revoking means for statements sent through the company server: an attached PDF cannot be
 * recalled, so only a statement sent as a link is revoked, and a link mailed before an attachment
 * still can be (docs/decisions.md "Revoking an attachment").
 */

const dir = tempDir('meritbook-statement-links-')
const file = path.join(dir, 'links.paycycle')
const demo = generateDemoCompany({ employees: 20, seed: 4 })
const COMM = demo.sampleUsers.COMM_MANAGER

beforeAll(async () => {
  expect((await cli('new', file, '--demo', '20', '--seed', '4')).code).toBe(0)
})

describe('revoking statements sent through the company server', () => {
  const { dispatcher } = testBackend(path.join(dir, 'data'), COMM)
  const [linked, attached] = demo.employees.slice(2, 4)
  let serverId = 100

  async function call<T>(
    promise: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>,
  ) {
    const result = await promise
    if (!result.ok) throw new Error(result.error.message)
    return result.value
  }

  /** The server's answer for one statement, as bulk-mail-statement gives it (drawn from company template 1). */
  const answer = (employeeId: number, method: 'attachment' | 'link'): ServerStatementDto => ({
    id: ++serverId,
    employee_id: employeeId,
    employee_name: 'someone',
    template_id: null,
    server_template_id: 1,
    template_name: 'Year end',
    created_at: new Date().toISOString(),
    send_status: 'SENT',
    send_method: method,
    sent_at: new Date().toISOString(),
    detail: null,
    link: method === 'link' ? { expires_at: '2026-12-31T00:00:00.000Z', revoked: false } : null,
  })

  const rowOf = async (id: number) => {
    const page = await call(
      dispatcher.dispatch('statements.employees', { search: '', teamId: null, offset: 0, limit: 500 }),
    )
    const row = page.rows.find((r) => r.id === id)
    if (!row) throw new Error(`No row for employee ${id}.`)
    return row
  }

  it('an attachment offers no link to revoke; a link mailed before one still can be revoked', async () => {
    await call(dispatcher.dispatch('workbook.open', { path: file }))
    const saved = await call(
      dispatcher.dispatch('statements.saveTemplate', { id: null, draft: newTemplateDraft('Year end') }),
    )
    const templateId = saved.template?.id as number

    await call(
      dispatcher.dispatch('statements.recordSent', {
        templateId,
        statements: [answer(attached.id, 'attachment')],
      }),
    )
    expect((await rowOf(attached.id)).latest).toMatchObject({ sendMethod: 'attachment', link: null })
    const refused = await dispatcher.dispatch('statements.serverStatement', { employeeId: attached.id })
    expect(refused.ok ? null : refused.error.message).toBe(
      'No statement of this employee was sent as a link: an attached PDF cannot be recalled once mailed.',
    )

    const link = answer(linked.id, 'link')
    await call(dispatcher.dispatch('statements.recordSent', { templateId, statements: [link] }))
    await call(
      dispatcher.dispatch('statements.recordSent', {
        templateId,
        statements: [answer(linked.id, 'attachment')],
      }),
    )
    // The latest statement is the attachment; the link mailed before it is still open, and revocable.
    expect((await rowOf(linked.id)).latest).toMatchObject({
      sendMethod: 'attachment',
      count: 2,
      link: { revoked: false },
    })
    expect(await call(dispatcher.dispatch('statements.serverStatement', { employeeId: linked.id }))).toBe(
      link.id,
    )
    await call(dispatcher.dispatch('statements.recordLink', { serverStatementId: link.id, revoked: true }))
    expect((await rowOf(linked.id)).latest?.link).toMatchObject({ revoked: true })
  })
})

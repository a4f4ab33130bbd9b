import path from 'node:path'
import { cli } from '../support/cli'
import { addUser, testBackend } from '../support/session'
import { tableQuery } from '../support/table-query'
import { tempDir } from '../support/temp'

/** The app builds the table's model while the page boots (Session.prepareTable, run by the worker). */
const dir = tempDir()
const file = path.join(dir, 'prepare.paycycle')
const asOwner = testBackend(dir)
const asEmployee = testBackend(dir, 'employee@prepare.test')

describe('preparing the Compensation Table ahead of its first use', () => {
  beforeAll(async () => {
    expect((await cli('new', file, '--demo', '60', '--seed', '2')).code).toBe(0)
    await addUser(file, 'employee@prepare.test', 'EMPLOYEE')
  })

  it('builds the model once for a user who may open the table; the first query then uses it', async () => {
    const { session, dispatcher } = asOwner
    await session.open(file)
    const workbook = session.workbook
    if (!workbook) throw new Error('not open')
    expect(session.table.peek(workbook)).toBeNull()
    await session.prepareTable()
    const model = session.table.peek(workbook)
    expect(model).not.toBeNull()
    await session.prepareTable()
    expect(session.table.peek(workbook)).toBe(model)
    const page = await dispatcher.dispatch('table.query', tableQuery({ limit: 25 }))
    expect(page.ok && page.value.total).toBe(60)
    expect(session.table.peek(workbook)).toBe(model)
    await session.close()
  })

  it('builds nothing for a role that may not open the table', async () => {
    const { session } = asEmployee
    await session.open(file)
    await session.prepareTable()
    expect(session.workbook && session.table.peek(session.workbook)).toBeNull()
    await session.close()
  })
})

import path from 'node:path'
import { contract } from '../../src-shared/contract'
import { mergeHandlers, unboundChannels } from '../../src-main/ipc/dispatch'
import { addUser, testBackend } from '../support/session'
import { tempDir } from '../support/temp'

const dir = tempDir()
const file = path.join(dir, 'acme.paycycle')
const owner = { companyName: 'Acme', ownerName: 'Ada Owner', ownerEmail: 'ada@acme.test' }

describe('the handler map', () => {
  it('binds every channel of the contract', () => {
    expect(unboundChannels()).toEqual([])
  })

  it('refuses to bind a channel twice', () => {
    const info = { 'app.info': async () => ({}) as never }
    expect(() => mergeHandlers(info, info)).toThrow('Channel app.info is bound twice.')
  })
})

describe('the contract as the owner', () => {
  const { dispatcher, events } = testBackend(dir)

  it('answers app.info before any workbook is open', async () => {
    const result = await dispatcher.dispatch('app.info', {})
    expect(result).toEqual({
      ok: true,
      value: {
        mode: 'browser',
        version: 'test',
        nativeDialogs: false,
        filesFolder: path.join(dir, 'files'),
        workbook: null,
        user: null,
        secretStore: null,
      },
    })
  })

  it('refuses workbook channels while no workbook is open', async () => {
    expect(await dispatcher.dispatch('employees.list', {})).toEqual({
      ok: false,
      error: { code: 'NO_WORKBOOK', message: 'No workbook is open. Open or create one first.' },
    })
  })

  it('creates a workbook owned by its creator, tells the windows, and lists it as recent', async () => {
    const created = await dispatcher.dispatch('workbook.create', { path: file, ...owner })
    expect(created.ok && created.value).toMatchObject({
      path: file,
      fileName: 'acme.paycycle',
      companyName: 'Acme',
    })
    const info = await dispatcher.dispatch('app.info', {})
    expect(info.ok && info.value.user).toMatchObject({ email: 'ada@acme.test', role: 'OWNER' })
    expect(events.map((e) => e.event)).toEqual(['workbook.changed'])
    const recent = await dispatcher.dispatch('workbook.recent', {})
    expect(recent.ok && recent.value.map((r) => r.path)).toEqual([file])
  })

  it('answers the initial data load channels', async () => {
    for (const channel of [
      'employees.list',
      'rewards.list',
      'teams.list',
      'users.list',
      'roles.list',
    ] as const) {
      expect((await dispatcher.dispatch(channel, {})).ok).toBe(true)
    }
    const settings = await dispatcher.dispatch('userSettings.get', {})
    expect(settings).toEqual({ ok: true, value: { preferredCurrency: 'USD', compensationTableConfig: null } })
  })

  it('rejects a malformed payload, naming the field', async () => {
    const result = await dispatcher.dispatch('workbook.create', {
      path: '',
      companyName: 'X',
      ownerName: 'Y',
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('BAD_INPUT')
    expect(result.error.message).toContain('Invalid request to workbook.create')
    expect(result.error.message).toContain('path: A file path is required.')
    expect(result.error.message).toContain('ownerEmail')
  })

  it('rejects unexpected fields and non-object payloads', async () => {
    const extra = await dispatcher.dispatch('employees.list', { sql: 'DROP TABLE employee' })
    expect(extra.ok || extra.error.code).toBe('BAD_INPUT')
    const scalar = await dispatcher.dispatch('workbook.open', 42)
    expect(scalar.ok || scalar.error.code).toBe('BAD_INPUT')
  })

  it('rejects an unknown channel', async () => {
    expect(await dispatcher.dispatch('employees.drop', {})).toEqual({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL', message: 'Unknown channel "employees.drop".' },
    })
  })

  it('refuses to create over an existing file', async () => {
    const result = await dispatcher.dispatch('workbook.create', { path: file, ...owner })
    expect(result.ok || result.error.code).toBe('FILE_EXISTS')
  })

  it('leaves file dialogs to the shells (the worker has none)', async () => {
    const result = await dispatcher.dispatch('workbook.pickFile', { purpose: 'open' })
    expect(result.ok || result.error.code).toBe('UNSUPPORTED')
  })

  it('closes the workbook', async () => {
    expect(await dispatcher.dispatch('workbook.close', {})).toEqual({ ok: true, value: null })
  })
})

describe('the contract enforces the acting user’s role (spec §6)', () => {
  it('a COMM_MANAGER (compstatements only) may not list users and reaches planning data via statements', async () => {
    await addUser(file, 'comms@acme.test', 'COMM_MANAGER')
    const { dispatcher } = testBackend(dir, 'comms@acme.test')
    expect((await dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
    expect(await dispatcher.dispatch('users.list', {})).toEqual({
      ok: false,
      error: { code: 'FORBIDDEN', message: 'Your role (COMM_MANAGER) may not use users.list.' },
    })
    expect((await dispatcher.dispatch('employees.list', {})).ok).toBe(true)
    await dispatcher.dispatch('workbook.close', {})
  })

  it('an EMPLOYEE reaches no page, so no planning data', async () => {
    await addUser(file, 'emp@acme.test', 'EMPLOYEE')
    const { dispatcher } = testBackend(dir, 'emp@acme.test')
    expect((await dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
    const result = await dispatcher.dispatch('employees.list', {})
    expect(result.ok || result.error.code).toBe('FORBIDDEN')
    expect((await dispatcher.dispatch('company.get', {})).ok).toBe(true)
    await dispatcher.dispatch('workbook.close', {})
  })

  it('acting as an email the workbook does not know is refused and leaves nothing open', async () => {
    const { dispatcher } = testBackend(dir, 'nobody@acme.test')
    expect(await dispatcher.dispatch('workbook.open', { path: file })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'acme.paycycle has no user with the email nobody@acme.test.' },
    })
    const info = await dispatcher.dispatch('app.info', {})
    expect(info.ok && info.value.workbook).toBeNull()
  })

  it('every admin-only channel is refused to a MANAGER', async () => {
    await addUser(file, 'mgr@acme.test', 'MANAGER')
    const { dispatcher } = testBackend(dir, 'mgr@acme.test')
    await dispatcher.dispatch('workbook.open', { path: file })
    const adminChannels = Object.entries(contract)
      .filter(([, spec]) => spec.access.kind === 'admin')
      .map(([name]) => name)
    expect(adminChannels.length).toBeGreaterThan(0)
    for (const channel of adminChannels) {
      const result = await dispatcher.dispatch(channel, {})
      expect(result.ok || result.error.code).toBe('FORBIDDEN')
    }
    await dispatcher.dispatch('workbook.close', {})
  })
})

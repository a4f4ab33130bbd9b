import path from 'node:path'
import type { Channel } from '../../src-shared/contract'
import type { RoleName } from '../../src-shared/domain/roles'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { createDemoWorkbook } from '../../src-main/services/workbooks'
import { testBackend } from '../support/session'
import { tableQuery } from '../support/table-query'
import { tempDir } from '../support/temp'

const dir = tempDir()
const file = path.join(dir, 'records.paycycle')
const demo = generateDemoCompany({ employees: 200, seed: 3 })

beforeAll(async () => {
  await (await createDemoWorkbook(file, { employees: 200, seed: 3 })).close()
})

let sessions: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const session of sessions) await session.close()
  sessions = []
})

async function as(role: RoleName) {
  const backend = testBackend(dir, demo.sampleUsers[role])
  sessions.push(backend.session)
  expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
  return backend.dispatcher
}

const RECORD_CHANNELS: Channel[] = [
  'employees.record',
  'employees.update',
  'payRanges.overview',
  'payRanges.update',
  'jobProfiles.overview',
  'jobProfiles.update',
]

describe('the records channels and each role (spec §6)', () => {
  for (const role of ['PLANNER', 'COMM_MANAGER', 'MANAGER', 'EMPLOYEE'] as const) {
    it(`${role} may call none of them`, async () => {
      const dispatcher = await as(role)
      for (const channel of RECORD_CHANNELS) {
        const result = await dispatcher.dispatch(channel, {})
        expect(result.ok ? channel : result.error.message).toBe(`Your role (${role}) may not use ${channel}.`)
      }
    })
  }
  for (const role of ['OWNER', 'ADMIN', 'SUPER_USER'] as const) {
    it(`${role} may read and edit the records`, async () => {
      const dispatcher = await as(role)
      const record = await dispatcher.dispatch('employees.record', {
        companyEmployeeId: demo.employees[3].companyEmployeeId,
      })
      if (!record.ok) throw new Error(record.error.message)
      const title = `Title set by ${role}`
      const updated = await dispatcher.dispatch('employees.update', {
        employeeId: record.value.id,
        changes: { jobTitle: title },
      })
      if (!updated.ok) throw new Error(updated.error.message)
      expect(updated.value.record.values.jobTitle).toBe(title)
      const ranges = await dispatcher.dispatch('payRanges.overview', {})
      expect(ranges.ok && ranges.value.length).toBeGreaterThan(0)
    })
  }
})

describe('employees.update', () => {
  it('answers the values before the change, so sending them back undoes it', async () => {
    const dispatcher = await as('OWNER')
    const target = demo.employees[10]
    const first = await dispatcher.dispatch('employees.update', {
      employeeId: target.id,
      changes: { email: 'renamed@acme.test', age: '44' },
    })
    if (!first.ok) throw new Error(first.error.message)
    const undo = await dispatcher.dispatch('employees.update', {
      employeeId: target.id,
      changes: first.value.before,
    })
    if (!undo.ok) throw new Error(undo.error.message)
    expect(undo.value.record.values.email).toBe(target.email ?? '')
    expect(undo.value.record.values.age).toBe(target.age === null ? '' : String(target.age))
  })

  it('refuses a job code that names no job profile and a blank required field', async () => {
    const dispatcher = await as('OWNER')
    const target = demo.employees[11]
    const result = await dispatcher.dispatch('employees.update', {
      employeeId: target.id,
      changes: { jobCode: 'NOPE-1', name: ' ' },
    })
    expect(result.ok || result.error.message).toBe(
      `${target.name} (${target.companyEmployeeId}): Name is required.`,
    )
    const code = await dispatcher.dispatch('employees.update', {
      employeeId: target.id,
      changes: { jobCode: 'NOPE-1' },
    })
    expect(code.ok || code.error.message).toBe(
      `${target.name} (${target.companyEmployeeId}): Job Code "NOPE-1" names no job profile`,
    )
  })

  it("a salary edit shows in the Compensation Table's next query", async () => {
    const dispatcher = await as('OWNER')
    const target = demo.employees[12]
    const before = await dispatcher.dispatch('table.query', tableQuery({ search: target.companyEmployeeId }))
    if (!before.ok) throw new Error(before.error.message)
    await dispatcher.dispatch('employees.update', {
      employeeId: target.id,
      changes: { currentSalary: '123456.78' },
    })
    const after = await dispatcher.dispatch('table.query', tableQuery({ search: target.companyEmployeeId }))
    if (!after.ok) throw new Error(after.error.message)
    expect(after.value.rows.find((r) => r.id === target.id)?.currentSalary).toBe(12_345_678)
  })
})

describe('payRanges.update (PUT /payranges)', () => {
  it("moves the compa ratios of the range's employees in the table, and undoes", async () => {
    const dispatcher = await as('OWNER')
    const overview = await dispatcher.dispatch('payRanges.overview', {})
    if (!overview.ok) throw new Error(overview.error.message)
    const range = overview.value.find(
      (r) => r.employees > 0 && r.midPay > 0 && r.payCurrency === 'USD' && r.salaried,
    )
    if (!range) throw new Error('no used USD range')
    const rows = async () => {
      const page = await dispatcher.dispatch('table.query', tableQuery({ limit: 500 }))
      if (!page.ok) throw new Error(page.error.message)
      return page.value.rows
    }
    const profileIds = new Set(demo.jobProfiles.filter((p) => p.payRangeId === range.id).map((p) => p.id))
    const member = (await rows()).find(
      (r) => profileIds.has(demo.employees[r.id - 1].jobProfileId ?? -1) && r.compaRatio !== null,
    )
    if (!member) throw new Error('no employee in the range')
    const mid = (range.midPay * 2) / 100
    const saved = await dispatcher.dispatch('payRanges.update', {
      payRangeId: range.id,
      changes: { midPay: String(mid), maxPay: String((range.maxPay * 2) / 100) },
    })
    if (!saved.ok) throw new Error(saved.error.message)
    const halved = (await rows()).find((r) => r.id === member.id)
    expect(halved?.compaRatio).toBeCloseTo((member.compaRatio ?? 0) / 2, 2)
    const undo = await dispatcher.dispatch('payRanges.update', {
      payRangeId: range.id,
      changes: saved.value.before,
    })
    expect(undo.ok).toBe(true)
    expect((await rows()).find((r) => r.id === member.id)?.compaRatio).toBe(member.compaRatio)
  })
})

describe('employees.delete and employees.restore', () => {
  it('deletes a manager with a user and history, keeps it all in the change log, and restores it', async () => {
    const dispatcher = await as('OWNER')
    const team = demo.teams.find(
      (t) => t.parentTeamId !== null && demo.users.some((u) => u.employeeId === t.managerId),
    )
    if (!team) throw new Error('no manager with a user')
    const managerId = team.managerId
    const edit = await dispatcher.dispatch('rewards.update', {
      updates: [{ employeeId: managerId, changes: { comments: 'kept in history' } }],
    })
    if (!edit.ok) throw new Error(edit.error.message)
    const history = await dispatcher.dispatch('rewards.history', { employeeId: managerId })
    if (!history.ok) throw new Error(history.error.message)
    expect(history.value.length).toBeGreaterThan(0)

    const deleted = await dispatcher.dispatch('employees.delete', { employeeId: managerId })
    if (!deleted.ok) throw new Error(deleted.error.message)
    expect(deleted.value.message).toMatch(/their history is kept in the change history\.$/)
    const gone = await dispatcher.dispatch('employees.record', { employeeId: managerId })
    expect(gone.ok || gone.error.code).toBe('NOT_FOUND')
    const page = await dispatcher.dispatch('table.query', tableQuery({ limit: 500 }))
    expect(page.ok && page.value.rows.some((r) => r.id === managerId)).toBe(false)

    const restored = await dispatcher.dispatch('employees.restore', {
      changeLogId: deleted.value.changeLogId,
    })
    if (!restored.ok) throw new Error(restored.error.message)
    expect(restored.value.id).toBe(managerId)
    const after = await dispatcher.dispatch('rewards.history', { employeeId: managerId })
    expect(after.ok && after.value.length).toBe(history.value.length)
    const teams = await dispatcher.dispatch('teams.list', {})
    expect(teams.ok && teams.value.find((t) => t.id === team.id)?.managerId).toBe(managerId)
    const users = await dispatcher.dispatch('users.list', {})
    expect(users.ok && users.value.some((u) => u.employeeId === managerId)).toBe(true)
    const again = await dispatcher.dispatch('employees.restore', { changeLogId: deleted.value.changeLogId })
    expect(again.ok || again.error.message).toMatch(/is in use again/)
  })

  it("refuses to delete the acting user's own employee record", async () => {
    const dispatcher = await as('ADMIN')
    const admin = demo.users.find((u) => u.email === demo.sampleUsers.ADMIN)
    expect(admin?.employeeId).toEqual(expect.any(Number))
    const result = await dispatcher.dispatch('employees.delete', { employeeId: admin?.employeeId ?? 0 })
    expect(result.ok || result.error.message).toBe('You cannot delete your own employee record.')
  })
})

describe('jobProfiles.update', () => {
  it('moves a profile to another pay range (by name), refuses a name that is no range, and undoes', async () => {
    const dispatcher = await as('ADMIN')
    const profiles = await dispatcher.dispatch('jobProfiles.overview', {})
    if (!profiles.ok) throw new Error(profiles.error.message)
    const profile = profiles.value.find((p) => p.employees > 0)
    if (!profile) throw new Error('no profile in use')
    const ranges = await dispatcher.dispatch('payRanges.overview', {})
    if (!ranges.ok) throw new Error(ranges.error.message)
    const other = ranges.value.find((r) => r.name !== profile.values.payRangeName)
    if (!other) throw new Error('one range only')
    const missing = await dispatcher.dispatch('jobProfiles.update', {
      jobProfileId: profile.id,
      changes: { payRangeName: 'No Such Range', exemptionStatus: 'perhaps' },
    })
    expect(missing.ok || missing.error.message).toBe(
      `Job profile "${profile.jobCode}": Exemption Status: Invalid boolean value ("perhaps")`,
    )
    const moved = await dispatcher.dispatch('jobProfiles.update', {
      jobProfileId: profile.id,
      changes: { payRangeName: other.name, jobFamily: 'Renamed Family' },
    })
    if (!moved.ok) throw new Error(moved.error.message)
    expect(moved.value.profile.values).toMatchObject({
      payRangeName: other.name,
      jobFamily: 'Renamed Family',
    })
    const after = await dispatcher.dispatch('payRanges.overview', {})
    expect(after.ok && after.value.find((r) => r.id === other.id)?.employees).toBe(
      other.employees + profile.employees,
    )
    const undo = await dispatcher.dispatch('jobProfiles.update', {
      jobProfileId: profile.id,
      changes: moved.value.before,
    })
    expect(undo.ok && undo.value.profile.values).toEqual(profile.values)
    const nowhere = await dispatcher.dispatch('jobProfiles.update', {
      jobProfileId: profile.id,
      changes: { payRangeName: 'No Such Range' },
    })
    expect(nowhere.ok || nowhere.error.message).toBe(
      `Job profile "${profile.jobCode}": Pay Range Name "No Such Range" names no pay range`,
    )
  })
})

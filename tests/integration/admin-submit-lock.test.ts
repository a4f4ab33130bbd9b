import path from 'node:path'
import type { PlannerSubmissionDto, TablePage, TeamDto, UserDto } from '../../src-shared/contract'
import { PLAN_SUBMITTED } from '../../src-shared/domain/locks'
import { openWorkbook } from '../../src-main/workbook/open'
import { cli } from '../support/cli'
import { testBackend } from '../support/session'
import { tableQuery } from '../support/table-query'
import { tempDir } from '../support/temp'

// Issue 39: an admin's or owner's own Submit locks only the teams they manage or plan, not the whole
// table; the rows of the other teams stay editable for them.

const dir = tempDir()
const file = path.join(dir, 'admin-submit.paycycle')
const backend = testBackend(dir)

async function call<T>(channel: string, input: unknown): Promise<T> {
  const result = await backend.dispatcher.dispatch(channel, input)
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value as T
}

beforeAll(async () => {
  expect((await cli('new', file, '--demo', '120', '--seed', '7')).code).toBe(0)
  const workbook = await openWorkbook(file)
  workbook.sqlite.prepare('DELETE FROM planner_submission').run()
  await workbook.close()
  expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
})
afterAll(() => backend.session.close())

it("an owner's own Submit locks their own team's rows and leaves the rest of the table editable", async () => {
  const submitted = await call<PlannerSubmissionDto>('submissions.submit', {
    plannerEmployeeId: null,
    comments: 'Done',
  })
  const me = submitted.plannerEmployeeId
  const users = await call<UserDto[]>('users.list', {})
  expect(users.find((u) => u.employeeId === me)?.role).toMatch(/^(OWNER|ADMIN|SUPER_USER)$/)
  const teams = await call<TeamDto[]>('teams.list', {})
  const own = new Set(teams.filter((t) => t.managerId === me || t.plannerId === me).map((t) => t.name))
  expect(own.size).toBeGreaterThan(0)
  const page = await call<TablePage>('table.query', { ...tableQuery(), limit: 500 })
  const mine = page.rows.filter((r) => r.team !== null && own.has(r.team))
  const others = page.rows.filter((r) => r.team === null || !own.has(r.team))
  expect(mine.length).toBeGreaterThan(0)
  expect(others.length).toBeGreaterThan(0)
  for (const row of mine) expect(row.lockedReason).toBe(PLAN_SUBMITTED)
  expect(others.some((r) => r.lockedReason === PLAN_SUBMITTED)).toBe(false)

  // Editing a row of another team goes through; a row of one's own team is refused with the reason.
  const other = others.find((r) => r.editable)
  if (!other) throw new Error('no editable row outside the own team')
  const saved = await call<TablePage['rows']>('rewards.update', {
    updates: [{ employeeId: other.id, changes: { comments: 'After my own submit' } }],
  })
  expect(saved[0].comments).toBe('After my own submit')
  const refused = await backend.dispatcher.dispatch('rewards.update', {
    updates: [{ employeeId: mine[0].id, changes: { comments: 'Locked' } }],
  })
  expect(refused.ok ? null : refused.error.message).toBe(PLAN_SUBMITTED)
})

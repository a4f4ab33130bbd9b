import path from 'node:path'
import type { SubmissionHistoryDto, TeamDto, UserDto } from '../../src-shared/contract'
import { openWorkbook } from '../../src-main/workbook/open'
import { cli } from '../support/cli'
import { testBackend } from '../support/session'
import { tempDir } from '../support/temp'

// Issue 39: the reason HR gives when sending a plan back reaches the planner, as a notice and in the
// submission history; the notice goes once the planner submits again.
const dir = tempDir()
const file = path.join(dir, 'send-back.paycycle')
let backend = testBackend(dir)

async function call<T>(channel: string, input: unknown): Promise<T> {
  const result = await backend.dispatcher.dispatch(channel, input)
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value as T
}

async function actAs(email: string | null): Promise<void> {
  await backend.session.close()
  backend = testBackend(dir, email)
  expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
}

let planner: UserDto
let admin: UserDto

beforeAll(async () => {
  expect((await cli('new', file, '--demo', '120', '--seed', '4')).code).toBe(0)
  const workbook = await openWorkbook(file)
  workbook.sqlite.prepare('DELETE FROM planner_submission').run()
  await workbook.close()
  await actAs(null)
  const teams = await call<TeamDto[]>('teams.list', {})
  const users = await call<UserDto[]>('users.list', {})
  const leaf = teams.find(
    (t) =>
      t.managerId !== null &&
      !teams.some((c) => c.parentTeamId === t.id) &&
      users.some((u) => u.employeeId === t.managerId && u.role === 'PLANNER'),
  ) as TeamDto
  planner = users.find((u) => u.employeeId === leaf.managerId) as UserDto
  admin = users.find((u) => u.role === 'OWNER') as UserDto
})

describe('send back for changes, with a reason', () => {
  it('the planner sees the reason as a notice and in the history; submitting again clears the notice', async () => {
    await actAs(planner.email)
    await call('submissions.submit', { plannerEmployeeId: null, comments: 'Done' })
    expect(
      (await call<SubmissionHistoryDto>('submissions.history', { plannerEmployeeId: null })).sentBack,
    ).toBeNull()

    await actAs(null)
    await call('submissions.unsubmit', {
      plannerEmployeeId: planner.employeeId,
      reason: '  Two raises are above the range maximum.  ',
    })

    await actAs(planner.email)
    const history = await call<SubmissionHistoryDto>('submissions.history', { plannerEmployeeId: null })
    expect(history.sentBack).toMatch(
      new RegExp(
        `^Your plan was sent back for changes by ${admin.name} on .+: Two raises are above the range maximum\\.$`,
      ),
    )
    expect(history.steps.map((s) => [s.action, s.text])).toEqual([
      ['submit', 'Done'],
      ['unsubmit', 'Two raises are above the range maximum.'],
    ])

    await call('submissions.submit', { plannerEmployeeId: null, comments: 'Fixed the two raises' })
    const after = await call<SubmissionHistoryDto>('submissions.history', { plannerEmployeeId: null })
    expect(after.sentBack).toBeNull()
    expect(after.steps.map((s) => s.action)).toEqual(['submit', 'unsubmit', 'submit'])
  })

  it('the CLI sends back with --comments as the reason', async () => {
    await backend.session.close()
    const sent = await cli(
      'unsubmit',
      file,
      '--as',
      admin.email,
      '--planner',
      planner.email,
      '--comments',
      'Recheck bonuses',
      '--json',
    )
    expect(sent.code).toBe(0)
    await actAs(planner.email)
    const history = await call<SubmissionHistoryDto>('submissions.history', { plannerEmployeeId: null })
    expect(history.sentBack).toMatch(/: Recheck bonuses$/)
  })

  it("a planner may not read another planner's history unless above them", async () => {
    await actAs(planner.email)
    const result = await backend.dispatcher.dispatch('submissions.history', {
      plannerEmployeeId: admin.employeeId,
    })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.message).toMatch(/your own plan/)
  })
})

import path from 'node:path'
import type {
  CheckReport,
  PlannerStatusTree,
  PlannerSubmissionDto,
  TablePage,
  TeamDto,
  UserDto,
} from '../../src-shared/contract'
import { openWorkbook } from '../../src-main/workbook/open'
import { cli } from '../support/cli'
import { testBackend } from '../support/session'
import { tableQuery } from '../support/table-query'
import { tempDir } from '../support/temp'

const dir = tempDir()
const file = path.join(dir, 'submit.paycycle')
let backend = testBackend(dir)

async function call<T>(channel: string, input: unknown): Promise<T> {
  const result = await backend.dispatcher.dispatch(channel, input)
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value as T
}

async function refusal(channel: string, input: unknown): Promise<string> {
  const result = await backend.dispatcher.dispatch(channel, input)
  if (result.ok) throw new Error(`${channel} was accepted`)
  return result.error.message
}

async function actAs(email: string | null): Promise<void> {
  await backend.session.close()
  backend = testBackend(dir, email)
  expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
}

const waitingRows = async () =>
  (await call<CheckReport>('checks.run', {})).employees.filter((e) =>
    e.violations.some((v) => v.rule === 'subPlannerNotSubmitted'),
  )

let teams: TeamDto[]
let users: UserDto[]
/** Planners (team managers) from the bottom of the tree up. */
let plannersBottomUp: number[]
const depthOf = (team: TeamDto): number => {
  let depth = 0
  for (let t = team; t.parentTeamId !== null; depth++)
    t = teams.find((x) => x.id === t.parentTeamId) as TeamDto
  return depth
}
const userOf = (employeeId: number) => users.find((u) => u.employeeId === employeeId)

beforeAll(async () => {
  expect((await cli('new', file, '--demo', '200', '--seed', '4')).code).toBe(0)
  // Start from a cycle nobody has submitted in.
  const workbook = await openWorkbook(file)
  workbook.sqlite.prepare('DELETE FROM planner_submission').run()
  await workbook.close()
  await actAs(null)
  teams = await call<TeamDto[]>('teams.list', {})
  users = await call<UserDto[]>('users.list', {})
  const managed = teams.filter((t) => t.managerId !== null).sort((a, b) => depthOf(b) - depthOf(a))
  plannersBottomUp = [...new Set(managed.map((t) => t.managerId as number))]
  await call('payCycle.update', {
    patch: { settings: { plannerViolations: { subPlannerNotSubmitted: 'error' } } },
  })
})

let leafPlanner: UserDto

describe('planner submissions', () => {
  it("a planner with sub-planners still to submit is refused with the rule's message while it is an error", async () => {
    const top = teams.find((t) => t.parentTeamId === null) as TeamDto
    const ceo = userOf(top.managerId as number)
    // The CEO holds an admin role in the demo, who bypasses it; take a planner in the middle instead.
    const middle = teams.find(
      (t) =>
        t.parentTeamId === top.id &&
        teams.some((c) => c.parentTeamId === t.id) &&
        userOf(t.managerId as number),
    ) as TeamDto
    expect(ceo).toBeDefined()
    await actAs((userOf(middle.managerId as number) as UserDto).email)
    expect(await refusal('submissions.submit', { plannerEmployeeId: null, comments: 'Done' })).toMatch(
      /^Waiting for a submission from /,
    )
  })

  it('a leaf planner submits (PLANNER): their rows lock with the reason, and stay locked to edits', async () => {
    const leaf = teams.find(
      (t) => t.managerId !== null && !teams.some((c) => c.parentTeamId === t.id) && userOf(t.managerId),
    ) as TeamDto
    const planner = userOf(leaf.managerId as number) as UserDto
    leafPlanner = planner
    await actAs(planner.email)
    const page = await call<TablePage>('table.query', tableQuery())
    expect(page.rows.every((r) => r.lockedReason !== 'Your plan is submitted; choices are locked.')).toBe(
      true,
    )
    const submitted = await call<PlannerSubmissionDto>('submissions.submit', {
      plannerEmployeeId: null,
      comments: '  Reviewed with finance  ',
    })
    expect(submitted).toMatchObject({
      plannerEmployeeId: planner.employeeId,
      submissionType: 'PLANNER',
      comments: 'Reviewed with finance',
    })
    const locked = await call<TablePage>('table.query', tableQuery())
    expect(locked.rows.length).toBeGreaterThan(0)
    for (const row of locked.rows)
      expect(row.lockedReason).toBe('Your plan is submitted; choices are locked.')
    expect(
      await refusal('rewards.update', {
        updates: [{ employeeId: locked.rows[0].id, changes: { lumpSum: 100 } }],
      }),
    ).toBe('Your plan is submitted; choices are locked.')
    expect(await refusal('submissions.submit', { plannerEmployeeId: null, comments: 'again' })).toBe(
      `${planner.name} has already submitted.`,
    )
    // Only admin roles send back.
    expect(await refusal('submissions.unsubmit', { plannerEmployeeId: planner.employeeId })).toMatch(
      /may not use/,
    )
  })

  it('an admin submits for a planner as HR; a send back re-opens exactly that planner as the one awaited', async () => {
    await actAs(null)
    const before = await waitingRows()
    const planner = plannersBottomUp.find((id) => id !== leafPlanner.employeeId) as number
    const submitted = await call<PlannerSubmissionDto>('submissions.submit', {
      plannerEmployeeId: planner,
      comments: 'HR closes it',
    })
    expect(submitted.submissionType).toBe('HR')
    const afterSubmit = await waitingRows()
    const name = users.find((u) => u.employeeId === planner)?.name ?? ''
    expect(
      afterSubmit.some((e) =>
        e.violations.some((v) => v.message === `Waiting for a submission from ${name}`),
      ),
    ).toBe(false)
    await call('submissions.unsubmit', { plannerEmployeeId: planner })
    const afterSendBack = await waitingRows()
    expect(afterSendBack.map((e) => e.id).sort()).toEqual(before.map((e) => e.id).sort())
    expect(await refusal('submissions.unsubmit', { plannerEmployeeId: planner })).toMatch(
      /^Error: Could not unsubmit for .+\. .+ has not submitted\.$/,
    )
  })

  it('FORCE: a planner above forces a sub-planner, only while waiting is not an error', async () => {
    await actAs(null)
    const parent = teams.find(
      (t) =>
        t.parentTeamId !== null &&
        userOf(t.managerId as number)?.role === 'MANAGER' &&
        teams.some((c) => c.parentTeamId === t.id && c.managerId !== null),
    ) as TeamDto
    const child = teams.find((c) => c.parentTeamId === parent.id && c.managerId !== null) as TeamDto
    const above = userOf(parent.managerId as number) as UserDto
    const below = child.managerId as number
    await actAs(above.email)
    expect(await refusal('submissions.submit', { plannerEmployeeId: below, comments: 'x' })).toMatch(
      /Only HR may force a submission while waiting for sub-planners is an error\.$/,
    )
    await actAs(null)
    await call('payCycle.update', {
      patch: { settings: { plannerViolations: { subPlannerNotSubmitted: 'warning' } } },
    })
    await actAs(above.email)
    const forced = await call<PlannerSubmissionDto>('submissions.submit', {
      plannerEmployeeId: below,
      comments: 'Forced',
    })
    expect(forced.submissionType).toBe('FORCE')
    const status = await call<PlannerStatusTree>('plannerStatus.tree', { teamId: parent.id, depth: 1 })
    const card = status.root?.children.find((c) => c.id === child.id)
    expect(card?.submission).toMatchObject({ type: 'FORCE', comments: 'Forced' })
    // Not someone outside one's teams.
    const outside = teams.find((t) => t.parentTeamId === null)?.managerId as number
    expect(await refusal('submissions.submit', { plannerEmployeeId: outside, comments: 'x' })).toMatch(
      /does not plan a team below yours\.$/,
    )
    await actAs(null)
    await call('submissions.unsubmit', { plannerEmployeeId: below })
    await call('payCycle.update', {
      patch: { settings: { plannerViolations: { subPlannerNotSubmitted: 'error' } } },
    })
  })

  it('a bottom-up submission of the whole company clears every subPlannerNotSubmitted; the history records each', async () => {
    await actAs(null)
    expect((await waitingRows()).length).toBeGreaterThan(0)
    const status = await call<PlannerStatusTree>('plannerStatus.tree', { teamId: null, depth: 0 })
    const top = status.tops[0]
    expect(top.submittedSubPlanners).toBeLessThan(top.subPlanners)
    expect(plannersBottomUp.length).toBeGreaterThan(1)
    for (const planner of plannersBottomUp) {
      const result = await backend.dispatcher.dispatch('submissions.submit', {
        plannerEmployeeId: planner,
        comments: 'Cycle done',
      })
      // Submitted now, or already (a submission further down covered this planner).
      expect(result.ok ? 'submitted' : result.error.message).toMatch(/^submitted$|has already submitted\.$/)
    }
    expect(await waitingRows()).toEqual([])
    const done = (await call<PlannerStatusTree>('plannerStatus.tree', { teamId: null, depth: 0 })).tops[0]
    expect(done.submittedSubPlanners).toBe(done.subPlanners)
    // The top team's planner is the owner, who submitted for herself.
    expect(done.submission?.type).toBe('PLANNER')
    const workbook = await openWorkbook(file, { readonly: true })
    const logged = await workbook.db
      .selectFrom('change_log')
      .select(['action', 'new_value'])
      .where('entity', '=', 'planner_submission')
      .execute()
    await workbook.close()
    expect(logged.filter((l) => l.action === 'submit').length).toBeGreaterThanOrEqual(plannersBottomUp.length)
    expect(logged.some((l) => l.action === 'unsubmit')).toBe(true)
  })

  it('an admin edits the comments; a closed cycle refuses submissions with the lock reason', async () => {
    await actAs(null)
    const planner = plannersBottomUp[0]
    const edited = await call<PlannerSubmissionDto>('submissions.editComments', {
      plannerEmployeeId: planner,
      comments: 'Fixed note',
    })
    expect(edited.comments).toBe('Fixed note')
    await call('submissions.unsubmit', { plannerEmployeeId: planner })
    await backend.session.close()
    const workbook = await openWorkbook(file)
    workbook.sqlite.prepare('UPDATE pay_cycle SET active = 0').run()
    await workbook.close()
    await actAs(null)
    expect(await refusal('submissions.submit', { plannerEmployeeId: planner, comments: 'x' })).toBe(
      'The pay cycle is closed; choices are locked.',
    )
  })
})

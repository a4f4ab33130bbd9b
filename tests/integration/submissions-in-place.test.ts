import path from 'node:path'
import type { CheckReport, PlannerStatusTree, TablePage, TeamDto, UserDto } from '../../src-shared/contract'
import { openWorkbook } from '../../src-main/workbook/open'
import { cli } from '../support/cli'
import { testBackend } from '../support/session'
import { tableQuery } from '../support/table-query'
import { tempDir } from '../support/temp'

/**
 * A submission or a send-back changes the Compensation Table's model in place (TableModel
 * `setSubmitted`) instead of rebuilding it: after each one, the table's waiting rows must equal a full
 * evaluation of the workbook (`checks.run`) and Planner Status's counts a fresh session's.
 */
const dir = tempDir()
const file = path.join(dir, 'in-place.paycycle')
let backend = testBackend(dir)

async function call<T>(channel: string, input: unknown): Promise<T> {
  const result = await backend.dispatcher.dispatch(channel, input)
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value as T
}

/** Employee Id → the 'Waiting for a submission from …' message, as the table shows it. */
async function tableWaiting(): Promise<Record<string, string>> {
  const page = await call<TablePage>('table.query', tableQuery({ limit: 500 }))
  const found: Record<string, string> = {}
  for (const row of page.rows)
    for (const v of row.violations) if (v.rule === 'subPlannerNotSubmitted') found[row.employeeId] = v.message
  return found
}

/** The same from a full evaluation of the stored workbook. */
async function evaluatedWaiting(): Promise<Record<string, string>> {
  const report = await call<CheckReport>('checks.run', {})
  const found: Record<string, string> = {}
  for (const e of report.employees)
    for (const v of e.violations) if (v.rule === 'subPlannerNotSubmitted') found[e.id] = v.message
  return found
}

const statusCounts = async () =>
  (await call<PlannerStatusTree>('plannerStatus.tree', { teamId: null, depth: 2 })).tops.map(
    function flat(card): string[] {
      return [
        `${card.id}:${card.submittedSubPlanners}/${card.subPlanners}:${card.submission?.type ?? '-'}`,
      ].concat(...card.children.map(flat))
    },
  )

beforeAll(async () => {
  expect((await cli('new', file, '--demo', '150', '--seed', '6')).code).toBe(0)
  const workbook = await openWorkbook(file)
  workbook.sqlite.prepare('DELETE FROM planner_submission').run()
  await workbook.close()
  expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
})

describe('submissions change the table model in place', () => {
  it('after each submission and send-back the table equals a full evaluation, and Planner Status a fresh session', async () => {
    const teams = await call<TeamDto[]>('teams.list', {})
    const users = await call<UserDto[]>('users.list', {})
    const owner = users.find((u) => u.role === 'OWNER')?.employeeId
    const depth = (team: TeamDto): number => {
      let d = 0
      for (let t = team; t.parentTeamId !== null; d++)
        t = teams.find((x) => x.id === t.parentTeamId) as TeamDto
      return d
    }
    const planners = [
      ...new Set(
        teams
          .filter((t) => t.managerId !== null && t.managerId !== owner)
          .sort((a, b) => depth(b) - depth(a))
          .map((t) => t.managerId as number),
      ),
    ].slice(0, 6)
    expect(planners.length).toBeGreaterThan(2)
    // Build the model first, so the changes below are made in place.
    const first = await tableWaiting()
    expect(Object.keys(first).length).toBeGreaterThan(0)
    expect(first).toEqual(await evaluatedWaiting())
    const before = await statusCounts()

    const steps: [string, number][] = [
      ...planners.map((id): [string, number] => ['submissions.submit', id]),
      ['submissions.unsubmit', planners[1]],
      ['submissions.unsubmit', planners[0]],
      ['submissions.submit', planners[0]],
    ]
    for (const [channel, plannerEmployeeId] of steps) {
      await call(
        channel,
        channel === 'submissions.submit' ? { plannerEmployeeId, comments: 'HR' } : { plannerEmployeeId },
      )
      expect(await tableWaiting()).toEqual(await evaluatedWaiting())
    }
    const kept = await statusCounts()
    expect(kept).not.toEqual(before)
    await backend.session.close()
    backend = testBackend(dir)
    expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
    expect(await statusCounts()).toEqual(kept)
  })
})

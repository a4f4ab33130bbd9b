import path from 'node:path'
import type { PlannerSubmissionDto } from '../../src-shared/contract'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { cli } from '../support/cli'
import { tempDir } from '../support/temp'

const dir = tempDir()
const file = path.join(dir, 'cli-submit.paycycle')

interface StatusTeam {
  name: string
  manager: string | null
  submitted: boolean
  submissionType: string | null
  submittedSubPlanners: number
  subPlanners: number
}

// The workbook holds this demo company (200 employees, seed 4).
const demo = generateDemoCompany({ employees: 200, seed: 4 })
const users = demo.users
const teams = demo.teams
const status = async (...extra: string[]) =>
  ((await cli('status', file, ...extra, '--json')).json[0] as { teams: StatusTeam[] }).teams

beforeAll(async () => {
  expect((await cli('new', file, '--demo', '200', '--seed', '4')).code).toBe(0)
})

describe('cli submit, unsubmit, status', () => {
  it('status lists every team of the tree with its planner and its sub-planners', async () => {
    const all = await status()
    expect(all).toHaveLength(teams.length)
    const top = all[0]
    expect(top.subPlanners).toBeGreaterThan(0)
    expect(Object.keys(top).sort()).toEqual(
      ['manager', 'name', 'subPlanners', 'submissionType', 'submitted', 'submittedSubPlanners'].sort(),
    )
  })

  it('a leaf manager submits their own plan (PLANNER); an admin sends it back', async () => {
    const leaf = teams.find(
      (t) =>
        !teams.some((c) => c.parentTeamId === t.id) &&
        users.some((u) => u.employeeId === t.managerId && u.role === 'MANAGER'),
    ) as (typeof teams)[number]
    const manager = users.find((u) => u.employeeId === leaf.managerId) as (typeof users)[number]
    const submitted = await cli('submit', file, '--as', manager.email, '--comments', 'Done', '--json')
    expect(submitted.code).toBe(0)
    expect((submitted.json[0] as PlannerSubmissionDto).submissionType).toBe('PLANNER')
    expect((await status()).find((t) => t.name === leaf.name)).toMatchObject({
      submitted: true,
      submissionType: 'PLANNER',
    })

    const refused = await cli('unsubmit', file, '--as', manager.email, '--planner', manager.email, '--json')
    expect(refused.code).toBe(1)
    expect(refused.errors[0]).toBe('Your role (MANAGER) may not use submissions.unsubmit.')
    const owner = users.find((u) => u.role === 'OWNER') as (typeof users)[number]
    expect(
      (await cli('unsubmit', file, '--as', owner.email, '--planner', manager.email, '--json')).code,
    ).toBe(0)
    expect((await status()).find((t) => t.name === leaf.name)?.submitted).toBe(false)
  })

  it('an admin submits for a planner with --for (HR); a second submission is refused', async () => {
    const owner = users.find((u) => u.role === 'OWNER') as (typeof users)[number]
    const planner = users.find((u) => u.role === 'MANAGER') as (typeof users)[number]
    const forced = await cli(
      'submit',
      file,
      '--as',
      owner.email,
      '--for',
      planner.email,
      '--comments',
      'HR',
      '--json',
    )
    expect(forced.code).toBe(0)
    expect((forced.json[0] as PlannerSubmissionDto).submissionType).toBe('HR')
    const again = await cli(
      'submit',
      file,
      '--as',
      owner.email,
      '--for',
      planner.email,
      '--comments',
      'HR',
      '--json',
    )
    expect(again.code).toBe(1)
    expect(again.errors[0]).toMatch(/^Error: Could not submit for .+\. .+ has already submitted\.$/)
  })

  it('refuses a role that does not plan, and a missing --comments', async () => {
    const comms = users.find((u) => u.role === 'COMM_MANAGER') as (typeof users)[number]
    const refused = await cli('submit', file, '--as', comms.email, '--comments', 'x', '--json')
    expect(refused.code).toBe(1)
    expect(refused.errors[0]).toBe('Your role (COMM_MANAGER) may not use submissions.submit.')
    const usage = await cli('submit', file, '--json')
    expect(usage.code).toBe(2)
    expect(usage.errors[0]).toContain('submit needs --comments <text>.')
  })
})

import path from 'node:path'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { cli } from '../support/cli'
import { testBackend } from '../support/session'
import { tempDir } from '../support/temp'

/** Statements warn before they are written for plans not submitted or sent back (issue 36). */

const dir = tempDir('meritbook-statement-readiness-')
const file = path.join(dir, 'ready.paycycle')
const demo = generateDemoCompany({ employees: 20, seed: 4 })

beforeAll(async () => {
  expect((await cli('new', file, '--demo', '20', '--seed', '4')).code).toBe(0)
})

describe('the warning before generating or sending statements', () => {
  const { dispatcher } = testBackend(path.join(dir, 'data'), demo.sampleUsers.COMM_MANAGER)

  it('names how many plans are not submitted and their teams; nobody waits for the top manager', async () => {
    expect((await dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
    const person = demo.employees.find((e) => e.teamId !== null)!
    const team = demo.teams.find((t) => t.id === person.teamId)!
    const one = await dispatcher.dispatch('statements.readiness', {
      scope: { kind: 'employees', ids: [person.id] },
    })
    expect(one).toEqual({
      ok: true,
      value: {
        count: 1,
        teams: [team.name],
        warning: `1 employee has a plan not submitted or sent back (team ${team.name}): their statements may show figures that still change.`,
      },
    })
    const all = await dispatcher.dispatch('statements.readiness', { scope: { kind: 'all' } })
    if (!all.ok) throw new Error(all.error.message)
    // In a new demo no planner has submitted: everyone in a team waits; the top manager (no team) waits for nobody.
    const waiting = demo.employees.filter((e) => e.teamId !== null).length
    expect(all.value.count).toBe(waiting)
    expect(all.value.warning).toContain(`${waiting} employees have plans not submitted`)
  })
})

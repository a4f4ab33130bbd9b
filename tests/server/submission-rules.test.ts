import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { openWorkbook } from '../../src-main/workbook/open'
import { testBackend } from '../support/session'
import { tempDir } from '../support/temp'
import { clientOf, publishedDemo } from './company-fixture'
import { testServer } from './support'

/**
 * Issue 37: the company server refuses the submissions the desktop refuses, with the desktop's words.
 * One demo company, with no submissions and subPlannerNotSubmitted an error, is opened on a desktop
 * and published to the server; each submission is sent to both and the answers compared.
 */

const server = testServer()
const { signIn, call } = clientOf(server)
const dir = tempDir()
const PLANNER_EMAIL = 'planner@rules.test'
/** The desktop, acting as one user at a time (a workbook opens in one session). */
let desktop = testBackend(dir)

let file = ''
let snapshot: CompanySnapshot
let owner = ''
let planner = ''
let cycleId = 0
/** A planner with a team below theirs held by `sub`; `sub` holds that team; `nobody` holds none. */
const people = { planner: { id: 0, name: '' }, sub: { id: 0, name: '' }, nobody: { id: 0, name: '' } }

/** No submissions, waiting for sub-planners an error, and a known e-mail for a planner with a sub-planner. */
async function prepare(path: string): Promise<void> {
  const workbook = await openWorkbook(path)
  const db = workbook.sqlite
  db.prepare('DELETE FROM planner_submission').run()
  db.prepare(
    `UPDATE pay_cycle SET settings = json_set(settings, '$.plannerViolations.subPlannerNotSubmitted', 'error')
     WHERE active = 1`,
  ).run()
  const cycle = db.prepare('SELECT id FROM pay_cycle WHERE active = 1').get() as { id: number }
  // A MANAGER user whose team has a child team managed by someone else, both in this pay cycle.
  const pair = db
    .prepare(
      `SELECT u.id AS userId, t.manager_id AS plannerId, c.manager_id AS subId
       FROM team t JOIN team c ON c.parent_team_id = t.id
       JOIN app_user u ON u.employee_id = t.manager_id
       JOIN role r ON r.id = u.role_id AND r.name = 'MANAGER'
       JOIN employee p ON p.id = t.manager_id JOIN employee s ON s.id = c.manager_id
       WHERE c.manager_id IS NOT NULL AND c.manager_id <> t.manager_id
         AND coalesce(p.pay_cycle_id, ?) = ? AND coalesce(s.pay_cycle_id, ?) = ?
       ORDER BY t.id LIMIT 1`,
    )
    .get(cycle.id, cycle.id, cycle.id, cycle.id) as { userId: number; plannerId: number; subId: number }
  db.prepare('UPDATE app_user SET email = ? WHERE id = ?').run(PLANNER_EMAIL, pair.userId)
  const nobody = db
    .prepare(
      'SELECT id FROM employee WHERE id NOT IN (SELECT manager_id FROM team WHERE manager_id IS NOT NULL) LIMIT 1',
    )
    .get() as { id: number }
  const nameOf = (id: number) =>
    (db.prepare('SELECT name FROM employee WHERE id = ?').get(id) as { name: string }).name
  people.planner = { id: pair.plannerId, name: nameOf(pair.plannerId) }
  people.sub = { id: pair.subId, name: nameOf(pair.subId) }
  people.nobody = { id: nobody.id, name: nameOf(nobody.id) }
  cycleId = cycle.id
  await workbook.close()
}

beforeAll(async () => {
  ;({ file, snapshot, owner } = await publishedDemo(server, dir, {
    employees: 120,
    seed: 37,
    company: 'Rules',
    prepare,
  }))
  planner = await signIn(PLANNER_EMAIL)
})

/** The desktop's session as this user (null: the workbook's owner). */
async function actAs(email: string | null): Promise<void> {
  await desktop.session.close()
  desktop = testBackend(dir, email)
  expect((await desktop.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
}

/** The desktop's refusal of a submission by `email` (null: the owner); it must refuse. */
async function desktopRefusal(email: string | null, plannerEmployeeId: number | null): Promise<string> {
  await actAs(email)
  const result = await desktop.dispatcher.dispatch('submissions.submit', {
    plannerEmployeeId,
    comments: 'Ready',
  })
  if (result.ok) throw new Error('The desktop accepted the submission.')
  expect(result.error.code).toBe('FORBIDDEN')
  return result.error.message
}

const serverSubmit = (token: string, plannerId: number, type: 'PLANNER' | 'FORCE' | 'HR') =>
  call(token, 'POST', '/api/paycycle/submit/', {
    planner_employee: plannerId,
    pay_cycle: cycleId,
    submission_type: type,
    comments: 'Ready',
  })

describe('the server refuses what the desktop refuses, in the same words', () => {
  it('the company starts with no submissions and waiting for sub-planners an error', () => {
    expect(snapshot.submissions).toEqual([])
    const cycle = snapshot.payCycles.find((c) => c.active)
    expect(cycle?.settings.plannerViolations).toMatchObject({ subPlannerNotSubmitted: 'error' })
  })

  it('an OWNER submitting for an employee who plans no team', async () => {
    const { name, id } = people.nobody
    const expected = `Error: Could not submit for ${name}. ${name} plans no team in this pay cycle.`
    expect(await desktopRefusal(null, id)).toBe(expected)
    const answer = await serverSubmit(owner, id, 'HR')
    expect(answer.statusCode).toBe(403)
    expect(answer.json()).toMatchObject({ detail: expected })
  })

  it('a FORCE submission while waiting for sub-planners is an error', async () => {
    const { name, id } = people.sub
    const expected = `Error: Could not submit for ${name}. Only HR may force a submission while waiting for sub-planners is an error.`
    expect(await desktopRefusal(PLANNER_EMAIL, id)).toBe(expected)
    const answer = await serverSubmit(planner, id, 'FORCE')
    expect(answer.statusCode).toBe(403)
    expect(answer.json()).toMatchObject({ detail: expected })
  })

  it('a planner submitting before their sub-planners', async () => {
    const refused = await desktopRefusal(PLANNER_EMAIL, null)
    expect(refused).toMatch(/^Waiting for a submission from ./)
    const answer = await serverSubmit(planner, people.planner.id, 'PLANNER')
    expect(answer.statusCode).toBe(403)
    expect(answer.json()).toMatchObject({ detail: refused })
  })

  it('refused submissions leave nothing behind; HR may still submit for the sub-planner on both', async () => {
    expect((await call(owner, 'GET', '/api/paycycle/submit/')).json()).toEqual([])
    await actAs(null)
    const accepted = await desktop.dispatcher.dispatch('submissions.submit', {
      plannerEmployeeId: people.sub.id,
      comments: 'Ready',
    })
    expect(accepted).toMatchObject({ ok: true, value: { submissionType: 'HR' } })
    const answer = await serverSubmit(owner, people.sub.id, 'HR')
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ planner_employee_id: people.sub.id, submission_type: 'HR' })
  })
})

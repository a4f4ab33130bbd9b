import {
  decideSubmission,
  heldTeams,
  isSubPlannerOf,
  subPlanners,
  type SubmissionActor,
  type SubmissionCommand,
  type SubmissionFacts,
} from '../../../src-shared/domain/commands/submission'
import { REFUSAL_STATUS } from '../../../src-shared/domain/commands/refusal'
import { buildTeamTree } from '../../../src-shared/domain/hierarchy'
import type { Severity } from '../../../src-shared/domain/settings'

/**
 * The company: team 1 (Cee, the OWNER) ⊃ team 2 (Ann) ⊃ team 3 (Bob) ⊃ team 4 (Cat); team 5 under
 * team 2 has no planner; Dan (50) plans nothing.
 */
const TEAMS = [
  { id: 1, parentTeamId: null, holder: 10 },
  { id: 2, parentTeamId: 1, holder: 20 },
  { id: 3, parentTeamId: 2, holder: 30 },
  { id: 4, parentTeamId: 3, holder: 40 },
  { id: 5, parentTeamId: 2, holder: null },
]
const NAMES = new Map([
  [10, 'Cee'],
  [20, 'Ann'],
  [30, 'Bob'],
  [40, 'Cat'],
  [50, 'Dan'],
])

function factsWith(
  options: { waiting?: Severity | null; submitted?: number[]; active?: boolean; noCycle?: boolean } = {},
): SubmissionFacts {
  const waiting = options.waiting === undefined ? 'error' : options.waiting
  return {
    tree: buildTeamTree(TEAMS),
    holderOf: (id) => TEAMS.find((t) => t.id === id)?.holder ?? null,
    cycle: options.noCycle
      ? null
      : {
          id: 7,
          active: options.active ?? true,
          settings: { plannerViolations: waiting === null ? {} : { subPlannerNotSubmitted: waiting } },
        },
    nameOf: (id) => NAMES.get(id),
    submitted: new Set(options.submitted ?? []),
  }
}

const OWNER: SubmissionActor = { role: 'OWNER', employeeId: 10 }
const ANN: SubmissionActor = { role: 'MANAGER', employeeId: 20 }
const BOB: SubmissionActor = { role: 'PLANNER', employeeId: 30 }
const CAT: SubmissionActor = { role: 'MANAGER', employeeId: 40 }
const DAN: SubmissionActor = { role: 'MANAGER', employeeId: 50 }

const submit = (plannerId: number | null, extra: Partial<SubmissionCommand> = {}): SubmissionCommand =>
  ({ kind: 'submit', plannerId, comments: '  Done  ', ...extra }) as SubmissionCommand

describe('the planner tree', () => {
  const facts = factsWith()
  it('names the teams a planner holds, the planners below, and who is below whom', () => {
    expect(heldTeams(facts, 20)).toEqual([2])
    expect(heldTeams(facts, 50)).toEqual([])
    expect(subPlanners(facts, 20)).toEqual([30, 40])
    expect(subPlanners(facts, 40)).toEqual([])
    expect(isSubPlannerOf(facts, 40, 20)).toBe(true)
    expect(isSubPlannerOf(facts, 20, 40)).toBe(false)
  })
})

describe('submit', () => {
  it('refuses while the cycle is closed, missing, or not the one the request names', () => {
    const closed = { ok: false, code: 'FORBIDDEN', message: 'The pay cycle is closed; choices are locked.' }
    expect(decideSubmission(submit(null), factsWith({ active: false }), CAT)).toEqual(closed)
    expect(decideSubmission(submit(null), factsWith({ noCycle: true }), CAT)).toEqual(closed)
    expect(decideSubmission(submit(null, { payCycleId: 8 }), factsWith(), CAT)).toEqual(closed)
  })

  it('refuses a user who is not an employee their own plan, and an unknown planner', () => {
    expect(decideSubmission(submit(null), factsWith(), { role: 'ADMIN', employeeId: null })).toEqual({
      ok: false,
      code: 'FORBIDDEN',
      message: 'Your user is not an employee, so you have no plan to submit.',
    })
    expect(decideSubmission(submit(99), factsWith(), OWNER)).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: 'No employee has the id 99.',
    })
  })

  it('refuses a claimed type other than the one the actor records', () => {
    expect(decideSubmission(submit(40, { type: 'FORCE' }), factsWith(), OWNER)).toEqual({
      ok: false,
      code: 'BAD_INPUT',
      message: 'submission_type: OWNER submitting for someone else records HR.',
    })
    expect(decideSubmission(submit(40, { type: 'HR' }), factsWith(), CAT)).toEqual({
      ok: false,
      code: 'BAD_INPUT',
      message: 'submission_type: MANAGER submitting their own plan records PLANNER.',
    })
  })

  it('refuses a planner who plans no team: in their own words, or prefixed when for someone else', () => {
    expect(decideSubmission(submit(null), factsWith(), DAN)).toEqual({
      ok: false,
      code: 'FORBIDDEN',
      message: 'Dan plans no team in this pay cycle.',
    })
    expect(decideSubmission(submit(50), factsWith(), OWNER)).toEqual({
      ok: false,
      code: 'FORBIDDEN',
      message: 'Error: Could not submit for Dan. Dan plans no team in this pay cycle.',
    })
  })

  it('refuses a second submission as a conflict', () => {
    const refusal = decideSubmission(submit(40), factsWith({ submitted: [40] }), OWNER)
    expect(refusal).toEqual({
      ok: false,
      code: 'CONFLICT',
      message: 'Error: Could not submit for Cat. Cat has already submitted.',
    })
    expect(REFUSAL_STATUS.CONFLICT).toBe(409)
  })

  it('FORCE: only for a planner below, and not while waiting for sub-planners is an error', () => {
    expect(decideSubmission(submit(20), factsWith({ waiting: 'warning' }), BOB)).toEqual({
      ok: false,
      code: 'FORBIDDEN',
      message: 'Error: Could not submit for Ann. Ann does not plan a team below yours.',
    })
    expect(
      decideSubmission(submit(40), factsWith({ waiting: null }), { role: 'PLANNER', employeeId: null }),
    ).toEqual({
      ok: false,
      code: 'FORBIDDEN',
      message: 'Error: Could not submit for Cat. Cat does not plan a team below yours.',
    })
    expect(decideSubmission(submit(30), factsWith(), ANN)).toEqual({
      ok: false,
      code: 'FORBIDDEN',
      message:
        'Error: Could not submit for Bob. Only HR may force a submission while waiting for sub-planners is an error.',
    })
    expect(decideSubmission(submit(40), factsWith({ waiting: 'warning' }), ANN)).toEqual({
      ok: true,
      change: { kind: 'submit', payCycleId: 7, plannerId: 40, type: 'FORCE', comments: 'Done' },
    })
  })

  it('a planner waits for their sub-planners while that is an error: one by name, several unnamed', () => {
    expect(decideSubmission(submit(null), factsWith(), BOB)).toEqual({
      ok: false,
      code: 'FORBIDDEN',
      message: 'Waiting for a submission from Cat',
    })
    expect(decideSubmission(submit(null), factsWith(), ANN)).toEqual({
      ok: false,
      code: 'FORBIDDEN',
      message: 'Waiting for a submission from a sub-planner',
    })
    expect(decideSubmission(submit(null), factsWith({ submitted: [40] }), ANN)).toEqual({
      ok: false,
      code: 'FORBIDDEN',
      message: 'Waiting for a submission from Bob',
    })
  })

  it('accepts a planner whose sub-planners submitted, or while waiting is a warning or off', () => {
    const planner = {
      ok: true,
      change: { kind: 'submit', payCycleId: 7, plannerId: 20, type: 'PLANNER', comments: 'Done' },
    }
    expect(decideSubmission(submit(null), factsWith({ submitted: [30, 40] }), ANN)).toEqual(planner)
    expect(decideSubmission(submit(null), factsWith({ waiting: 'warning' }), ANN)).toEqual(planner)
    expect(
      decideSubmission(submit(20, { type: 'PLANNER', payCycleId: 7 }), factsWith({ waiting: null }), ANN),
    ).toEqual(planner)
  })

  it('admin roles bypass the wait: their own plan (PLANNER) and anyone’s (HR)', () => {
    expect(decideSubmission(submit(null), factsWith(), OWNER)).toMatchObject({
      ok: true,
      change: { plannerId: 10, type: 'PLANNER' },
    })
    expect(decideSubmission(submit(20), factsWith(), OWNER)).toMatchObject({
      ok: true,
      change: { plannerId: 20, type: 'HR' },
    })
  })

  it('refuses blank comments and trims the others', () => {
    expect(decideSubmission(submit(40, { comments: '   ' }), factsWith(), OWNER)).toEqual({
      ok: false,
      code: 'BAD_INPUT',
      message: 'Comments are required.',
    })
    expect(decideSubmission(submit(40, { comments: ' Looks right ' }), factsWith(), OWNER)).toMatchObject({
      change: { comments: 'Looks right' },
    })
  })
})

describe('send back', () => {
  const sendBack = (plannerId: number, payCycleId?: number): SubmissionCommand => ({
    kind: 'sendBack',
    plannerId,
    ...(payCycleId === undefined ? {} : { payCycleId }),
  })

  it('is for admin roles, in an open cycle, of a planner who submitted in it', () => {
    const submitted = factsWith({ submitted: [30] })
    expect(decideSubmission(sendBack(30), submitted, ANN)).toEqual({
      ok: false,
      code: 'FORBIDDEN',
      message: 'Your role (MANAGER) may not send plans back.',
    })
    const closed = { ok: false, code: 'FORBIDDEN', message: 'The pay cycle is closed; choices are locked.' }
    expect(decideSubmission(sendBack(30), factsWith({ submitted: [30], active: false }), OWNER)).toEqual(
      closed,
    )
    expect(decideSubmission(sendBack(30, 6), submitted, OWNER)).toEqual(closed)
    expect(decideSubmission(sendBack(40), submitted, OWNER)).toEqual({
      ok: false,
      code: 'FORBIDDEN',
      message: 'Error: Could not unsubmit for Cat. Cat has not submitted.',
    })
    expect(decideSubmission(sendBack(30, 7), submitted, OWNER)).toEqual({
      ok: true,
      change: { kind: 'sendBack', payCycleId: 7, plannerId: 30 },
    })
  })
})

describe('edit comments', () => {
  const edit = (plannerId: number, comments: string): SubmissionCommand => ({
    kind: 'editComments',
    plannerId,
    comments,
  })

  it('is for admin roles, of a submission there, with comments', () => {
    const submitted = factsWith({ submitted: [30], active: false })
    expect(decideSubmission(edit(30, 'x'), submitted, BOB)).toEqual({
      ok: false,
      code: 'FORBIDDEN',
      message: 'Your role (PLANNER) may not edit submissions.',
    })
    const missing = { ok: false, code: 'NOT_FOUND', message: 'employee 99 has not submitted.' }
    expect(decideSubmission(edit(99, 'x'), submitted, OWNER)).toEqual(missing)
    expect(decideSubmission(edit(30, 'x'), factsWith({ noCycle: true }), OWNER)).toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(decideSubmission(edit(30, ' '), submitted, OWNER)).toEqual({
      ok: false,
      code: 'BAD_INPUT',
      message: 'Comments are required.',
    })
    // A closed cycle's submission keeps its comments editable, as before.
    expect(decideSubmission(edit(30, ' Checked '), submitted, OWNER)).toEqual({
      ok: true,
      change: { kind: 'editComments', payCycleId: 7, plannerId: 30, comments: 'Checked' },
    })
  })
})

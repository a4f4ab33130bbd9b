import { submissionTypeFor, type SubmissionType } from '../admin-rules'
import { ancestorTeamIds, descendantTeamIds, type TeamTree } from '../hierarchy'
import { CYCLE_CLOSED } from '../locks'
import { hasAdminPowers, type RoleName } from '../roles'
import type { PayCycleSettings } from '../settings'
import { submitForFailed, unsubmitForFailed } from '../submissions'
import { ruleSeverity, waitingForSubmissionMessage } from '../violations'
import { accept, refuse, type Decision } from './refusal'

/**
 * Planner submissions as commands (administration document §3–§6, issue 37): submit (one's own plan,
 * PLANNER; a sub-planner's by a planner above, FORCE; anyone's by an admin role, HR), send back, and
 * an admin's edit of a submission's comments. One pure decision, called by the desktop's service
 * (src-main/services/submissions) and the company server's route (src-server/routes/submissions.ts),
 * each over the facts of its own store.
 */

/** The team tree and who plans each team in the current pay cycle (hierarchy.ts `teamHolderId`). */
export interface PlannerTree {
  readonly tree: TeamTree
  holderOf(teamId: number): number | null
}

export interface SubmissionFacts extends PlannerTree {
  /** The current pay cycle (pay-cycles.ts `currentPayCycle`), null when the company has none. */
  cycle: { id: number; active: boolean; settings: Pick<PayCycleSettings, 'plannerViolations'> } | null
  /** An employee's name; undefined when no employee has the id. */
  nameOf(employeeId: number): string | undefined
  /** The planners who submitted in the current pay cycle. */
  submitted: ReadonlySet<number>
}

export interface SubmissionActor {
  role: RoleName
  /** The acting user's employee, or null for a user who is not one. */
  employeeId: number | null
}

export type SubmissionCommand =
  | {
      kind: 'submit'
      /** null: the actor's own plan. */
      plannerId: number | null
      comments: string
      /** The pay cycle the request names (the server's `pay_cycle`); absent: the current one. */
      payCycleId?: number
      /** The type the request claims (the server's `submission_type`); absent: worked out here. */
      type?: SubmissionType
    }
  | {
      kind: 'sendBack'
      plannerId: number
      /** The pay cycle of the submission the request names (the server's); absent: the current one. */
      payCycleId?: number
    }
  | { kind: 'editComments'; plannerId: number; comments: string }

export type SubmissionChange =
  | { kind: 'submit'; payCycleId: number; plannerId: number; type: SubmissionType; comments: string }
  | { kind: 'sendBack'; payCycleId: number; plannerId: number }
  | { kind: 'editComments'; payCycleId: number; plannerId: number; comments: string }

export const COMMENTS_MISSING = 'Comments are required.'
export const NOT_AN_EMPLOYEE = 'Your user is not an employee, so you have no plan to submit.'
export const FORCE_WHILE_WAITING_IS_ERROR =
  'Only HR may force a submission while waiting for sub-planners is an error.'

/** The teams a planner holds in this pay cycle, in tree order. */
export function heldTeams(facts: PlannerTree, plannerId: number): number[] {
  return facts.tree.order.filter((id) => facts.holderOf(id) === plannerId)
}

/** The planners of the teams below a planner's teams (themselves excepted), nearest first. */
export function subPlanners(facts: PlannerTree, plannerId: number): number[] {
  const found = new Set<number>()
  for (const teamId of heldTeams(facts, plannerId)) {
    for (const id of descendantTeamIds(facts.tree, teamId)) {
      const holder = facts.holderOf(id)
      if (holder !== null && holder !== plannerId) found.add(holder)
    }
  }
  return [...found]
}

/** Whether `plannerId` plans a team below one that `aboveId` plans. */
export function isSubPlannerOf(facts: PlannerTree, plannerId: number, aboveId: number): boolean {
  return heldTeams(facts, plannerId).some((teamId) =>
    ancestorTeamIds(facts.tree, teamId).some((id) => facts.holderOf(id) === aboveId),
  )
}

const nameIn = (facts: SubmissionFacts, id: number) => facts.nameOf(id) ?? `employee ${id}`

function decideSubmit(
  command: Extract<SubmissionCommand, { kind: 'submit' }>,
  facts: SubmissionFacts,
  actor: SubmissionActor,
): Decision<SubmissionChange> {
  const cycle = facts.cycle
  if (!cycle?.active || (command.payCycleId !== undefined && command.payCycleId !== cycle.id))
    return refuse('FORBIDDEN', CYCLE_CLOSED)
  const plannerId = command.plannerId ?? actor.employeeId
  if (plannerId === null) return refuse('FORBIDDEN', NOT_AN_EMPLOYEE)
  const name = facts.nameOf(plannerId)
  if (name === undefined) return refuse('NOT_FOUND', `No employee has the id ${plannerId}.`)
  const forSomeoneElse = plannerId !== actor.employeeId
  const type = submissionTypeFor(actor.role, forSomeoneElse)
  if (command.type !== undefined && command.type !== type)
    return refuse(
      'BAD_INPUT',
      `submission_type: ${actor.role} submitting ${forSomeoneElse ? 'for someone else' : 'their own plan'} records ${type}.`,
    )
  const fail = (code: 'FORBIDDEN' | 'CONFLICT', reason: string) =>
    refuse(code, forSomeoneElse ? `${submitForFailed(name)}. ${reason}` : reason)
  if (heldTeams(facts, plannerId).length === 0)
    return fail('FORBIDDEN', `${name} plans no team in this pay cycle.`)
  if (facts.submitted.has(plannerId)) return fail('CONFLICT', `${name} has already submitted.`)
  const waitingIsError = ruleSeverity('subPlannerNotSubmitted', cycle.settings.plannerViolations) === 'error'
  if (type === 'FORCE') {
    if (actor.employeeId === null || !isSubPlannerOf(facts, plannerId, actor.employeeId))
      return fail('FORBIDDEN', `${name} does not plan a team below yours.`)
    if (waitingIsError) return fail('FORBIDDEN', FORCE_WHILE_WAITING_IS_ERROR)
  }
  if (type === 'PLANNER' && !hasAdminPowers(actor.role) && waitingIsError) {
    const waiting = subPlanners(facts, plannerId).filter((id) => !facts.submitted.has(id))
    if (waiting.length > 0)
      return refuse(
        'FORBIDDEN',
        waitingForSubmissionMessage(waiting.length === 1 ? nameIn(facts, waiting[0]) : null),
      )
  }
  const comments = command.comments.trim()
  if (comments === '') return refuse('BAD_INPUT', COMMENTS_MISSING)
  return accept({ kind: 'submit', payCycleId: cycle.id, plannerId, type, comments })
}

function decideSendBack(
  command: Extract<SubmissionCommand, { kind: 'sendBack' }>,
  facts: SubmissionFacts,
  actor: SubmissionActor,
): Decision<SubmissionChange> {
  if (!hasAdminPowers(actor.role))
    return refuse('FORBIDDEN', `Your role (${actor.role}) may not send plans back.`)
  const cycle = facts.cycle
  if (!cycle?.active || (command.payCycleId !== undefined && command.payCycleId !== cycle.id))
    return refuse('FORBIDDEN', CYCLE_CLOSED)
  const name = nameIn(facts, command.plannerId)
  if (!facts.submitted.has(command.plannerId))
    return refuse('FORBIDDEN', `${unsubmitForFailed(name)}. ${name} has not submitted.`)
  return accept({ kind: 'sendBack', payCycleId: cycle.id, plannerId: command.plannerId })
}

function decideEditComments(
  command: Extract<SubmissionCommand, { kind: 'editComments' }>,
  facts: SubmissionFacts,
  actor: SubmissionActor,
): Decision<SubmissionChange> {
  if (!hasAdminPowers(actor.role))
    return refuse('FORBIDDEN', `Your role (${actor.role}) may not edit submissions.`)
  const cycle = facts.cycle
  if (!cycle || !facts.submitted.has(command.plannerId))
    return refuse('NOT_FOUND', `${nameIn(facts, command.plannerId)} has not submitted.`)
  const comments = command.comments.trim()
  if (comments === '') return refuse('BAD_INPUT', COMMENTS_MISSING)
  return accept({ kind: 'editComments', payCycleId: cycle.id, plannerId: command.plannerId, comments })
}

/** Whether the actor may make this submission change now, and the change to write. */
export function decideSubmission(
  command: SubmissionCommand,
  facts: SubmissionFacts,
  actor: SubmissionActor,
): Decision<SubmissionChange> {
  switch (command.kind) {
    case 'submit':
      return decideSubmit(command, facts, actor)
    case 'sendBack':
      return decideSendBack(command, facts, actor)
    case 'editComments':
      return decideEditComments(command, facts, actor)
  }
}

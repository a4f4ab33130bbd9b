import type { Transaction } from 'kysely'
import type {
  PayCycleChange,
  PayCycleConfigInput,
  PayCycleDto,
  PayCycleRestore,
  SessionUser,
} from '../../src-shared/contract'
import {
  currentPayCycle,
  describeConfigErrors,
  PAY_CYCLE_CLOSED,
  savedConfigurationMessage,
  todayIso,
  validatePayCycleConfig,
  type PayCycleConfig,
} from '../../src-shared/domain/pay-cycles'
import { withDefaultRate } from '../../src-shared/domain/currency-conversion'
import { startsClean } from '../../src-shared/domain/cycle-start'
import type { Workbook } from '../workbook/open'
import type { WorkbookDatabase } from '../workbook/schema'
import { appendChangeLog } from '../workbook/queries/change-log'
import {
  countCycleSubmissions,
  deletePayCycle,
  findPayCycle,
  insertPayCycle,
  listPayCycles,
  moveEmployeesToCycle,
  savePayCycle,
  setPayCycleLifecycle,
} from '../workbook/queries/pay-cycles'
import { followerIds, startCleanCycle } from '../workbook/queries/cycle-start'
import { Failure } from './failure'
import { queuePayCycleStep } from './sync/queue-pay-cycle'

/**
 * The pay cycle's lifecycle (administration document §4): one configuration active at a time;
 * creating one saves it active; Save, or Save And Activate for an inactive one; closing sets the
 * active flag to false and locks every planner choice. Every action is one transaction with a
 * change-log entry, and answers how to undo and redo it. Employees follow the current cycle.
 */

type Trx = Transaction<WorkbookDatabase>
type State = PayCycleRestore['cycles'][number]

/** A configuration as the change log and undo keep it (also written by a replica applying the feed). */
export function stateOf(cycle: PayCycleDto): State {
  return {
    id: cycle.id,
    active: cycle.active,
    closedAt: cycle.closedAt,
    name: cycle.name,
    effectiveDate: cycle.effectiveDate,
    companyMeritBudget: cycle.companyMeritBudget,
    defaultCurrency: cycle.defaultCurrency as State['defaultCurrency'],
    currencyConversions: cycle.currencyConversions,
    ratesAsOf: cycle.ratesAsOf,
    settings: cycle.settings as State['settings'],
  }
}

const sameState = (a: State, b: State) => JSON.stringify(a) === JSON.stringify(b)

function normalized(config: PayCycleConfigInput): PayCycleConfig {
  return {
    ...config,
    name: config.name.trim(),
    currencyConversions: withDefaultRate(config.defaultCurrency, config.currencyConversions),
  }
}

function checkConfig(config: PayCycleConfig, savedEffectiveDate: string | null, now: Date): void {
  const errors = validatePayCycleConfig(config, { today: todayIso(now), savedEffectiveDate })
  if (Object.keys(errors).length > 0) throw new Failure('BAD_INPUT', describeConfigErrors(errors))
}

/**
 * Writes the configurations as `cycles` say (inserted again with their id when missing) after
 * removing `remove`; an active one deactivates any other. When the current cycle changes, the
 * employees of the one before move to it, with no plans unless `copyPlans` (cycle-start.ts).
 * Answers how many moved and how many plans were cleared.
 */
async function writeStates(
  trx: Trx,
  target: PayCycleRestore,
  before: PayCycleDto[],
  beforeCurrentId: number | null,
  start: { at: string; userId: number; copyPlans: boolean },
) {
  const at = start.at
  for (const id of target.insert)
    if (before.some((c) => c.id === id) && !target.remove.includes(id))
      throw new Failure('BAD_INPUT', 'The configurations changed since; this step cannot be made again.')
  for (const id of target.remove) {
    const cycle = before.find((c) => c.id === id)
    if (!cycle) continue
    if ((await countCycleSubmissions(trx, id)) > 0)
      throw new Failure('FORBIDDEN', `Planners have submitted in "${cycle.name}"; it cannot be removed.`)
    await deletePayCycle(trx, id)
  }
  const active = target.cycles.filter((s) => s.active)
  if (active.length > 1) throw new Failure('BAD_INPUT', 'Only one configuration can be active.')
  const ordered = [...target.cycles.filter((s) => !s.active), ...active]
  for (const state of ordered) {
    if (state.active) {
      for (const other of before)
        if (other.active && other.id !== state.id && !target.cycles.some((s) => s.id === other.id))
          await setPayCycleLifecycle(trx, other.id, { active: false, closedAt: at }, at)
    }
    const exists = before.some((c) => c.id === state.id) && !target.remove.includes(state.id)
    if (exists) await savePayCycle(trx, state, at)
    else await insertPayCycle(trx, state, at)
    await setPayCycleLifecycle(trx, state.id, { active: state.active, closedAt: state.closedAt }, at)
  }
  const after = await listPayCycles({ db: trx })
  const afterCurrent = currentPayCycle(after)
  const to = afterCurrent?.id ?? null
  const clean = startsClean({ from: beforeCurrentId, to, copyPlans: start.copyPlans })
  const followers = clean ? await followerIds(trx, beforeCurrentId) : []
  const moved =
    to !== null && to !== beforeCurrentId ? await moveEmployeesToCycle(trx, beforeCurrentId, to) : 0
  const cleared = clean ? await startCleanCycle(trx, followers, { userId: start.userId, at }) : 0
  return { after, moved, cleared }
}

/** Undo and redo of a change: the touched configurations as they were before, and after. */
function stepsBetween(before: PayCycleDto[], after: PayCycleDto[]) {
  const beforeStates = new Map(before.map((c) => [c.id, stateOf(c)]))
  const afterStates = new Map(after.map((c) => [c.id, stateOf(c)]))
  const touched = [...new Set([...beforeStates.keys(), ...afterStates.keys()])].filter((id) => {
    const a = beforeStates.get(id)
    const b = afterStates.get(id)
    return !a || !b || !sameState(a, b)
  })
  const pick = (states: Map<number, State>) =>
    touched.flatMap((id) => {
      const state = states.get(id)
      return state ? [state] : []
    })
  const created = touched.filter((id) => !beforeStates.has(id))
  const removed = touched.filter((id) => !afterStates.has(id))
  return {
    undo: { cycles: pick(beforeStates), remove: created, insert: removed },
    redo: { cycles: pick(afterStates), remove: removed, insert: created },
  }
}

interface Action {
  entityId: number | null
  action: string
  label: string
  message: (after: PayCycleDto[]) => string
  /** The admin chose "copy last cycle's plans" (undo and redo put configurations back without clearing). */
  copyPlans: boolean
  /** Runs inside the transaction; answers the target states (or null for a write of its own) and the id acted on. */
  plan(trx: Trx, before: PayCycleDto[]): Promise<{ target: PayCycleRestore; id: number | null }>
}

async function run(
  workbook: Workbook,
  user: SessionUser,
  action: Action,
  now: Date,
): Promise<PayCycleChange> {
  const at = now.toISOString()
  return workbook.db.transaction().execute(async (trx) => {
    const before = await listPayCycles({ db: trx })
    const { target, id } = await action.plan(trx, before)
    const withInserted = await listPayCycles({ db: trx })
    const beforeCurrentId = currentPayCycle(before)?.id ?? null
    const start = { at, userId: user.id, copyPlans: action.copyPlans }
    const { after, moved, cleared } = await writeStates(trx, target, withInserted, beforeCurrentId, start)
    const steps = stepsBetween(before, after)
    await queuePayCycleStep(trx, before, after, at)
    await appendChangeLog(trx, {
      at,
      userId: user.id,
      entity: 'pay_cycle',
      entityId: id ?? action.entityId,
      action: action.action,
      oldValue: { cycles: steps.undo.cycles, removed: steps.redo.remove },
      newValue: {
        cycles: steps.redo.cycles,
        removed: steps.undo.remove,
        employeesMoved: moved,
        plansCleared: cleared,
      },
    })
    return {
      cycle: after.find((c) => c.id === id) ?? null,
      cycles: after,
      message: action.message(after),
      employeesMoved: moved,
      undo: { ...steps.undo, label: action.label },
      redo: { ...steps.redo, label: action.label },
    }
  })
}

/** Spec §4: a new configuration is always saved active; the previously active one is deactivated. */
export async function createPayCycle(
  workbook: Workbook,
  user: SessionUser,
  input: PayCycleConfigInput,
  now = new Date(),
  copyPlans = false,
): Promise<PayCycleChange> {
  const config = normalized(input)
  checkConfig(config, null, now)
  return run(
    workbook,
    user,
    {
      entityId: null,
      copyPlans,
      action: 'create',
      label: `Create ${config.name}`,
      message: () => savedConfigurationMessage(config.name),
      async plan(trx) {
        const id = await insertPayCycle(trx, config, now.toISOString())
        return {
          id,
          target: {
            cycles: [{ ...config, id, active: true, closedAt: null } as State],
            remove: [],
            insert: [],
            label: '',
          },
        }
      },
    },
    now,
  )
}

async function requireCycle(trx: Trx, id: number): Promise<PayCycleDto> {
  const cycle = await findPayCycle(trx, id)
  if (!cycle) throw new Failure('NOT_FOUND', `No pay cycle configuration has the id ${id}.`)
  return cycle
}

/** Save, or Save And Activate (an inactive configuration, which then deactivates the active one). */
export async function savePayCycleConfig(
  workbook: Workbook,
  user: SessionUser,
  input: { id: number; config: PayCycleConfigInput; activate: boolean; copyPlans?: boolean },
  now = new Date(),
): Promise<PayCycleChange> {
  const config = normalized(input.config)
  return run(
    workbook,
    user,
    {
      entityId: input.id,
      copyPlans: input.copyPlans ?? false,
      action: input.activate ? 'save-activate' : 'update',
      label: `${input.activate ? 'Save And Activate' : 'Save'} ${config.name}`,
      message: () => savedConfigurationMessage(config.name),
      async plan(trx) {
        const saved = await requireCycle(trx, input.id)
        checkConfig(config, saved.effectiveDate, now)
        const active = input.activate || saved.active
        const state = {
          ...stateOf(saved),
          ...config,
          active,
          closedAt: active ? null : saved.closedAt,
        } as State
        return { id: saved.id, target: { cycles: [state], remove: [], insert: [], label: '' } }
      },
    },
    now,
  )
}

/** Makes a configuration the active one (reopening a closed cycle); the active one is deactivated. */
export async function activatePayCycle(
  workbook: Workbook,
  user: SessionUser,
  id: number,
  now = new Date(),
  copyPlans = false,
): Promise<PayCycleChange> {
  let name = ''
  return run(
    workbook,
    user,
    {
      entityId: id,
      copyPlans,
      action: 'activate',
      label: 'Activate',
      message: () => `${name} is the active pay cycle.`,
      async plan(trx) {
        const saved = await requireCycle(trx, id)
        name = saved.name
        if (saved.active) throw new Failure('BAD_INPUT', `${saved.name} is already the active pay cycle.`)
        return {
          id,
          target: {
            cycles: [{ ...stateOf(saved), active: true, closedAt: null }],
            remove: [],
            insert: [],
            label: '',
          },
        }
      },
    },
    now,
  )
}

/** Spec §4: closing sets the active flag to false, which locks every planner choice. */
export async function closePayCycle(
  workbook: Workbook,
  user: SessionUser,
  id: number | null,
  now = new Date(),
): Promise<PayCycleChange> {
  return run(
    workbook,
    user,
    {
      entityId: id,
      copyPlans: true,
      action: 'close',
      label: 'Close Pay Cycle',
      message: () => PAY_CYCLE_CLOSED,
      async plan(_trx, before) {
        const active = before.find((c) => c.active)
        if (!active) throw new Failure('BAD_INPUT', 'No pay cycle is active: it is closed already.')
        if (id !== null && active.id !== id)
          throw new Failure(
            'BAD_INPUT',
            `${before.find((c) => c.id === id)?.name ?? `Configuration ${id}`} is not the active pay cycle.`,
          )
        return {
          id: active.id,
          target: {
            cycles: [{ ...stateOf(active), active: false, closedAt: now.toISOString() }],
            remove: [],
            insert: [],
            label: '',
          },
        }
      },
    },
    now,
  )
}

/** Undo or redo: puts configurations back as a change answered them (rules checked again). */
export async function restorePayCycles(
  workbook: Workbook,
  user: SessionUser,
  restore: PayCycleRestore,
  now = new Date(),
): Promise<PayCycleChange> {
  for (const state of restore.cycles) checkConfig(state, state.effectiveDate, now)
  return run(
    workbook,
    user,
    {
      entityId: restore.cycles[0]?.id ?? restore.remove[0] ?? null,
      copyPlans: true,
      action: 'restore',
      label: restore.label,
      message: () => restore.label,
      async plan() {
        return { id: restore.cycles[0]?.id ?? null, target: restore }
      },
    },
    now,
  )
}

import { describe, expect, it } from 'vitest'
import type { Channel, Result } from '../../../src-shared/contract'
import type { RoleName } from '../../../src-shared/domain/roles'
import { canCall } from '../../../src-renderer/app/can-call'
import {
  LOAD_CONCURRENCY,
  LOAD_MESSAGES,
  loadInitialData,
  type Invoke,
} from '../../../src-renderer/app/data-load'
import { contract } from '../../../src-shared/contract'
import { roleMayCall } from '../../../src-shared/domain/access'
import { ROLES } from '../../../src-shared/domain/roles'

const SPEC_ORDER: Channel[] = [
  'employees.list',
  'rewards.list',
  'jobProfiles.list',
  'payRanges.list',
  'plannerSubmissions.list',
  'teams.list',
  'userSettings.get',
  'payCycles.list',
  'users.list',
  'roles.list',
  'company.get',
]

const ANSWERS: Partial<Record<Channel, unknown>> = {
  'userSettings.get': { preferredCurrency: 'EUR', compensationTableConfig: null },
  'company.get': { name: 'Acme', logoUrl: null, hasCustomAssets: false },
  'employees.list': [{ id: 1, name: 'Ada' }],
}

/** A fake bridge that records the order of calls and which were in flight together. */
function fakeInvoke(failing: Partial<Record<Channel, string>> = {}) {
  const calls: Channel[] = []
  const pending: Channel[][] = []
  let inFlight: Channel[] = []
  const invoke = ((channel: Channel) => {
    calls.push(channel)
    inFlight.push(channel)
    pending.push([...inFlight])
    return Promise.resolve().then(() => {
      inFlight = inFlight.filter((c) => c !== channel)
      const message = failing[channel]
      return (
        message
          ? { ok: false, error: { code: 'INTERNAL', message } }
          : { ok: true, value: ANSWERS[channel] ?? [] }
      ) as Result<never>
    })
  }) as Invoke
  return { invoke, calls, pending }
}

describe('initial data load (spec §7 order)', () => {
  it('calls every channel in the spec order for an owner, second phase after the first', async () => {
    const fake = fakeInvoke()
    const outcome = await loadInitialData(fake.invoke, 'OWNER')
    expect(fake.calls).toEqual(SPEC_ORDER)
    // When teams.list starts, nothing of the first phase is still in flight.
    const atTeams = fake.pending[SPEC_ORDER.indexOf('teams.list')]
    expect(atTeams).toEqual(['teams.list'])
    expect(outcome.ok).toBe(true)
    if (outcome.ok) {
      expect(outcome.skipped).toEqual([])
      expect(outcome.data.userSettings?.preferredCurrency).toBe('EUR')
      expect(outcome.data.company?.name).toBe('Acme')
      expect(outcome.data.employees).toHaveLength(1)
    }
  })

  it("keeps at most LOAD_CONCURRENCY calls in flight, so the page's own requests find a connection", async () => {
    const fake = fakeInvoke()
    await loadInitialData(fake.invoke, 'OWNER')
    expect(LOAD_CONCURRENCY).toBeLessThanOrEqual(3)
    expect(Math.max(...fake.pending.map((inFlight) => inFlight.length))).toBe(LOAD_CONCURRENCY)
    expect(fake.calls).toEqual(SPEC_ORDER)
  })

  it('skips the channels a role may not call', async () => {
    const comm = fakeInvoke()
    const outcome = await loadInitialData(comm.invoke, 'COMM_MANAGER')
    expect(comm.calls).toEqual([
      'employees.list',
      'rewards.list',
      'jobProfiles.list',
      'payRanges.list',
      'plannerSubmissions.list',
      'teams.list',
      'userSettings.get',
      'payCycles.list',
      'company.get',
    ])
    expect(outcome.ok && outcome.skipped).toEqual(['users', 'roles'])

    const employee = fakeInvoke()
    const result = await loadInitialData(employee.invoke, 'EMPLOYEE')
    expect(employee.calls).toEqual(['userSettings.get', 'payCycles.list', 'company.get'])
    expect(result.ok && result.data.employees).toEqual([])

    const manager = fakeInvoke()
    await loadInitialData(manager.invoke, 'MANAGER')
    expect(manager.calls).not.toContain('users.list')
    expect(manager.calls).toContain('employees.list')
  })

  it('fails with the spec message of the failed fetch and keeps the detail per collection', async () => {
    const fake = fakeInvoke({ 'teams.list': 'disk is gone' })
    const outcome = await loadInitialData(fake.invoke, 'ADMIN')
    expect(outcome).toEqual({
      ok: false,
      error: 'Failed to fetch teams',
      errors: { teams: 'Failed to fetch teams: disk is gone' },
    })
  })

  it('stops after a failed first phase', async () => {
    const fake = fakeInvoke({ 'rewards.list': 'locked' })
    const outcome = await loadInitialData(fake.invoke, 'OWNER')
    expect(fake.calls).toEqual(SPEC_ORDER.slice(0, 5))
    expect(outcome.ok).toBe(false)
    expect(!outcome.ok && outcome.error).toBe('Failed to fetch compensation Info')
  })

  it('uses the verbatim toast messages', () => {
    expect(LOAD_MESSAGES).toEqual({
      loading: 'Loading data...',
      loaded: 'Data loaded successfully!',
      failed: 'Failed to load data.',
    })
  })
})

describe('canCall', () => {
  it('agrees with the main process rule for every role and channel', () => {
    for (const role of ROLES as readonly RoleName[]) {
      for (const channel of Object.keys(contract) as Channel[]) {
        const access = contract[channel].access
        expect(canCall(role, access)).toBe(roleMayCall(role, access))
      }
    }
  })

  it('without a user only open channels may be called', () => {
    expect(canCall(null, { kind: 'open' })).toBe(true)
    expect(canCall(null, { kind: 'member' })).toBe(false)
    expect(canCall(null, { kind: 'admin' })).toBe(false)
    expect(canCall(null, { kind: 'pages', pages: ['employeetable'] })).toBe(false)
  })

  it('pages: any listed page the role reaches; admin: admin powers', () => {
    expect(canCall('COMM_MANAGER', { kind: 'pages', pages: ['employeetable', 'compstatements'] })).toBe(true)
    expect(canCall('COMM_MANAGER', { kind: 'pages', pages: ['employeetable'] })).toBe(false)
    expect(canCall('PLANNER', { kind: 'admin' })).toBe(false)
    expect(canCall('SUPER_USER', { kind: 'admin' })).toBe(true)
  })
})

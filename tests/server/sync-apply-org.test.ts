import { parse } from 'csv-parse/sync'
import fs from 'node:fs'
import path from 'node:path'
import type { TableRow } from '../../src-shared/contract'
import {
  MATRIX_SAVED_ON_SERVER,
  REIMPORTED_ON_SERVER,
  removedWithEditsMessage,
  syncStatusText,
} from '../../src-shared/domain/sync'
import { csvField } from '../../src-shared/domain/csv-format'
import { cli } from '../support/cli'
import { type Desktop } from '../support/replica'
import { testServer } from './support'
import { twoDesktops } from './two-desktops'

/**
 * Issue 16: the org chart, removals and what the server computes reach the replicas through the
 * feed: a team made, moved or removed on the server, an employee removed, calculate-budget and the
 * merit matrix's save, and an import (which the feed cannot carry: the user is told to join again).
 */

const server = testServer()
const PASSWORD = 'teams travel live'
const OWNER = 'owner@teams.test'

const db = (desktop: Desktop) => desktop.session.workbook!.db

const teamOf = async (desktop: Desktop, id: number) =>
  db(desktop)
    .selectFrom('team')
    .select([
      'id',
      'name',
      'parent_team_id',
      'manager_id',
      'planner_id',
      'calculated_budget',
      'recommended_budget',
    ])
    .where('id', '=', id)
    .executeTakeFirst()

const employeeOf = async (desktop: Desktop, id: number) =>
  db(desktop)
    .selectFrom('employee')
    .select(['id', 'team_id', 'manager_id', 'planner_id'])
    .where('id', '=', id)
    .executeTakeFirst()

const lastLog = async (desktop: Desktop, entity: string) =>
  db(desktop)
    .selectFrom('change_log as c')
    .leftJoin('app_user as u', 'u.id', 'c.user_id')
    .select(['c.entity_id', 'c.action', 'c.old_value', 'c.new_value', 'u.email'])
    .where('c.entity', '=', entity)
    .orderBy('c.id', 'desc')
    .executeTakeFirst()

const rowOf = async (desktop: Desktop, employeeId: number): Promise<TableRow | undefined> => {
  const page = await desktop.call('table.query', {
    offset: 0,
    limit: 500,
    sort: null,
    filters: {},
    search: '',
    viewAsEmployeeId: null,
  })
  return page.rows.find((r) => r.id === employeeId)
}

/** Pulls until idle with the applied list emptied first, so a test reads what this pull applied. */
const pull = async (desktop: Desktop) => {
  desktop.applied.length = 0
  desktop.notices.length = 0
  await desktop.engine.syncUntilIdle()
}

const desks = twoDesktops(
  server,
  { name: 'Live Teams', ownerEmail: OWNER, ownerName: 'Tina Teams', employees: 40, seed: 7 },
  PASSWORD,
)

/** Members of a team in the snapshot who manage no team and have no user (plain people to move around). */
const plainMembers = (teamId: number) =>
  desks.snapshot.employees
    .filter(
      (e) =>
        e.team_id === teamId &&
        !desks.snapshot.teams.some((t) => t.manager_id === e.id || t.planner_id === e.id) &&
        !desks.snapshot.users.some((u) => u.employee_id === e.id),
    )
    .map((e) => e.id)

describe('the org chart from the feed', () => {
  let made: number
  let parent: number
  let movers: number[]
  let boss: number

  it('a team made on the server, with members moved into it, is made on the replica: the org chart, the table and the change log follow', async () => {
    parent = [...desks.managerUser.teamIds].find((t) => plainMembers(t).length >= 3)!
    movers = plainMembers(parent).slice(0, 2)
    const created = await desks.rest('POST', '/api/teams/', {
      name: 'Tiger Team',
      parent_team_id: parent,
      members: movers,
    })
    made = created.id as number
    await pull(desks.owner)
    expect(await teamOf(desks.owner, made)).toMatchObject({ name: 'Tiger Team', parent_team_id: parent })
    for (const id of movers) expect((await employeeOf(desks.owner, id))?.team_id).toBe(made)
    expect(desks.owner.applied.some((a) => a.teamsChanged)).toBe(true)
    // The org chart shows the new team under its parent, with its members.
    const under = await desks.owner.call('orgChart.view', { teamId: parent, offset: 0, limit: 60 })
    expect(under.subTeams.map((t) => t.name)).toContain('Tiger Team')
    const inside = await desks.owner.call('orgChart.view', { teamId: made, offset: 0, limit: 60 })
    expect(inside.members.map((m) => m.id).sort()).toEqual([...movers].sort())
    expect((await rowOf(desks.owner, movers[0]))?.team).toBe('Tiger Team')
    const log = await lastLog(desks.owner, 'org_chart')
    expect(log).toMatchObject({ action: 'createTeam', email: OWNER })
    expect(JSON.parse(log!.old_value!)).toMatchObject({ absentTeams: [made] })
    expect(JSON.parse(log!.new_value!)).toMatchObject({
      teams: expect.arrayContaining([expect.objectContaining({ id: made, parentTeamId: parent })]),
      message: expect.stringContaining('Created Tiger Team with'),
    })
    // The manager's replica (their team gained a sub-team) follows too.
    await pull(desks.manager)
    expect(await teamOf(desks.manager, made)).toMatchObject({ name: 'Tiger Team', parent_team_id: parent })
    expect((await employeeOf(desks.manager, movers[0]))?.team_id).toBe(made)
  })

  it('a team made with a manager: the manager moves into the parent, the team is theirs', async () => {
    ;[boss] = plainMembers(parent).filter((id) => !movers.includes(id))
    const created = await desks.rest('POST', '/api/teams/', {
      name: 'Skunkworks',
      parent_team_id: made,
      manager_id: boss,
      members: [movers[0]],
    })
    const id = created.id as number
    const server = (await desks.rest('GET', '/api/teams/').then((all) => all as unknown)) as {
      id: number
      manager_id: number | null
      parent_team_id: number | null
    }[]
    await pull(desks.owner)
    const local = await teamOf(desks.owner, id)
    const remote = server.find((t) => t.id === id)!
    expect(local).toMatchObject({ manager_id: remote.manager_id, parent_team_id: remote.parent_team_id })
    expect(local?.manager_id).toBe(boss)
    const onServer = await server_employee(boss)
    expect((await employeeOf(desks.owner, boss))?.team_id).toBe(onServer)
    expect((await employeeOf(desks.owner, movers[0]))?.team_id).toBe(id)
    // Removed again (no sub-teams): its member moves up to Tiger Team; its manager's place is kept
    // (they were a member of the parent).
    await desks.rest('DELETE', `/api/teams/${id}/`)
    await pull(desks.owner)
    expect(await teamOf(desks.owner, id)).toBeUndefined()
    expect(await server_employee(movers[0])).toBe(made)
    expect((await employeeOf(desks.owner, movers[0]))?.team_id).toBe(made)
  })

  it('a team removed on the server is removed on the replica, its members and sub-teams moved up, in the change log', async () => {
    const sub = await desks.rest('POST', '/api/teams/', { name: 'Sub Team', parent_team_id: made })
    await pull(desks.owner)
    expect(await teamOf(desks.owner, sub.id as number)).toMatchObject({ parent_team_id: made })
    await desks.rest('DELETE', `/api/teams/${made}/`)
    await pull(desks.owner)
    expect(await teamOf(desks.owner, made)).toBeUndefined()
    // Its members (the two moved in, and Skunkworks' manager who joined it) are the parent's now.
    expect(await server_employee(boss)).toBe(parent)
    for (const id of [...movers, boss]) expect((await employeeOf(desks.owner, id))?.team_id).toBe(parent)
    expect(await teamOf(desks.owner, sub.id as number)).toMatchObject({ parent_team_id: parent })
    expect(desks.owner.applied.some((a) => a.teamsChanged)).toBe(true)
    const log = await lastLog(desks.owner, 'org_chart')
    expect(log).toMatchObject({ action: 'deleteTeam', email: OWNER })
    expect(JSON.parse(log!.new_value!)).toMatchObject({
      absentTeams: [made],
      message: 'Deleted the team Tiger Team; its 3 members and 1 sub-teams moved up.',
    })
    const under = await desks.owner.call('orgChart.view', { teamId: parent, offset: 0, limit: 60 })
    expect(under.subTeams.map((t) => t.name)).toContain('Sub Team')
    expect(under.subTeams.map((t) => t.name)).not.toContain('Tiger Team')
    await pull(desks.manager)
    expect(await teamOf(desks.manager, made)).toBeUndefined()
    expect((await employeeOf(desks.manager, movers[0]))?.team_id).toBe(parent)
  })
})

/** An employee's team on the server. */
async function server_employee(id: number): Promise<number | null> {
  const row = await server()
    .db.selectFrom('employee')
    .select('team_id')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return row.team_id
}

describe('an employee removed on the server', () => {
  it('is removed on the replica with what it unlinked, as the record screen’s delete does', async () => {
    // A manager of a team with reports and a user: everything the removal unlinks.
    const user = desks.snapshot.users.find(
      (u) =>
        u.employee_id !== null &&
        u.employee_id !== desks.managerUser.employeeId &&
        u.role !== 'OWNER' &&
        desks.snapshot.teams.some((t) => t.manager_id === u.employee_id),
    )!
    const gone = user.employee_id!
    const managed = desks.snapshot.teams.filter((t) => t.manager_id === gone).map((t) => t.id)
    const reports = desks.snapshot.employees.filter((e) => e.manager_id === gone).map((e) => e.id)
    expect(managed.length).toBeGreaterThan(0)
    expect(reports.length).toBeGreaterThan(0)
    await desks.rest('DELETE', `/api/employees/${gone}/`)
    await pull(desks.owner)
    expect(await employeeOf(desks.owner, gone)).toBeUndefined()
    for (const id of managed) expect((await teamOf(desks.owner, id))?.manager_id).toBeNull()
    for (const id of reports) expect((await employeeOf(desks.owner, id))?.manager_id).toBeNull()
    const linked = await db(desks.owner)
      .selectFrom('app_user')
      .select('employee_id')
      .where('email', '=', user.email.toLowerCase())
      .executeTakeFirst()
    expect(linked?.employee_id).toBeNull()
    expect(await rowOf(desks.owner, gone)).toBeUndefined()
    expect(desks.owner.applied.some((a) => a.recordsChanged)).toBe(true)
    const log = await lastLog(desks.owner, 'employee')
    expect(log).toMatchObject({ entity_id: String(gone), action: 'delete', email: OWNER })
    expect(JSON.parse(log!.old_value!)).toMatchObject({ managedTeamIds: managed })
  })

  it('edits of theirs still waiting on the replica are dropped, and the user is told', async () => {
    const gone =
      plainMembers([...desks.managerUser.teamIds][0])[0] ??
      [...desks.managerUser.teamIds].flatMap(plainMembers)[0]
    await desks.manager.engine.syncUntilIdle()
    await desks.manager.call('rewards.update', {
      updates: [{ employeeId: gone, changes: { comments: 'Written before the removal arrived' } }],
    })
    expect((await desks.manager.call('sync.state', {})).waiting).toBe(1)
    await desks.rest('DELETE', `/api/employees/${gone}/`)
    desks.manager.notices.length = 0
    await desks.manager.engine.pull(0)
    const name = desks.snapshot.employees.find((e) => e.id === gone)!.name
    expect(desks.manager.notices).toEqual([removedWithEditsMessage('Tina Teams', name)])
    expect(await employeeOf(desks.manager, gone)).toBeUndefined()
    expect((await desks.manager.call('sync.state', {})).waiting).toBe(0)
    expect(await desks.manager.engine.syncUntilIdle()).toMatchObject({ refused: 0, outbox: 0 })
  })
})

describe('what the server computes', () => {
  it('calculate-budget on the server: the replica works the same figures out from its rows', async () => {
    await desks.rest('POST', '/api/calculate-budget/')
    await pull(desks.owner)
    const remote = (await desks.rest('GET', '/api/teams/')) as unknown as {
      id: number
      calculated_budget: number | null
      recommended_budget: number | null
    }[]
    expect(remote.some((t) => t.recommended_budget !== null)).toBe(true)
    for (const team of remote)
      expect(await teamOf(desks.owner, team.id)).toMatchObject({
        calculated_budget: team.calculated_budget,
        recommended_budget: team.recommended_budget,
      })
    expect(desks.owner.applied.some((a) => a.teamsChanged)).toBe(true)
  })

  it('the merit matrix saved on the server: an admin’s replica works out the same recommendations; a manager’s is told to join again', async () => {
    const config = {
      performance_multiplier_priority: 70,
      position_in_range_priority: 30,
      max_position_in_range: 1.1,
      desired_budget: 250_000_00,
      cell: null,
      save: true,
    }
    await desks.rest('POST', '/api/calculate-matrix/', config)
    await pull(desks.owner)
    const remote = await server()
      .db.selectFrom('reward')
      .select([
        'employee_id',
        'recommended_increase',
        'recommended_increase_per',
        'hyperbalance_annual_allocated_budget',
      ])
      .execute()
    const local = new Map(
      (
        await db(desks.owner)
          .selectFrom('reward')
          .select([
            'employee_id',
            'recommended_increase',
            'recommended_increase_per',
            'hyperbalance_annual_allocated_budget',
          ])
          .execute()
      ).map((r) => [r.employee_id, r]),
    )
    const recommended = remote.filter((r) => r.recommended_increase !== null)
    expect(recommended.length).toBeGreaterThan(10)
    for (const r of remote)
      expect(local.get(Number(r.employee_id))).toMatchObject({
        recommended_increase: r.recommended_increase === null ? null : Number(r.recommended_increase),
        hyperbalance_annual_allocated_budget:
          r.hyperbalance_annual_allocated_budget === null
            ? null
            : Number(r.hyperbalance_annual_allocated_budget),
      })
    const saved = await desks.owner.call('matrix.config', {})
    expect(saved.hyperbalance_config).toMatchObject({
      position_in_range_priority: 30,
      desired_budget: 250_000_00,
    })
    expect(await lastLog(desks.owner, 'hyperbalance')).toMatchObject({ action: 'save', email: OWNER })
    expect(desks.owner.notices).toEqual([])
    await pull(desks.manager)
    expect(desks.manager.notices).toEqual([MATRIX_SAVED_ON_SERVER])
    expect((await desks.manager.call('sync.state', {})).rejoinReason).toBe(MATRIX_SAVED_ON_SERVER)
  })

  it('an import on the server: the replica tells the user to join again, and its status keeps saying so', async () => {
    await importOnServer()
    await pull(desks.owner)
    expect(desks.owner.notices).toEqual([REIMPORTED_ON_SERVER])
    const state = await desks.owner.call('sync.state', {})
    expect(state.rejoinReason).toBe(REIMPORTED_ON_SERVER)
    expect(syncStatusText({ ...state, online: true, signedIn: true })).toBe(
      `Synced · ${REIMPORTED_ON_SERVER}`,
    )
    // Later changes still apply.
    const team = desks.snapshot.teams[0]
    await desks.rest('PUT', `/api/teams/${team.id}/`, { name: 'Renamed After Import' })
    await pull(desks.owner)
    expect((await teamOf(desks.owner, team.id))?.name).toBe('Renamed After Import')
  })
})

/** POST /import/data/ with the company's own rows, exported from the admin's replica. */
async function importOnServer(): Promise<void> {
  const out = path.join(path.dirname(desks.owner.file), 'export.csv')
  await desks.owner.close()
  const exported = await cli('export', desks.owner.file, out)
  await desks.owner.reopen()
  if (exported.code !== 0) throw new Error(exported.errors.join('\n'))
  const rows = parse(fs.readFileSync(out, 'utf8').replace(/^\uFEFF/, ''), {
    relax_column_count: true,
  }) as string[][]
  const csv = rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n'
  expect(await desks.rest('POST', '/api/import/data/', { data: csv })).toMatchObject({ status: 'imported' })
}

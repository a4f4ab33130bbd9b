import { parse } from 'csv-parse/sync'
import fs from 'node:fs'
import path from 'node:path'
import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import type { TableRow } from '../../src-shared/contract'
import {
  MATRIX_SAVED_ON_SERVER,
  REIMPORTED_ON_SERVER,
  removedWithEditsMessage,
  syncStatusText,
} from '../../src-shared/domain/sync'
import { csvField } from '../../src-shared/domain/csv-format'
import { cli } from '../support/cli'
import { joinDesktop, type Desktop } from '../support/replica'
import { listen, publishDemo, testServer } from './support'

/**
 * Issue 16: the org chart, removals and what the server computes reach the replicas through the
 * feed: a team made, moved or removed on the server, an employee removed, calculate-budget and the
 * merit matrix's save, and an import (which the feed cannot carry: the user is told to join again).
 */

const server = testServer()
const PASSWORD = 'teams travel live'
const OWNER = 'owner@teams.test'
let snapshot: CompanySnapshot
let ownerToken: string
let ownerDesktop: Desktop
let managerDesktop: Desktop
let managerEmployee: number
let managerTeams: Set<number>

const rest = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const answer = await server().app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${ownerToken}` },
    ...(payload === undefined ? {} : { payload }),
  })
  if (answer.statusCode !== 200) throw new Error(`${method} ${url}: ${answer.body}`)
  return answer.json<Record<string, unknown>>()
}

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

beforeAll(async () => {
  const company = await publishDemo(
    server(),
    { name: 'Live Teams', ownerEmail: OWNER, ownerName: 'Tina Teams', employees: 40, seed: 7 },
    PASSWORD,
  )
  snapshot = company.snapshot
  ownerToken = company.ownerToken
  managerEmployee = company.manager.employeeId
  managerTeams = company.manager.teamIds
  const url = await listen(server())
  ownerDesktop = await joinDesktop(url, OWNER, PASSWORD)
  managerDesktop = await joinDesktop(url, company.manager.email, PASSWORD)
})

afterAll(async () => {
  await ownerDesktop?.close()
  await managerDesktop?.close()
})

/** Members of a team in the snapshot who manage no team and have no user (plain people to move around). */
const plainMembers = (teamId: number) =>
  snapshot.employees
    .filter(
      (e) =>
        e.team_id === teamId &&
        !snapshot.teams.some((t) => t.manager_id === e.id || t.planner_id === e.id) &&
        !snapshot.users.some((u) => u.employee_id === e.id),
    )
    .map((e) => e.id)

describe('the org chart from the feed', () => {
  let made: number
  let parent: number
  let movers: number[]
  let boss: number

  it('a team made on the server, with members moved into it, is made on the replica: the org chart, the table and the change log follow', async () => {
    parent = [...managerTeams].find((t) => plainMembers(t).length >= 3)!
    movers = plainMembers(parent).slice(0, 2)
    const created = await rest('POST', '/api/teams/', {
      name: 'Tiger Team',
      parent_team_id: parent,
      members: movers,
    })
    made = created.id as number
    await pull(ownerDesktop)
    expect(await teamOf(ownerDesktop, made)).toMatchObject({ name: 'Tiger Team', parent_team_id: parent })
    for (const id of movers) expect((await employeeOf(ownerDesktop, id))?.team_id).toBe(made)
    expect(ownerDesktop.applied.some((a) => a.teamsChanged)).toBe(true)
    // The org chart shows the new team under its parent, with its members.
    const under = await ownerDesktop.call('orgChart.view', { teamId: parent, offset: 0, limit: 60 })
    expect(under.subTeams.map((t) => t.name)).toContain('Tiger Team')
    const inside = await ownerDesktop.call('orgChart.view', { teamId: made, offset: 0, limit: 60 })
    expect(inside.members.map((m) => m.id).sort()).toEqual([...movers].sort())
    expect((await rowOf(ownerDesktop, movers[0]))?.team).toBe('Tiger Team')
    const log = await lastLog(ownerDesktop, 'org_chart')
    expect(log).toMatchObject({ action: 'createTeam', email: OWNER })
    expect(JSON.parse(log!.old_value!)).toMatchObject({ absentTeams: [made] })
    expect(JSON.parse(log!.new_value!)).toMatchObject({
      teams: expect.arrayContaining([expect.objectContaining({ id: made, parentTeamId: parent })]),
      message: expect.stringContaining('Created Tiger Team with'),
    })
    // The manager's replica (their team gained a sub-team) follows too.
    await pull(managerDesktop)
    expect(await teamOf(managerDesktop, made)).toMatchObject({ name: 'Tiger Team', parent_team_id: parent })
    expect((await employeeOf(managerDesktop, movers[0]))?.team_id).toBe(made)
  })

  it('a team made with a manager: the manager moves into the parent, the team is theirs', async () => {
    ;[boss] = plainMembers(parent).filter((id) => !movers.includes(id))
    const created = await rest('POST', '/api/teams/', {
      name: 'Skunkworks',
      parent_team_id: made,
      manager_id: boss,
      members: [movers[0]],
    })
    const id = created.id as number
    const server = (await rest('GET', '/api/teams/').then((all) => all as unknown)) as {
      id: number
      manager_id: number | null
      parent_team_id: number | null
    }[]
    await pull(ownerDesktop)
    const local = await teamOf(ownerDesktop, id)
    const remote = server.find((t) => t.id === id)!
    expect(local).toMatchObject({ manager_id: remote.manager_id, parent_team_id: remote.parent_team_id })
    expect(local?.manager_id).toBe(boss)
    const onServer = await server_employee(boss)
    expect((await employeeOf(ownerDesktop, boss))?.team_id).toBe(onServer)
    expect((await employeeOf(ownerDesktop, movers[0]))?.team_id).toBe(id)
    // Removed again (no sub-teams): its member moves up to Tiger Team; its manager's place is kept
    // (they were a member of the parent).
    await rest('DELETE', `/api/teams/${id}/`)
    await pull(ownerDesktop)
    expect(await teamOf(ownerDesktop, id)).toBeUndefined()
    expect(await server_employee(movers[0])).toBe(made)
    expect((await employeeOf(ownerDesktop, movers[0]))?.team_id).toBe(made)
  })

  it('a team removed on the server is removed on the replica, its members and sub-teams moved up, in the change log', async () => {
    const sub = await rest('POST', '/api/teams/', { name: 'Sub Team', parent_team_id: made })
    await pull(ownerDesktop)
    expect(await teamOf(ownerDesktop, sub.id as number)).toMatchObject({ parent_team_id: made })
    await rest('DELETE', `/api/teams/${made}/`)
    await pull(ownerDesktop)
    expect(await teamOf(ownerDesktop, made)).toBeUndefined()
    // Its members (the two moved in, and Skunkworks' manager who joined it) are the parent's now.
    expect(await server_employee(boss)).toBe(parent)
    for (const id of [...movers, boss]) expect((await employeeOf(ownerDesktop, id))?.team_id).toBe(parent)
    expect(await teamOf(ownerDesktop, sub.id as number)).toMatchObject({ parent_team_id: parent })
    expect(ownerDesktop.applied.some((a) => a.teamsChanged)).toBe(true)
    const log = await lastLog(ownerDesktop, 'org_chart')
    expect(log).toMatchObject({ action: 'deleteTeam', email: OWNER })
    expect(JSON.parse(log!.new_value!)).toMatchObject({
      absentTeams: [made],
      message: 'Deleted the team Tiger Team; its 3 members and 1 sub-teams moved up.',
    })
    const under = await ownerDesktop.call('orgChart.view', { teamId: parent, offset: 0, limit: 60 })
    expect(under.subTeams.map((t) => t.name)).toContain('Sub Team')
    expect(under.subTeams.map((t) => t.name)).not.toContain('Tiger Team')
    await pull(managerDesktop)
    expect(await teamOf(managerDesktop, made)).toBeUndefined()
    expect((await employeeOf(managerDesktop, movers[0]))?.team_id).toBe(parent)
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
    const user = snapshot.users.find(
      (u) =>
        u.employee_id !== null &&
        u.employee_id !== managerEmployee &&
        u.role !== 'OWNER' &&
        snapshot.teams.some((t) => t.manager_id === u.employee_id),
    )!
    const gone = user.employee_id!
    const managed = snapshot.teams.filter((t) => t.manager_id === gone).map((t) => t.id)
    const reports = snapshot.employees.filter((e) => e.manager_id === gone).map((e) => e.id)
    expect(reports.length).toBeGreaterThan(0)
    await rest('DELETE', `/api/employees/${gone}/`)
    await pull(ownerDesktop)
    expect(await employeeOf(ownerDesktop, gone)).toBeUndefined()
    for (const id of managed) expect((await teamOf(ownerDesktop, id))?.manager_id).toBeNull()
    for (const id of reports) expect((await employeeOf(ownerDesktop, id))?.manager_id).toBeNull()
    const linked = await db(ownerDesktop)
      .selectFrom('app_user')
      .select('employee_id')
      .where('email', '=', user.email.toLowerCase())
      .executeTakeFirst()
    expect(linked?.employee_id).toBeNull()
    expect(await rowOf(ownerDesktop, gone)).toBeUndefined()
    expect(ownerDesktop.applied.some((a) => a.recordsChanged)).toBe(true)
    const log = await lastLog(ownerDesktop, 'employee')
    expect(log).toMatchObject({ entity_id: String(gone), action: 'delete', email: OWNER })
    expect(JSON.parse(log!.old_value!)).toMatchObject({ managedTeamIds: managed })
  })

  it('edits of theirs still waiting on the replica are dropped, and the user is told', async () => {
    const gone = plainMembers([...managerTeams][0])[0] ?? [...managerTeams].flatMap(plainMembers)[0]
    await managerDesktop.engine.syncUntilIdle()
    await managerDesktop.call('rewards.update', {
      updates: [{ employeeId: gone, changes: { comments: 'Written before the removal arrived' } }],
    })
    expect((await managerDesktop.call('sync.state', {})).waiting).toBe(1)
    await rest('DELETE', `/api/employees/${gone}/`)
    managerDesktop.notices.length = 0
    await managerDesktop.engine.pull(0)
    const name = snapshot.employees.find((e) => e.id === gone)!.name
    expect(managerDesktop.notices).toEqual([removedWithEditsMessage('Tina Teams', name)])
    expect(await employeeOf(managerDesktop, gone)).toBeUndefined()
    expect((await managerDesktop.call('sync.state', {})).waiting).toBe(0)
    expect(await managerDesktop.engine.syncUntilIdle()).toMatchObject({ refused: 0, outbox: 0 })
  })
})

describe('what the server computes', () => {
  it('calculate-budget on the server: the replica works the same figures out from its rows', async () => {
    await rest('POST', '/api/calculate-budget/')
    await pull(ownerDesktop)
    const remote = (await rest('GET', '/api/teams/')) as unknown as {
      id: number
      calculated_budget: number | null
      recommended_budget: number | null
    }[]
    expect(remote.some((t) => t.recommended_budget !== null)).toBe(true)
    for (const team of remote)
      expect(await teamOf(ownerDesktop, team.id)).toMatchObject({
        calculated_budget: team.calculated_budget,
        recommended_budget: team.recommended_budget,
      })
    expect(ownerDesktop.applied.some((a) => a.teamsChanged)).toBe(true)
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
    await rest('POST', '/api/calculate-matrix/', config)
    await pull(ownerDesktop)
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
        await db(ownerDesktop)
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
    const saved = await ownerDesktop.call('matrix.config', {})
    expect(saved.hyperbalance_config).toMatchObject({
      position_in_range_priority: 30,
      desired_budget: 250_000_00,
    })
    expect(await lastLog(ownerDesktop, 'hyperbalance')).toMatchObject({ action: 'save', email: OWNER })
    expect(ownerDesktop.notices).toEqual([])
    await pull(managerDesktop)
    expect(managerDesktop.notices).toEqual([MATRIX_SAVED_ON_SERVER])
    expect((await managerDesktop.call('sync.state', {})).rejoinReason).toBe(MATRIX_SAVED_ON_SERVER)
  })

  it('an import on the server: the replica tells the user to join again, and its status keeps saying so', async () => {
    await importOnServer()
    await pull(ownerDesktop)
    expect(ownerDesktop.notices).toEqual([REIMPORTED_ON_SERVER])
    const state = await ownerDesktop.call('sync.state', {})
    expect(state.rejoinReason).toBe(REIMPORTED_ON_SERVER)
    expect(syncStatusText({ ...state, online: true, signedIn: true })).toBe(
      `Synced · ${REIMPORTED_ON_SERVER}`,
    )
    // Later changes still apply.
    const team = snapshot.teams[0]
    await rest('PUT', `/api/teams/${team.id}/`, { name: 'Renamed After Import' })
    await pull(ownerDesktop)
    expect((await teamOf(ownerDesktop, team.id))?.name).toBe('Renamed After Import')
  })
})

/** POST /import/data/ with the company's own rows, exported from the admin's replica. */
async function importOnServer(): Promise<void> {
  const out = path.join(path.dirname(ownerDesktop.file), 'export.csv')
  await ownerDesktop.close()
  const exported = await cli('export', ownerDesktop.file, out)
  await ownerDesktop.reopen()
  if (exported.code !== 0) throw new Error(exported.errors.join('\n'))
  const rows = parse(fs.readFileSync(out, 'utf8').replace(/^\uFEFF/, ''), {
    relax_column_count: true,
  }) as string[][]
  const csv = rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n'
  expect(await rest('POST', '/api/import/data/', { data: csv })).toMatchObject({ status: 'imported' })
}

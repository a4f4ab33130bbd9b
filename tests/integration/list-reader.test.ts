import path from 'node:path'
import { ListReader } from '../../src-main/backend/list-reader'
import { COMPANY_LISTS, isCompanyList, type CompanyListChannel } from '../../src-main/ipc/handlers/data'
import type { Workbook } from '../../src-main/workbook/open'
import { listEmployees, listRewards } from '../../src-main/workbook/queries/planning'
import { createDispatcher } from '../../src-main/ipc/dispatch'
import { cli } from '../support/cli'
import { addUser, testBackend } from '../support/session'
import { tempDir } from '../support/temp'

/**
 * The company lists of the initial data load are served by the list reader on a read-only
 * connection of its own (src-main/backend): the same answers as the dispatcher gives on the
 * workbook's connection, committed writes seen, a failure as an envelope.
 */

const dir = tempDir()
const file = path.join(dir, 'lists.paycycle')
const { session, dispatcher } = testBackend(dir)
const reader = new ListReader(() => undefined)
afterAll(() => reader.release())

const CHANNELS = Object.keys(COMPANY_LISTS) as CompanyListChannel[]
const decode = (json: Uint8Array): unknown => JSON.parse(new TextDecoder().decode(json))

beforeAll(async () => {
  expect((await cli('new', file, '--demo', '300', '--seed', '3')).code).toBe(0)
  const opened = await dispatcher.dispatch('workbook.open', { path: file })
  if (!opened.ok) throw new Error(opened.error.message)
})

describe('the list reader', () => {
  it('answers every company list as the dispatcher does on the writing connection', async () => {
    for (const channel of CHANNELS) {
      expect(isCompanyList(channel)).toBe(true)
      expect(decode(await reader.read(file, channel))).toEqual(await dispatcher.dispatch(channel, {}))
    }
    expect(isCompanyList('userSettings.get')).toBe(false)
    expect(isCompanyList('table.query')).toBe(false)
  })

  it('sees a committed edit', async () => {
    const employees = await dispatcher.dispatch('employees.list', {})
    if (!employees.ok) throw new Error(employees.error.message)
    const target = employees.value[5]
    const updated = await dispatcher.dispatch('rewards.update', {
      updates: [{ employeeId: target.id, changes: { comments: 'read by the list reader' } }],
    })
    expect(updated.ok).toBe(true)
    const rewards = decode(await reader.read(file, 'rewards.list')) as {
      ok: true
      value: { employeeId: number; comments: string | null }[]
    }
    expect(rewards.value.find((r) => r.employeeId === target.id)?.comments).toBe('read by the list reader')
  })

  it('answers a workbook it cannot read with a failure envelope', async () => {
    const missing = decode(await reader.read(path.join(dir, 'gone.paycycle'), 'employees.list')) as {
      ok: boolean
      error?: { code: string }
    }
    expect(missing.ok).toBe(false)
    expect(missing.error?.code).toBe('INTERNAL')
  })
})

describe('employees.list and rewards.list (raw rows)', () => {
  it('hold every column of the employee and reward tables, typed as the contract says', async () => {
    const workbook = session.workbook as Workbook
    const employees = await listEmployees(workbook)
    const stored = await workbook.db.selectFrom('employee').selectAll().orderBy('id').execute()
    const managers = await workbook.db.selectFrom('team').select(['id', 'manager_id']).execute()
    expect(employees).toHaveLength(300)
    employees.forEach((e, i) => {
      const s = stored[i]
      const managed = managers.filter((t) => t.manager_id === s.id).map((t) => t.id)
      expect(e).toEqual({
        id: s.id,
        companyEmployeeId: s.company_employee_id,
        name: s.name,
        preferredName: s.preferred_name,
        email: s.email,
        avatar: s.avatar,
        jobTitle: s.job_title,
        jobProfileId: s.job_profile_id,
        fte: s.fte,
        salaried: s.salaried === 1,
        hireDate: s.hire_date,
        currentSalary: s.current_salary,
        defaultPayCurrency: s.default_pay_currency,
        currentDollarBonus: s.current_dollar_bonus,
        currentPercentBonus: s.current_percent_bonus,
        gender: s.gender,
        race: s.race,
        age: s.age,
        department: s.department,
        location: s.location,
        employmentStatus: s.employment_status,
        previousIncreaseDate: s.previous_increase_date,
        teamId: s.team_id,
        managerId: s.manager_id,
        plannerId: s.planner_id,
        managedTeamIds: managed,
        isManager: managed.length > 0,
      })
    })
    expect(employees.some((e) => e.isManager)).toBe(true)

    const rewards = await listRewards(workbook)
    const storedRewards = await workbook.db.selectFrom('reward').selectAll().orderBy('employee_id').execute()
    expect(rewards).toHaveLength(storedRewards.length)
    rewards.forEach((r, i) => {
      const s = storedRewards[i]
      expect(r).toEqual({
        employeeId: s.employee_id,
        newSalary: s.new_salary,
        newDollarBonus: s.new_dollar_bonus,
        newPercentBonus: s.new_percent_bonus,
        newJobProfileId: s.new_job_profile_id,
        lumpSum: s.lump_sum,
        comments: s.comments,
        performanceRating: s.performance_rating,
        performanceRatingLabel: s.performance_rating_label,
        performancePlan: s.performance_plan === 1,
        promotion: s.promotion === 1,
        eligibleForIncrease: s.eligible_for_increase === 1,
        recommendedIncrease: s.recommended_increase,
        recommendedIncreasePer: s.recommended_increase_per,
        previousIncrease: s.previous_increase,
        hyperbalanceAnnualAllocatedBudget: s.hyperbalance_annual_allocated_budget,
        deltaFromMidPoint: s.delta_from_mid_point,
      })
    })
  })
})

describe('the dispatcher admits without running', () => {
  it('refuses what dispatch refuses and admits what it would run', async () => {
    await session.close()
    await addUser(file, 'comms@lists.test', 'COMM_MANAGER')
    const comms = testBackend(dir, 'comms@lists.test')
    expect((await comms.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
    const { admit } = createDispatcher(comms.session, () => undefined)
    expect(admit('users.list', {})).toEqual({
      ok: false,
      error: { code: 'FORBIDDEN', message: 'Your role (COMM_MANAGER) may not use users.list.' },
    })
    expect(admit('employees.list', {})).toBeNull()
    expect(admit('employees.list', { sql: 'DROP TABLE employee' })).toMatchObject({
      ok: false,
      error: { code: 'BAD_INPUT' },
    })
    await comms.session.close()
    expect(admit('employees.list', {})).toMatchObject({ ok: false, error: { code: 'NO_WORKBOOK' } })
  })
})

import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { createCompany } from '../../src-server/routes/company'
import { tempDir } from '../support/temp'
import { clientOf, publishedDemo } from './company-fixture'
import { testServer } from './support'

/**
 * The spec's bulk fetch (planning document §7: 'bulk fetch | none | payranges, plannersubmission,
 * employeerewards'; its path is not shown): GET /api/bulk/, the three lists as their own GETs answer
 * them, for the caller's scope and company.
 */
const server = testServer()
const { signIn, call } = clientOf(server)
let snapshot: CompanySnapshot
let owner: string

type Bulk = { payranges: unknown[]; plannersubmission: unknown[]; employeerewards: { employee_id: number }[] }

const lists = async (token: string) => ({
  payranges: (await call(token, 'GET', '/api/payranges/')).json<unknown[]>(),
  plannersubmission: (await call(token, 'GET', '/api/paycycle/submit/')).json<unknown[]>(),
  employeerewards: (await call(token, 'GET', '/api/employeerewards/')).json<{ employee_id: number }[]>(),
})

beforeAll(async () => {
  ;({ snapshot, owner } = await publishedDemo(server, tempDir(), {
    employees: 70,
    seed: 13,
    company: 'Acme',
  }))
})

describe('GET /api/bulk/', () => {
  it('answers payranges, plannersubmission and employeerewards as their own calls do', async () => {
    const bulk = await call(owner, 'GET', '/api/bulk/')
    expect(bulk.statusCode).toBe(200)
    const body = bulk.json<Bulk>()
    expect(Object.keys(body).sort()).toEqual(['employeerewards', 'payranges', 'plannersubmission'])
    expect(body).toEqual(await lists(owner))
    expect(body.payranges).toHaveLength(snapshot.payRanges.length)
    expect(body.employeerewards).toHaveLength(snapshot.rewards.length)
  })

  it('a manager gets only their teams’ rewards; an employee is refused; another company sees its own', async () => {
    const managerUser = snapshot.users.find(
      (u) => u.role === 'MANAGER' && snapshot.teams.some((t) => t.manager_id === u.employee_id),
    ) as CompanySnapshot['users'][number]
    const manager = await signIn(managerUser.email)
    const mine = (await call(manager, 'GET', '/api/bulk/')).json<Bulk>()
    expect(mine).toEqual(await lists(manager))
    expect(mine.employeerewards.length).toBeGreaterThan(0)
    expect(mine.employeerewards.length).toBeLessThan(snapshot.rewards.length)

    const employee = snapshot.employees.find((e) => !snapshot.users.some((u) => u.employee_id === e.id))!
    expect(
      (
        await call(owner, 'POST', '/api/users/', {
          email: 'staff@acme.test',
          role: 'EMPLOYEE',
          employee_id: employee.id,
        })
      ).statusCode,
    ).toBe(200)
    const refused = await call(await signIn('staff@acme.test'), 'GET', '/api/bulk/')
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ detail: 'Your role (EMPLOYEE) may not read planning data.' })

    await createCompany(server().context, {
      companyName: 'Globex',
      ownerEmail: 'owner@globex.test',
      ownerName: 'Globex Owner',
    })
    const globex = (await call(await signIn('owner@globex.test'), 'GET', '/api/bulk/')).json<Bulk>()
    expect(globex).toEqual({ payranges: [], plannersubmission: [], employeerewards: [] })
  })
})

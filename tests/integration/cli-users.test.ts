import path from 'node:path'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { openWorkbook } from '../../src-main/workbook/open'
import { cli } from '../support/cli'
import { tempDir } from '../support/temp'

const dir = tempDir()
const file = path.join(dir, 'cli-users.paycycle')
const demo = generateDemoCompany({ employees: 200, seed: 2 })
const owner = demo.sampleUsers.OWNER
const admin = demo.sampleUsers.ADMIN

beforeAll(async () => {
  expect((await cli('new', file, '--demo', '200', '--seed', '2')).code).toBe(0)
})

async function sql<T>(query: string, ...params: (string | number)[]): Promise<T[]> {
  const workbook = await openWorkbook(file, { readonly: true })
  try {
    return workbook.sqlite.prepare(query).all(...params) as T[]
  } finally {
    await workbook.close()
  }
}

describe('cli users', () => {
  it('lists the users as JSON', async () => {
    const result = await cli('users', file, 'list', '--json')
    expect(result.code).toBe(0)
    const users = result.json[0] as { email: string; role: string }[]
    expect(users).toHaveLength(demo.users.length)
    expect(users.find((u) => u.email === owner)?.role).toBe('OWNER')
  })

  it('adds a user for an employee by Employee Id, then changes the role, invites and removes them', async () => {
    const withUser = new Set(demo.users.map((u) => u.employeeId))
    const employee = demo.employees.find(
      (e) => e.email && !withUser.has(e.id) && !demo.teams.some((t) => t.managerId === e.id),
    )
    if (!employee?.email) throw new Error('the demo has no plain employee')
    const added = await cli(
      'users',
      file,
      'add',
      '--email',
      employee.email,
      '--role',
      'employee',
      '--employee',
      employee.companyEmployeeId,
      '--json',
    )
    expect(added.errors).toEqual([])
    expect(added.json[0]).toMatchObject({
      user: { role: 'EMPLOYEE', employeeId: employee.id },
      message: `Created User ${employee.email.toLowerCase()} for ${employee.name}`,
    })
    const role = await cli('users', file, 'set-role', employee.email, 'COMM_MANAGER', '--json')
    expect(role.code).toBe(0)
    const invited = await cli('users', file, 'invite', employee.email)
    expect(invited.code).toBe(0)
    expect(invited.text.join('\n')).toContain(
      `This workbook cannot send mail: copy the invitation for ${employee.email.toLowerCase()} below and send it yourself.`,
    )
    expect(invited.text.join('\n')).toContain(`To: ${employee.email.toLowerCase()}`)
    const [row] = await sql<{ invited: number; role: string }>(
      'SELECT invited, r.name AS role FROM app_user u JOIN role r ON r.id = u.role_id WHERE email = ?',
      employee.email.toLowerCase(),
    )
    expect(row).toEqual({ invited: 1, role: 'COMM_MANAGER' })
    const removed = await cli('users', file, 'remove', employee.email, '--json')
    expect(removed.json[0]).toMatchObject({ message: `Deleted user ${employee.name}` })
  })

  it('refuses, exit 1, a role the acting user may not grant', async () => {
    const result = await cli(
      'users',
      file,
      'add',
      '--email',
      'boss@acme.test',
      '--role',
      'ADMIN',
      '--as',
      admin,
      '--json',
    )
    expect(result.code).toBe(1)
    expect(result.errors).toEqual([
      'Your role (ADMIN) may not grant ADMIN. An ADMIN may manage PLANNER, COMM_MANAGER, MANAGER and EMPLOYEE users.',
    ])
    const su = await cli('users', file, 'add', '--email', 'su@acme.test', '--role', 'SUPER_USER', '--json')
    expect(su.code).toBe(1)
    expect(su.errors).toEqual([
      'Your role (OWNER) may not grant SUPER_USER. An OWNER may manage anyone but a super user.',
    ])
  })

  it("refuses, exit 1, one's own role: 'Users cannot change their own role.'", async () => {
    const result = await cli('users', file, 'set-role', admin, 'PLANNER', '--as', admin, '--json')
    expect(result.code).toBe(1)
    expect(result.errors).toEqual(['Users cannot change their own role.'])
  })

  it('refuses a role without admin powers, exit 1', async () => {
    const result = await cli('users', file, 'list', '--as', demo.sampleUsers.PLANNER, '--json')
    expect(result.code).toBe(1)
    expect(result.errors).toEqual(['Your role (PLANNER) may not use users.list.'])
  })

  it('invite-all invites every user not yet invited, and a second run has no one left', async () => {
    expect((await cli('users', file, 'add', '--email', 'fresh@acme.test', '--role', 'ADMIN')).code).toBe(0)
    const first = await cli('users', file, 'invite-all', '--json')
    expect(first.code).toBe(0)
    expect((first.json[0] as { count: number }).count).toBeGreaterThanOrEqual(1)
    const left = await sql<{ email: string }>('SELECT email FROM app_user WHERE invited = 0')
    // At most the acting owner is left: one cannot invite oneself.
    expect(left.filter((u) => u.email !== owner)).toEqual([])
    const second = await cli('users', file, 'invite-all', '--json')
    expect(second.json[0]).toMatchObject({ count: 0 })
  })

  it('an unknown action or role is a usage error, exit 2', async () => {
    expect((await cli('users', file, 'promote')).code).toBe(2)
    expect((await cli('users', file, 'set-role', owner, 'KING')).code).toBe(2)
  })
})

describe('cli employee and payrange', () => {
  it('sets an employee field validated like the import, and refuses a bad value naming the field', async () => {
    const target = demo.employees[5]
    const bad = await cli(
      'employee',
      file,
      'set',
      target.companyEmployeeId,
      'email=not-an-email',
      'fte=2',
      '--json',
    )
    expect(bad.code).toBe(2)
    expect(bad.errors[0]).toBe(
      `${target.name} (${target.companyEmployeeId}): Email: Invalid email format ("not-an-email"); FTE: must be above 0 and at most 1 ("2")`,
    )
    const good = await cli(
      'employee',
      file,
      'set',
      target.companyEmployeeId,
      'jobTitle=Principal Analyst',
      'currentSalary=100,000.50',
      '--json',
    )
    expect(good.code).toBe(0)
    const [row] = await sql<{ job_title: string; current_salary: number }>(
      'SELECT job_title, current_salary FROM employee WHERE company_employee_id = ?',
      target.companyEmployeeId,
    )
    expect(row).toEqual({ job_title: 'Principal Analyst', current_salary: 10_000_050 })
    const log = await sql<{ old_value: string }>(
      "SELECT old_value FROM change_log WHERE entity = 'employee' AND entity_id = ? ORDER BY id DESC LIMIT 1",
      String(target.id),
    )
    expect(JSON.parse(log[0].old_value)).toHaveProperty('jobTitle')
  })

  it("sets a pay range's pays (min ≤ mid ≤ max) and names a range it cannot find", async () => {
    const [range] = await sql<{ id: number; name: string; mid_pay: number }>(
      `SELECT p.id, p.name, p.mid_pay FROM pay_range p JOIN job_profile jp ON jp.pay_range_id = p.id
       JOIN employee e ON e.job_profile_id = jp.id GROUP BY p.id HAVING COUNT(*) = 1 LIMIT 1`,
    )
    const crossing = await cli('payrange', file, 'set', range.name, 'min=10', 'mid=5', 'max=20')
    expect(crossing.code).toBe(2)
    expect(crossing.errors[0]).toContain('Min Pay, Mid Pay and Max Pay must rise in that order')
    const result = await cli(
      'payrange',
      file,
      'set',
      range.name,
      'min=1000',
      'mid=2000',
      'max=3000',
      '--json',
    )
    expect(result.code).toBe(0)
    expect(result.json[0]).toMatchObject({ range: { minPay: 100_000, midPay: 200_000, maxPay: 300_000 } })
    const [row] = await sql<{ mid_pay: number }>('SELECT mid_pay FROM pay_range WHERE id = ?', range.id)
    expect(row.mid_pay).toBe(200_000)
    expect((await cli('payrange', file, 'set', 'No Such Range', 'min=1')).errors).toEqual([
      'No pay range is named "No Such Range".',
    ])
  })
})

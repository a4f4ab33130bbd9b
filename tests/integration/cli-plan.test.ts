import fs from 'node:fs'
import path from 'node:path'
import type { BulkPlanResult } from '../../src-shared/contract'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { openWorkbook } from '../../src-main/workbook/open'
import { cli } from '../support/cli'
import { tempDir } from '../support/temp'

const dir = tempDir()
const file = path.join(dir, 'plan.paycycle')
const demo = generateDemoCompany({ employees: 60, seed: 1 })

beforeAll(async () => {
  expect((await cli('new', file, '--demo', '60', '--seed', '1')).code).toBe(0)
})

function csv(name: string, lines: string[]): string {
  const target = path.join(dir, name)
  fs.writeFileSync(target, `${lines.join('\r\n')}\r\n`)
  return target
}

async function plan(csvFile: string, ...extra: string[]) {
  const result = await cli('plan', file, csvFile, '--json', ...extra)
  return { ...result, value: result.json[0] as BulkPlanResult }
}

async function rewardOf(companyEmployeeId: string) {
  const workbook = await openWorkbook(file, { readonly: true })
  try {
    const row = await workbook.db
      .selectFrom('reward')
      .innerJoin('employee', 'employee.id', 'reward.employee_id')
      .select([
        'reward.employee_id',
        'new_salary',
        'new_percent_bonus',
        'lump_sum',
        'comments',
        'performance_plan',
      ])
      .where('employee.company_employee_id', '=', companyEmployeeId)
      .executeTakeFirstOrThrow()
    const history = await workbook.db
      .selectFrom('reward_history')
      .selectAll()
      .where('employee_id', '=', row.employee_id)
      .where('source', '=', 'plan')
      .execute()
    return { row, history }
  } finally {
    await workbook.close()
  }
}

/** Every reward and history row, to prove a refused file wrote nothing. */
async function plannedState() {
  const workbook = await openWorkbook(file, { readonly: true })
  try {
    return {
      rewards: await workbook.db.selectFrom('reward').selectAll().orderBy('employee_id').execute(),
      history: await workbook.db.selectFrom('reward_history').selectAll().orderBy('id').execute(),
    }
  } finally {
    await workbook.close()
  }
}

describe('cli plan (bulk planner input)', () => {
  const [a, b] = demo.employees.slice(5, 7).map((e) => e.companyEmployeeId)

  it('applies every row and leaves a reward-history row per changed employee', async () => {
    const input = csv('ok.csv', [
      ' employee id ,New Salary,New Percent Bonus,Lump Sum,Comments,Performance Plan,Ignored Column',
      `${a},"123,456.78",7.5,"1,000",Strong year,no,x`,
      `${b},,,,,yes,x`,
    ])
    const { code, value } = await plan(input)
    expect(code).toBe(0)
    expect(value).toEqual({ status: 'updated', rows: 2, updated: 2, errors: [] })
    const first = await rewardOf(a)
    expect(first.row).toMatchObject({
      new_salary: 12_345_678,
      new_percent_bonus: 7.5,
      lump_sum: 100_000,
      comments: 'Strong year',
      performance_plan: 0,
    })
    expect(first.history).toHaveLength(1)
    expect(JSON.parse(first.history[0].changes)).toMatchObject({
      newSalary: { new: 12_345_678 },
      lumpSum: { new: 100_000 },
    })
    expect((await rewardOf(b)).row.performance_plan).toBe(1)
  })

  it('changes nothing when the file holds the same values again', async () => {
    const input = csv('same.csv', ['Employee Id,Lump Sum', `${a},1000`])
    expect((await plan(input)).value).toEqual({ status: 'updated', rows: 1, updated: 0, errors: [] })
    expect((await rewardOf(a)).history).toHaveLength(1)
  })

  it('is all-or-nothing: one bad row writes nothing, and every error names row, header, id and code', async () => {
    const before = await plannedState()
    const input = csv('bad.csv', [
      'Employee Id,New Salary,Performance Plan,New Percent Bonus',
      `${a},1,maybe,`,
      `NOPE,1,yes,`,
      `,1,yes,`,
      `${b},-5,no,abc`,
      `${b},6,no,`,
    ])
    const { code, value } = await plan(input)
    expect(code).toBe(1)
    expect(value.status).toBe('invalid')
    expect(value.updated).toBe(0)
    expect(value.errors).toEqual([
      { row: 1, header: 'Performance Plan', id: a, code: 'InvalidBoolean', message: 'Invalid boolean value' },
      {
        row: 2,
        header: 'Employee Id',
        id: 'NOPE',
        code: 'UnknownEmployee',
        message: 'No employee has the Employee Id NOPE',
      },
      {
        row: 3,
        header: 'Employee Id',
        id: '',
        code: 'Missing-employeeId',
        message: 'Required field "employeeId" is missing in row 3',
      },
      { row: 4, header: 'New Salary', id: b, code: 'NegativeAmount', message: 'Amounts cannot be negative' },
      { row: 4, header: 'New Percent Bonus', id: b, code: 'InvalidNumber', message: 'Invalid number' },
      {
        row: 5,
        header: 'Employee Id',
        id: b,
        code: 'DuplicateEmployeeId',
        message: `Employee Id ${b} appears more than once`,
      },
    ])
    expect(await plannedState()).toEqual(before)
  })

  it('refuses a file without the Employee Id header with the spec message', async () => {
    const { value } = await plan(csv('noid.csv', ['Name,New Salary', 'x,1']))
    expect(value.errors).toEqual([
      {
        row: 0,
        header: 'Employee Id',
        id: '',
        code: 'MissingRequiredHeader',
        message: 'Your data is missing the required header: Employee Id',
      },
    ])
  })

  it('refuses a file with a header twice, naming its columns, and changes nothing', async () => {
    const before = await plannedState()
    const { value } = await plan(csv('twice.csv', ['Employee Id,New Salary,new salary', 'x,1,2']))
    expect(value.errors).toEqual([
      {
        row: 0,
        header: 'New Salary',
        id: '',
        code: 'DuplicateHeader',
        message:
          'The header "New Salary" appears twice, in columns B and C. Keep one and choose the file again.',
      },
    ])
    expect(await plannedState()).toEqual(before)
  })

  it("refuses a raise for a fully prorated employee with 'Employee not eligible for an increase.' and the reasons", async () => {
    // Proration is skipped for pay below the range minimum while prioritizePayMin is on.
    expect(
      (await cli('config', file, '--set', 'prioritizePayMin=false', '--set', 'prorationRules=[]')).code,
    ).toBe(0)
    const { value } = await plan(
      csv('pip.csv', [
        'Employee Id,New Salary,Performance Plan,Comments',
        `${b},100000,yes,`,
        `${a},,yes,on a plan`,
      ]),
    )
    expect(value.status).toBe('invalid')
    expect(value.errors).toEqual([
      {
        row: 1,
        header: 'New Salary',
        id: b,
        code: 'NotEligible',
        message: 'Employee not eligible for an increase. On a Performance Improvement Plan',
      },
    ])
  })

  it('lets a manager plan only their own teams', async () => {
    const manager = demo.users.find((u) => u.role === 'MANAGER')
    if (!manager) throw new Error('the demo company has managers')
    const ceo = demo.employees[0].companyEmployeeId
    const { code, value } = await plan(
      csv('scope.csv', ['Employee Id,Comments', `${ceo},hi`]),
      '--as',
      manager.email,
    )
    expect(code).toBe(1)
    expect(value.errors[0]).toMatchObject({ code: 'NotYourEmployee', id: ceo })
  })
})

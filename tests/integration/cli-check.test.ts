import fs from 'node:fs'
import path from 'node:path'
import type { CheckReport } from '../../src-shared/contract'
import { openWorkbook } from '../../src-main/workbook/open'
import { cli } from '../support/cli'
import { tempDir } from '../support/temp'

const dir = tempDir()
const file = path.join(dir, 'check.paycycle')

interface Subject {
  id: string
  salary: number
  min: number
  mid: number
  max: number
  team: string
  teamId: number
}

/** Salaried USD employees with a pay range, in teams of 3 or more members whose name is unique. */
async function subjects(): Promise<Subject[]> {
  const workbook = await openWorkbook(file, { readonly: true })
  try {
    const rows = await workbook.db
      .selectFrom('employee as e')
      .innerJoin('job_profile as j', 'j.id', 'e.job_profile_id')
      .innerJoin('pay_range as r', 'r.id', 'j.pay_range_id')
      .innerJoin('team as t', 't.id', 'e.team_id')
      .select([
        'e.company_employee_id as id',
        'e.current_salary as salary',
        'r.min_pay as min',
        'r.mid_pay as mid',
        'r.max_pay as max',
        't.name as team',
        't.id as teamId',
      ])
      .where('e.salaried', '=', 1)
      .where('e.default_pay_currency', '=', 'USD')
      .where('r.pay_currency', '=', 'USD')
      .where('r.salaried', '=', 1)
      .where('e.fte', '=', 1)
      .where((eb) =>
        eb(
          't.id',
          'in',
          eb
            .selectFrom('employee')
            .select('team_id')
            .groupBy('team_id')
            .having((h) => h.fn.countAll(), '>=', 3),
        ),
      )
      .orderBy('e.id')
      .execute()
    return rows.map((r) => ({ ...r, teamId: Number(r.teamId) }))
  } finally {
    await workbook.close()
  }
}

const money = (cents: number) => (cents / 100).toFixed(2)

async function check(...extra: string[]): Promise<CheckReport> {
  const result = await cli('check', file, '--json', ...extra)
  expect(result.code).toBe(0)
  return result.json[0] as CheckReport
}

describe('check --json end to end over a company built with the CLI', () => {
  let above: Subject
  let negative: Subject
  let onPlan: Subject
  let spender: Subject

  beforeAll(async () => {
    expect((await cli('new', file, '--demo', '120', '--seed', '5')).code).toBe(0)
    const config = await cli(
      'config',
      file,
      '--set',
      'plannerViolations.newSalaryIsAboveMaximumOfPayRange=warning',
      '--set',
      'plannerViolations.newSalaryIsBelowMinimumOfPayRange=error',
      '--set',
      'plannerViolations.aboveBudgetExceeded=error',
      '--set',
      'plannerViolations.subPlannerNotSubmitted=unset',
      '--set',
      'includeLumpSum=true',
      '--set',
      'prorationRules=[]',
      '--set',
      'prioritizePayMin=false',
    )
    expect(config.code).toBe(0)
    const list = await subjects()
    ;[above, negative, onPlan] = list
    spender =
      list.find((s) => s.teamId !== above.teamId && s.teamId !== negative.teamId && s.id !== onPlan.id) ??
      list[3]
    expect((await cli('budget', file, '--team', spender.team, '--amount', '100')).code).toBe(0)
    const plan = path.join(dir, 'plan.csv')
    fs.writeFileSync(
      plan,
      [
        'Employee Id,New Salary,Lump Sum,Performance Plan',
        `${above.id},${money(above.max + 100_000)},,no`,
        `${negative.id},${money(Math.min(negative.salary, negative.min) - 100)},,no`,
        `${onPlan.id},,,yes`,
        `${spender.id},,500,no`,
      ].join('\n'),
    )
    const planned = await cli('plan', file, plan, '--json')
    expect(planned.json[0]).toMatchObject({ status: 'updated', updated: 4 })
  })

  it('lists employees sorted by Employee Id, with compa ratio and position in range', async () => {
    const report = await check()
    const ids = report.employees.map((e) => e.id)
    expect(ids).toEqual([...ids].sort())
    expect(ids).toHaveLength(120)
    const names = report.teams.map((t) => t.name)
    expect(names).toEqual([...names].sort())
    const row = report.employees.find((e) => e.id === above.id)
    // Spec: 'Compa ratio = pay divided by converted mid pay (scaled by fte)' (USD range, fte 1 here).
    expect(row?.compaRatio).toBeCloseTo(above.salary / above.mid, 10)
    expect(row?.positionInRange).toBeCloseTo((above.salary - above.min) / (above.max - above.min), 10)
  })

  it("flags 'New pay is above the maximum of the pay range.' at the configured severity (warning)", async () => {
    const row = (await check()).employees.find((e) => e.id === above.id)
    expect(row?.severity).toBe('warning')
    expect(row?.violations).toEqual([
      {
        rule: 'newSalaryIsAboveMaximumOfPayRange',
        severity: 'warning',
        message: 'New pay is above the maximum of the pay range.',
      },
    ])
  })

  it("flags 'Pay increase is negative.' (always an error) and 'New pay is below the minimum of the pay range.' — when prioritizePayMin is on", async () => {
    let row = (await check()).employees.find((e) => e.id === negative.id)
    expect(row?.violations).toEqual([
      { rule: 'negativePayChange', severity: 'error', message: 'Pay increase is negative.' },
    ])
    expect((await cli('config', file, '--set', 'prioritizePayMin=true')).code).toBe(0)
    row = (await check()).employees.find((e) => e.id === negative.id)
    expect(row?.severity).toBe('error')
    expect(row?.violations.map((v) => v.message)).toEqual([
      'Pay increase is negative.',
      'New pay is below the minimum of the pay range.',
    ])
    await cli('config', file, '--set', 'prioritizePayMin=false')
  })

  it("prorates an employee on a performance plan fully: 'On a Performance Improvement Plan'", async () => {
    const row = (await check()).employees.find((e) => e.id === onPlan.id)
    expect(row).toMatchObject({
      proratedPercent: 100,
      prorationReasons: ['On a Performance Improvement Plan'],
    })
  })

  it("puts 'Total pay exceeds your budget.' on the team whose budget the lump sum exceeds", async () => {
    const team = (await check()).teams.find((t) => t.name === spender.team)
    expect(team?.violations).toEqual([
      { rule: 'aboveBudgetExceeded', severity: 'error', message: 'Total pay exceeds your budget.' },
    ])
    expect(team?.status).toEqual(
      expect.stringMatching(/^(error|warning-calculated|warning-recommended|none)$/),
    )
  })

  it('shows a manager only their own teams', async () => {
    const workbook = await openWorkbook(file, { readonly: true })
    const manager = await workbook.db
      .selectFrom('app_user as u')
      .innerJoin('role as r', 'r.id', 'u.role_id')
      .innerJoin('team as t', 't.manager_id', 'u.employee_id')
      .select(['u.email', 't.id as teamId'])
      .where('r.name', '=', 'MANAGER')
      .executeTakeFirstOrThrow()
    const members = await workbook.db
      .selectFrom('employee')
      .select('company_employee_id')
      .where('team_id', '=', manager.teamId)
      .execute()
    await workbook.close()
    const report = await check('--as', manager.email)
    expect(report.employees.length).toBeGreaterThanOrEqual(members.length)
    expect(report.employees.length).toBeLessThan(120)
    for (const member of members)
      expect(report.employees.map((e) => e.id)).toContain(member.company_employee_id)
  })
})

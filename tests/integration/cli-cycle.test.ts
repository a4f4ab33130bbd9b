import fs from 'node:fs'
import path from 'node:path'
import type { PayCycleDto } from '../../src-shared/contract'
import { todayIso } from '../../src-shared/domain/pay-cycles'
import { generateDemoCompany } from '../../src-main/workbook/demo'
import { cli } from '../support/cli'
import { tempDir } from '../support/temp'

const dir = tempDir()
const file = path.join(dir, 'cli-cycle.paycycle')
const demo = generateDemoCompany({ employees: 60, seed: 4 })
const planner = demo.sampleUsers.PLANNER
const nextYear = `${Number(todayIso().slice(0, 4)) + 1}-04-01`

beforeAll(async () => {
  expect((await cli('new', file, '--demo', '60', '--seed', '4')).code).toBe(0)
})

async function cycles(): Promise<PayCycleDto[]> {
  const result = await cli('cycle', file, 'list', '--json')
  expect(result.code).toBe(0)
  return result.json[0] as PayCycleDto[]
}

describe('cli cycle', () => {
  it('lists the configurations and shows the current one', async () => {
    const [only] = await cycles()
    expect(only).toMatchObject({ active: true, name: demo.payCycle.name })
    const shown = await cli('cycle', file, 'show', '--json')
    expect(shown.json[0]).toEqual(only)
    const text = await cli('cycle', file, 'list')
    expect(text.text[0]).toBe(`${only.id}\t${only.name}\tactive\teffective ${only.effectiveDate}`)
  })

  it('new saves a configuration active with the current settings and deactivates the previous one', async () => {
    const [first] = await cycles()
    const created = await cli(
      'cycle',
      file,
      'new',
      '--name',
      'FY Next',
      '--effective',
      nextYear,
      '--budget',
      '2,500,000',
      '--json',
    )
    expect(created.code).toBe(0)
    const cycle = created.json[0] as PayCycleDto
    expect(cycle).toMatchObject({
      name: 'FY Next',
      active: true,
      effectiveDate: nextYear,
      companyMeritBudget: 250_000_000,
    })
    expect(cycle.settings).toEqual(first.settings)
    expect(cycle.currencyConversions).toEqual(first.currencyConversions)
    const [old, now] = await cycles()
    expect(old).toMatchObject({ id: first.id, active: false })
    expect(now.active).toBe(true)
    const text = await cli('cycle', file, 'new', '--name', 'Past', '--effective', '2020-01-01')
    expect(text.code).toBe(2)
    expect(text.errors[0]).toBe('Effective date: The effective date cannot be before today.')
  })

  it('close locks planning (plan exits 1 with the lock reason); activate reopens', async () => {
    const closed = await cli('cycle', file, 'close')
    expect(closed).toMatchObject({ code: 0, text: ['Successfully closed pay cycle.'] })
    const csv = path.join(dir, 'plan.csv')
    fs.writeFileSync(csv, `Employee Id,Comments\n${demo.employees[1].companyEmployeeId},late\n`)
    const plan = await cli('plan', file, csv, '--as', planner, '--json')
    expect(plan.code).toBe(1)
    expect(plan.errors).toEqual(['The pay cycle is closed; choices are locked.'])
    const again = await cli('cycle', file, 'close')
    expect(again.code).toBe(2)
    expect(again.errors).toEqual(['No pay cycle is active: it is closed already.'])

    const reopened = await cli('cycle', file, 'activate', 'FY Next', '--json')
    expect(reopened.code).toBe(0)
    expect(reopened.json[0]).toMatchObject({ name: 'FY Next', active: true })
    const [, next] = await cycles()
    expect(next.active).toBe(true)
  })

  it('a planner is refused (exit 1) and usage mistakes exit 2', async () => {
    const refused = await cli('cycle', file, 'close', '--as', planner)
    expect(refused.code).toBe(1)
    expect(refused.errors).toEqual(['Your role (PLANNER) may not use payCycles.close.'])
    expect((await cli('cycle', file, 'reopen')).code).toBe(2)
    expect((await cli('cycle', file, 'activate')).code).toBe(2)
    const unknown = await cli('cycle', file, 'activate', 'Nope')
    expect(unknown).toMatchObject({
      code: 1,
      errors: ['No pay cycle configuration has the id or name "Nope".'],
    })
  })
})

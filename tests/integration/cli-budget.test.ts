import path from 'node:path'
import type { SavedBudget } from '../../src-shared/contract'
import { openWorkbook } from '../../src-main/workbook/open'
import { cli } from '../support/cli'
import { tempDir } from '../support/temp'

const dir = tempDir()
const file = path.join(dir, 'budget.paycycle')
let bigTeam = ''
const smallTeam = 'Two Person Team'

beforeAll(async () => {
  expect((await cli('new', file, '--demo', '200', '--seed', '2')).code).toBe(0)
  const workbook = await openWorkbook(file, { readonly: true })
  const sizes = await workbook.db
    .selectFrom('team')
    .leftJoin('employee', 'employee.team_id', 'team.id')
    .select(['team.name', (eb) => eb.fn.count<number>('employee.id').as('members')])
    .groupBy('team.id')
    .execute()
  await workbook.close()
  const unique = sizes.filter((t) => sizes.filter((u) => u.name === t.name).length === 1)
  bigTeam = unique.find((t) => Number(t.members) >= 3)?.name ?? ''
  expect(bigTeam).not.toBe('')
  // A team of exactly 2 members: two employees moved into a new team.
  const writable = await openWorkbook(file)
  const { id } = await writable.db
    .insertInto('team')
    .values({ name: smallTeam })
    .returning('id')
    .executeTakeFirstOrThrow()
  const two = await writable.db.selectFrom('employee').select('id').orderBy('id', 'desc').limit(2).execute()
  await writable.db
    .updateTable('employee')
    .set({ team_id: id })
    .where(
      'id',
      'in',
      two.map((e) => e.id),
    )
    .execute()
  await writable.close()
})

async function teamRow(name: string) {
  const workbook = await openWorkbook(file, { readonly: true })
  try {
    return await workbook.db
      .selectFrom('team')
      .select(['budget', 'budget_currency'])
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  } finally {
    await workbook.close()
  }
}

describe('cli budget', () => {
  it("sets a team budget and answers with the spec's toast 'Saved Budget for {team}'", async () => {
    const result = await cli(
      'budget',
      file,
      '--team',
      bigTeam,
      '--amount',
      '250,000.50',
      '--currency',
      'eur',
      '--json',
    )
    expect(result.code).toBe(0)
    const saved = result.json[0] as SavedBudget
    expect(saved.message).toBe(`Saved Budget for ${bigTeam}`)
    expect(saved.team).toMatchObject({ name: bigTeam, budget: 25_000_050, budgetCurrency: 'EUR' })
    expect(await teamRow(bigTeam)).toEqual({ budget: 25_000_050, budget_currency: 'EUR' })
  })

  it("--recommended stores and lists every team's recommended budget (calculate-budget)", async () => {
    const result = await cli('budget', file, '--recommended', '--json')
    expect(result.code).toBe(0)
    const listed = result.json[0] as { team: string; recommendedBudget: number }[]
    const workbook = await openWorkbook(file, { readonly: true })
    const stored = await workbook.db.selectFrom('team').select(['name', 'recommended_budget']).execute()
    const cycle = await workbook.db
      .selectFrom('pay_cycle')
      .select('company_merit_budget')
      .executeTakeFirstOrThrow()
    await workbook.close()
    // Every team has one (the company has a merit budget); what is listed is what is stored.
    expect(listed).toHaveLength(stored.length)
    for (const row of stored) {
      expect(row.recommended_budget).not.toBeNull()
      expect(listed).toContainEqual({
        team: row.name,
        recommendedBudget: (row.recommended_budget as number) / 100,
      })
    }
    // Without a saved matrix they share the company merit budget by eligible payroll: the top team
    // holds everyone but its manager, so a little less than the whole budget.
    const top = Math.max(...stored.map((t) => t.recommended_budget as number))
    expect(top).toBeLessThanOrEqual(cycle.company_merit_budget as number)
    expect(top).toBeGreaterThan((cycle.company_merit_budget as number) * 0.9)
  })

  it('clears it with --clear', async () => {
    const result = await cli('budget', file, '--team', bigTeam, '--clear', '--json')
    expect((result.json[0] as SavedBudget).team.budget).toBeNull()
    expect(await teamRow(bigTeam)).toEqual({ budget: null, budget_currency: null })
  })

  it("is refused for a team of 2 or fewer members with 'Input is disabled because the team has 2 or fewer members.'", async () => {
    const result = await cli('budget', file, '--team', smallTeam, '--amount', '1000', '--json')
    expect(result.code).toBe(1)
    expect(result.errors[0]).toBe('Input is disabled because the team has 2 or fewer members.')
    expect((await teamRow(smallTeam)).budget).toBeNull()
  })

  it.each([
    [['--team', 'Nobody Here', '--amount', '5'], 'No team is named "Nobody Here".', 1],
    [['--amount', '5'], 'budget needs --team <name>.', 2],
    [['--team', 'X'], 'budget needs either --amount <n> or --clear.', 2],
    [['--team', 'X', '--amount', '5', '--clear'], 'budget needs either --amount <n> or --clear.', 2],
    [
      ['--team', 'X', '--amount', 'lots'],
      '--amount must be an amount such as 250000 or 250,000.50, not "lots".',
      2,
    ],
    [['--team', 'X', '--amount', '5', '--currency', 'BTC'], '--currency must be one of', 2],
  ])('refuses %j', async (args, message, code) => {
    const result = await cli('budget', file, ...(args as string[]), '--json')
    expect(result.code).toBe(code)
    expect(result.errors[0]).toContain(message)
  })
})

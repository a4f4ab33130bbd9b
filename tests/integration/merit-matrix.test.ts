import path from 'node:path'
import type {
  BudgetLevel,
  CheckReport,
  EmployeeDto,
  MatrixAnswer,
  MatrixConfigAnswer,
  RestoredMatrix,
  RewardHistoryEntry,
  RewardDto,
  SavedMatrix,
  TeamDto,
  UserDto,
} from '../../src-shared/contract'
import { POSITION_BANDS } from '../../src-shared/domain/merit-matrix'
import { OVER_MAX_OUT_OF_RANGE } from '../../src-shared/domain/sliders'
import { openWorkbook } from '../../src-main/workbook/open'
import { cli } from '../support/cli'
import { testBackend } from '../support/session'
import { tempDir } from '../support/temp'

const dir = tempDir()
const file = path.join(dir, 'matrix.paycycle')
let backend = testBackend(dir)

async function call<T>(channel: string, input: unknown): Promise<T> {
  const result = await backend.dispatcher.dispatch(channel, input)
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value as T
}

async function refusal(channel: string, input: unknown): Promise<string> {
  const result = await backend.dispatcher.dispatch(channel, input)
  if (result.ok) throw new Error(`${channel} was not refused`)
  return result.error.message
}

async function reopenAs(email: string | null): Promise<void> {
  await backend.session.close()
  backend = testBackend(dir, email)
  expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
}

const sliders = {
  performance_multiplier_priority: 60,
  position_in_range_priority: 40,
  max_position_in_range: 1.2,
}

const rewardsById = async () =>
  new Map((await call<RewardDto[]>('rewards.list', {})).map((r) => [r.employeeId, r]))

let companyBudget = 0
let demoRewards: Map<number, RewardDto>

beforeAll(async () => {
  expect((await cli('new', file, '--demo', '300', '--seed', '5')).code).toBe(0)
  expect((await backend.dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
  demoRewards = await rewardsById()
})

describe('matrix.config (GET /calculate-matrix/)', () => {
  it('without a saved configuration: a warning and null defaults, with the company merit budget to start from', async () => {
    const config = await call<MatrixConfigAnswer>('matrix.config', {})
    expect(config.hyperbalance_config).toBeNull()
    expect(config.warning).toBe('No matrix configuration is saved for this pay cycle; defaults are used.')
    expect(config.defaults).toEqual({
      performance_multiplier_priority: null,
      position_in_range_priority: null,
      max_position_in_range: null,
      desired_budget: null,
    })
    expect(config.company_merit_budget).toBeGreaterThan(0)
    expect(config.default_currency).toBe('USD')
    companyBudget = config.company_merit_budget as number
  })
})

describe('matrix.calculate (save false)', () => {
  it('spends the company merit budget to the cent by default, over rows of the pay cycle ratings and bands 0.0–1.0', async () => {
    const matrix = await call<MatrixAnswer>('matrix.calculate', {
      ...sliders,
      desired_budget: null,
      cell: null,
    })
    expect(matrix.desired_budget).toBe(companyBudget)
    expect(matrix.budget_used).toBe(companyBudget)
    expect(matrix.performance_ratings).toEqual([
      'Unsatisfactory',
      'Needs Improvement',
      'Meets Expectations',
      'Exceeds Expectations',
      'Outstanding',
    ])
    expect(matrix.position_bands).toEqual([...POSITION_BANDS])
    expect(Object.keys(matrix.hyperbalance_matrix[0])).toEqual([
      'Performance Rating',
      ...POSITION_BANDS,
      'Percentage Increase',
    ])
    expect(Object.keys(matrix.current_count_matrix[0])).toEqual([
      'Performance Rating',
      ...POSITION_BANDS,
      'Old Aggregate Position in Range',
      'Position in Range Standard Deviation',
    ])
    expect(Object.keys(matrix.new_count_matrix[0])).toContain('New Aggregate Position in Range')
    const counted = matrix.current_count_matrix.reduce(
      (n, row) => n + POSITION_BANDS.reduce((m, band) => m + row[band], 0),
      0,
    )
    expect(counted + matrix.unplaced.noRange + matrix.unplaced.noRating).toBe(300)
    expect(matrix.cell_data).toEqual([])
    // Better ratings never less, higher positions never more.
    const rows = matrix.hyperbalance_matrix
    for (let r = 1; r < rows.length; r++)
      for (const band of POSITION_BANDS)
        expect(rows[r][band]).toBeGreaterThanOrEqual(rows[r - 1][band] as number)
    for (const row of rows)
      for (let c = 1; c < POSITION_BANDS.length; c++)
        expect(row[POSITION_BANDS[c]]).toBeLessThanOrEqual(row[POSITION_BANDS[c - 1]] as number)
  })

  it("lists a cell's employees with the spec's columns, a page at a time, and writes nothing", async () => {
    const all = await call<MatrixAnswer>('matrix.calculate', { ...sliders, desired_budget: null, cell: null })
    // The fullest cell of 'Meets Expectations'.
    const row = 2
    const column = POSITION_BANDS.reduce(
      (best, band, c) =>
        all.current_count_matrix[row][band] > all.current_count_matrix[row][POSITION_BANDS[best]] ? c : best,
      0,
    )
    const count = all.current_count_matrix[row][POSITION_BANDS[column]]
    expect(count).toBeGreaterThan(5)
    const cell = await call<MatrixAnswer>('matrix.calculate', {
      ...sliders,
      desired_budget: null,
      cell: { row, column },
    })
    expect(cell.cell_total).toBe(count)
    expect(cell.cell_data).toHaveLength(count)
    expect(Object.keys(cell.cell_data[0]).sort()).toEqual(
      [
        'employee_name',
        'annualized_current_base_pay',
        'recommended_pay_increase_dollar',
        'recommended_pay_increase_percent',
        'performance_rating',
        'current_position_in_range',
        'new_position_in_range',
        'meritbook_employee_id',
      ].sort(),
    )
    for (const e of cell.cell_data) {
      expect(e.performance_rating).toBeGreaterThanOrEqual(2.5)
      expect(e.performance_rating).toBeLessThan(3.5)
      expect(Math.abs(e.current_position_in_range - column / 10)).toBeLessThanOrEqual(0.05 + 1e-9)
      if (e.annualized_current_base_pay > 0)
        expect(e.recommended_pay_increase_percent).toBeCloseTo(
          (e.recommended_pay_increase_dollar / e.annualized_current_base_pay) * 100,
          3,
        )
    }
    const page = await call<MatrixAnswer>('matrix.calculate', {
      ...sliders,
      desired_budget: null,
      cell: { row, column },
      cell_offset: 5,
      cell_limit: 5,
    })
    expect(page.cell_total).toBe(count)
    expect(page.cell_offset).toBe(5)
    expect(page.cell_data).toEqual(cell.cell_data.slice(5, 10))
    expect(await rewardsById()).toEqual(demoRewards)
  })

  it('--per-employee: every placed employee by Employee Id, adding up to the budget used', async () => {
    const matrix = await call<MatrixAnswer>('matrix.calculate', {
      ...sliders,
      desired_budget: 1_234_567_89,
      cell: null,
      per_employee: true,
    })
    expect(matrix.budget_used).toBe(1_234_567_89)
    const employees = matrix.employees ?? []
    expect(employees.reduce((sum, e) => sum + e.increase, 0)).toBe(1_234_567_89)
    const ids = new Set((await call<EmployeeDto[]>('employees.list', {})).map((e) => e.companyEmployeeId))
    for (const e of employees) expect(ids.has(e.id)).toBe(true)
  })

  it('refuses what it cannot do with a message; the other roles may not call it', async () => {
    expect(
      await refusal('matrix.calculate', {
        ...sliders,
        max_position_in_range: 0.5,
        desired_budget: null,
        cell: null,
      }),
    ).toContain(OVER_MAX_OUT_OF_RANGE)
    await backend.session.close()
    const workbook = await openWorkbook(file)
    workbook.sqlite.prepare('UPDATE pay_cycle SET company_merit_budget = NULL').run()
    await workbook.close()
    await reopenAs(null)
    expect(await refusal('matrix.calculate', { ...sliders, desired_budget: null, cell: null })).toBe(
      'Give a desired budget, or set the company merit budget of the pay cycle.',
    )
    await call('payCycle.update', { patch: { companyMeritBudget: companyBudget } })
    await call('payCycle.update', { patch: { settings: { includeMerit: false } } })
    expect(await refusal('matrix.calculate', { ...sliders, desired_budget: null, cell: null })).toBe(
      'Merit increases are not part of this pay cycle (includeMerit is off).',
    )
    await call('payCycle.update', { patch: { settings: { includeMerit: true } } })

    const users = await call<UserDto[]>('users.list', {})
    const manager = users.find((u) => u.role === 'MANAGER') as UserDto
    await reopenAs(manager.email)
    expect(await refusal('matrix.calculate', { ...sliders, desired_budget: null, cell: null })).toBe(
      'Your role (MANAGER) may not use matrix.calculate.',
    )
    expect(await refusal('matrix.save', { ...sliders, desired_budget: null, cell: null })).toBe(
      'Your role (MANAGER) may not use matrix.save.',
    )
    await reopenAs(null)
  })
})

describe('matrix.save (save true) and its undo', () => {
  let saved: SavedMatrix
  const half = () => Math.floor(companyBudget / 2)

  it("writes every reward's recommendation and the configuration in one step; the recommended budgets follow", async () => {
    expect(
      (await call<BudgetLevel>('budgets.level', { teamId: null, offset: 0, limit: 200 })).distributionEnabled,
    ).toBe(false)
    saved = await call<SavedMatrix>('matrix.save', { ...sliders, desired_budget: half(), cell: null })
    expect(saved.matrix.budget_used).toBe(half())
    expect(saved.config).toMatchObject({ ...sliders, desired_budget: half(), budget_used: half() })

    const rewards = await rewardsById()
    const employees = await call<EmployeeDto[]>('employees.list', {})
    let allocated = 0
    let withRecommendation = 0
    for (const e of employees) {
      const r = rewards.get(e.id)
      if (r?.hyperbalanceAnnualAllocatedBudget == null) continue
      withRecommendation++
      allocated += r.hyperbalanceAnnualAllocatedBudget
      // recommended_increase is in current_salary's units: applying it is new = current + recommended.
      if (e.salaried && e.defaultPayCurrency === 'USD')
        expect(r.recommendedIncrease).toBe(r.hyperbalanceAnnualAllocatedBudget)
      if (e.salaried && e.defaultPayCurrency === 'USD' && e.currentSalary > 0)
        expect(r.recommendedIncreasePer).toBeCloseTo(
          ((r.recommendedIncrease as number) / e.currentSalary) * 100,
          3,
        )
    }
    expect(allocated).toBe(half())
    expect(withRecommendation).toBe(saved.recommended)

    const config = await call<MatrixConfigAnswer>('matrix.config', {})
    expect(config.warning).toBeNull()
    expect(config.defaults).toEqual({ ...sliders, desired_budget: half() })

    // 'HyperBalance Calculated Distribution' is on, and each team's recommended budget is its allocations.
    const level = await call<BudgetLevel>('budgets.level', { teamId: null, offset: 0, limit: 200 })
    expect(level.distributionEnabled).toBe(true)
    expect(level.company.allocatedBudget).toBe(half())
    const recommended = await call<{ teamId: number; recommendedBudget: number }[]>('budgets.calculate', {})
    const teams = await call<TeamDto[]>('teams.list', {})
    const below = (teamId: number): number[] => [
      teamId,
      ...teams.filter((t) => t.parentTeamId === teamId).flatMap((t) => below(t.id)),
    ]
    for (const { teamId, recommendedBudget } of recommended) {
      const members = new Set(below(teamId))
      const sum = employees
        .filter((e) => e.teamId != null && members.has(e.teamId))
        .reduce((s, e) => s + (rewards.get(e.id)?.hyperbalanceAnnualAllocatedBudget ?? 0), 0)
      expect(recommendedBudget).toBe(sum)
    }
  })

  it("makes the tile warning '{team}'s budget exceeds its recommended budget' reachable", async () => {
    const root = (await call<BudgetLevel>('budgets.level', { teamId: null, offset: 0, limit: 200 })).tiles[0]
    const down = await call<BudgetLevel>('budgets.level', { teamId: root.id, offset: 0, limit: 200 })
    const child = down.tiles.find(
      (t) =>
        t.memberCount > 2 &&
        t.recommendedBudget != null &&
        t.calculatedBudget != null &&
        t.recommendedBudget + 2 < t.calculatedBudget,
    ) as BudgetLevel['tiles'][number]
    expect(child).toBeDefined()
    await call('teams.setBudget', {
      teamId: child.id,
      budget: (child.recommendedBudget as number) + 1,
      currency: 'USD',
    })
    const after = await call<BudgetLevel>('budgets.level', { teamId: root.id, offset: 0, limit: 200 })
    const tile = after.tiles.find((t) => t.id === child.id)
    expect(tile?.status).toBe('warning-recommended')
    expect(tile?.warnings).toEqual([`${child.name}'s budget exceeds its recommended budget`])
    expect(tile?.statusTooltip).toBe('This may cause potential errors in HyperBalance Calculation')
    expect(after.root?.warnings).toContain('A child team exceeds its recommended budget')
    await call('teams.setBudget', { teamId: child.id, budget: null })
  })

  it("aboveBudgetExceeded measures a team without a budget against its allocated budgets: 'Total pay exceeds your budget.'", async () => {
    const teams = await call<TeamDto[]>('teams.list', {})
    const employees = await call<EmployeeDto[]>('employees.list', {})
    const rewards = await rewardsById()
    const leaf = teams.find(
      (t) =>
        t.budget === null &&
        !teams.some((u) => u.parentTeamId === t.id) &&
        employees.some((e) => e.teamId === t.id && e.salaried && e.defaultPayCurrency === 'USD'),
    ) as TeamDto
    const tile = (await call<BudgetLevel>('budgets.level', { teamId: leaf.id, offset: 0, limit: 1 })).root
    const given = tile?.givenBudget as number
    expect(given).toBe(tile?.allocatedBudget)
    const before = (await call<CheckReport>('checks.run', {})).teams.find((t) => t.name === leaf.name)
    expect(before?.violations.map((v) => v.message) ?? []).not.toContain('Total pay exceeds your budget.')

    const member = employees.find(
      (e) => e.teamId === leaf.id && e.salaried && e.defaultPayCurrency === 'USD',
    ) as EmployeeDto
    const planned = rewards.get(member.id)?.newSalary ?? member.currentSalary
    const over = given - (tile?.usedBudget as number) + 100_00
    await call('rewards.update', {
      updates: [{ employeeId: member.id, changes: { newSalary: planned + over } }],
    })
    const after = (await call<CheckReport>('checks.run', {})).teams.find((t) => t.name === leaf.name)
    expect(after?.violations.map((v) => v.message)).toContain('Total pay exceeds your budget.')
    await call('rewards.update', {
      updates: [{ employeeId: member.id, changes: { newSalary: rewards.get(member.id)?.newSalary ?? null } }],
    })
  })

  it('undo puts back every reward and the configuration as they were; redo writes the save again', async () => {
    const afterSave = await rewardsById()
    const undone = await call<RestoredMatrix>('matrix.restore', {
      changeLogId: saved.changeLogId,
      side: 'before',
    })
    expect(undone.config).toBeNull()
    const rewards = await rewardsById()
    for (const [id, demo] of demoRewards) {
      const r = rewards.get(id)
      expect([
        r?.recommendedIncrease,
        r?.recommendedIncreasePer,
        r?.hyperbalanceAnnualAllocatedBudget,
      ]).toEqual([
        demo.recommendedIncrease,
        demo.recommendedIncreasePer,
        demo.hyperbalanceAnnualAllocatedBudget,
      ])
    }
    expect((await call<MatrixConfigAnswer>('matrix.config', {})).hyperbalance_config).toBeNull()
    expect(
      (await call<BudgetLevel>('budgets.level', { teamId: null, offset: 0, limit: 1 })).distributionEnabled,
    ).toBe(false)

    const redone = await call<RestoredMatrix>('matrix.restore', {
      changeLogId: saved.changeLogId,
      side: 'after',
    })
    expect(redone.config?.desired_budget).toBe(half())
    const again = await rewardsById()
    for (const [id, r] of afterSave) {
      expect(again.get(id)?.hyperbalanceAnnualAllocatedBudget).toBe(r.hyperbalanceAnnualAllocatedBudget)
      expect(again.get(id)?.recommendedIncrease).toBe(r.recommendedIncrease)
    }
    expect(
      (await call<BudgetLevel>('budgets.level', { teamId: null, offset: 0, limit: 1 })).company
        .allocatedBudget,
    ).toBe(half())
  })

  it("each employee's reward history tells the save, its undo and its redo, with the values they gave", async () => {
    const now = await rewardsById()
    const [id, demo] = [...demoRewards].find(
      ([id, demo]) =>
        now.get(id)?.hyperbalanceAnnualAllocatedBudget !== demo.hyperbalanceAnnualAllocatedBudget,
    )!
    const history = (await call<RewardHistoryEntry[]>('rewards.history', { employeeId: id }))
      .filter((h) => h.source.startsWith('matrix'))
      .sort((a, b) => a.id - b.id)
    expect(history.map((h) => h.source)).toEqual(['matrix', 'matrix undo', 'matrix redo'])
    const allocated = history.map((h) => h.changes.allocatedBudget)
    const saved = now.get(id)!.hyperbalanceAnnualAllocatedBudget
    const before = demo.hyperbalanceAnnualAllocatedBudget
    expect(allocated).toEqual([
      { old: before, new: saved },
      { old: saved, new: before },
      { old: before, new: saved },
    ])
  })

  it('each save and undo is in the change history', async () => {
    const workbook = await openWorkbook(file, { readonly: true })
    try {
      const entries = workbook.sqlite
        .prepare("SELECT id, action, entity_id FROM change_log WHERE entity = 'hyperbalance' ORDER BY id")
        .all() as { id: number; action: string; entity_id: string }[]
      expect(entries.map((e) => e.action)).toEqual(['save', 'restore', 'restore'])
      expect(entries[0].id).toBe(saved.changeLogId)
    } finally {
      await workbook.close()
    }
    expect(await refusal('matrix.restore', { changeLogId: 999_999, side: 'before' })).toBe(
      'The change history has no matrix save with the entry 999999.',
    )
  })

  it('a budget saved after the matrix marks HyperBalance as changed until the matrix is saved again', async () => {
    const level = () => call<BudgetLevel>('budgets.level', { teamId: null, offset: 0, limit: 50 })
    const first = await level()
    expect(first.budgetsChanged).toBe(false)
    const team = first.tiles.find((t) => t.headcount > 2)!
    await call('teams.setBudget', { teamId: team.id, budget: 12_345_600 })
    expect((await level()).budgetsChanged).toBe(true)
    await call<SavedMatrix>('matrix.save', { ...sliders, desired_budget: half(), cell: null })
    expect((await level()).budgetsChanged).toBe(false)
  })
})

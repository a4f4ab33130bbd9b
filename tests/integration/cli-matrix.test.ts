import path from 'node:path'
import { POSITION_BANDS } from '../../src-shared/domain/merit-matrix'
import { openWorkbook } from '../../src-main/workbook/open'
import { cli } from '../support/cli'
import { tempDir } from '../support/temp'

const dir = tempDir()
const file = path.join(dir, 'matrix.paycycle')
const sliders = ['--perf-priority', '50', '--pir-priority', '50', '--max-pir', '1']

interface CliMatrix {
  calculated_hyperbalance_matrix: Record<string, string | number | null>[]
  hyperbalance_matrix: Record<string, string | number | null>[]
  current_count_matrix: Record<string, string | number | null>[]
  new_count_matrix: Record<string, string | number | null>[]
  cell_data: Record<string, string | number | null>[]
  budget_used: number
  desired_budget: number
  employees?: Record<string, unknown>[]
  saved?: { changeLogId: number; recommended: number; message: string }
}

async function stored() {
  const workbook = await openWorkbook(file, { readonly: true })
  try {
    const config = workbook.sqlite.prepare('SELECT config FROM hyperbalance_config').get() as
      { config: string } | undefined
    const { allocated } = workbook.sqlite
      .prepare('SELECT SUM(hyperbalance_annual_allocated_budget) AS allocated FROM reward')
      .get() as { allocated: number | null }
    return { config: config ? (JSON.parse(config.config) as Record<string, unknown>) : null, allocated }
  } finally {
    await workbook.close()
  }
}

let manager = ''

beforeAll(async () => {
  expect((await cli('new', file, '--demo', '200', '--seed', '2')).code).toBe(0)
  const users = await cli('users', file, 'list', '--json')
  const list = users.json[0] as { email: string; role: string }[]
  manager = list.find((u) => u.role === 'MANAGER')?.email ?? ''
  expect(manager).not.toBe('')
})

describe('cli matrix', () => {
  it("answers the spec's output fields, money in units of the default currency, and writes nothing", async () => {
    const before = await stored()
    const result = await cli('matrix', file, '--budget', '250,000', ...sliders, '--json')
    expect(result.code).toBe(0)
    const matrix = result.json[0] as CliMatrix
    for (const field of [
      'calculated_hyperbalance_matrix',
      'hyperbalance_matrix',
      'current_count_matrix',
      'new_count_matrix',
      'cell_data',
      'budget_used',
    ])
      expect(matrix).toHaveProperty(field)
    expect(matrix.budget_used).toBe(250_000)
    expect(matrix.desired_budget).toBe(250_000)
    expect(matrix.cell_data).toEqual([])
    expect(matrix.employees).toBeUndefined()
    expect(Object.keys(matrix.hyperbalance_matrix[0])).toEqual([
      'Performance Rating',
      ...POSITION_BANDS,
      'Percentage Increase',
    ])
    expect(await stored()).toEqual(before)
  })

  it('--cell lists the cell by name; --per-employee lists every placed employee as the issue names it', async () => {
    const result = await cli(
      'matrix',
      file,
      '--budget',
      '250000',
      ...sliders,
      '--cell',
      '2,2',
      '--per-employee',
      '--json',
    )
    expect(result.code).toBe(0)
    const matrix = result.json[0] as CliMatrix
    expect(matrix.cell_data.length).toBe(matrix.current_count_matrix[2]['0.2'])
    const names = matrix.cell_data.map((e) => String(e.employee_name))
    expect(names).toEqual([...names].sort())
    const employees = matrix.employees ?? []
    expect(employees.length).toBeGreaterThan(150)
    for (const e of employees)
      expect(Object.keys(e).sort()).toEqual(
        [
          'id',
          'rating',
          'currentPositionInRange',
          'newPositionInRange',
          'increase',
          'increasePercent',
        ].sort(),
      )
    // Increases in currency units adding up to the budget (to the cent).
    const cents = employees.reduce((sum, e) => sum + Math.round((e.increase as number) * 100), 0)
    expect(cents).toBe(250_000_00)
    const inCell = matrix.cell_data[0]
    const same = employees.find((e) => e.id === inCell.meritbook_employee_id)
    expect(same?.increase).toBe(inCell.recommended_pay_increase_dollar)
  })

  it('--save writes every recommendation and the configuration; budget --recommended then lists the allocations', async () => {
    const result = await cli('matrix', file, '--budget', '180000.50', ...sliders, '--save', '--json')
    expect(result.code).toBe(0)
    const matrix = result.json[0] as CliMatrix
    expect(matrix.budget_used).toBe(180_000.5)
    expect(matrix.saved?.message).toMatch(
      /^Saved the HyperBalance matrix: \$180,000\.50 of \$180,000\.50 recommended to \d+ employees\.$/,
    )
    const after = await stored()
    expect(after.allocated).toBe(180_000_50)
    expect(after.config).toMatchObject({
      performance_multiplier_priority: 50,
      position_in_range_priority: 50,
      max_position_in_range: 1,
      desired_budget: 180_000_50,
      budget_used: 180_000_50,
    })
    const budgets = await cli('budget', file, '--recommended', '--json')
    const teams = budgets.json[0] as { team: string; recommendedBudget: number }[]
    // The top team holds everyone but its manager: nearly all of the allocations.
    const top = Math.max(...teams.map((t) => t.recommendedBudget))
    expect(top).toBeLessThanOrEqual(180_000.5)
    expect(top).toBeGreaterThan(180_000.5 * 0.9)
  })

  it('prints the matrix as text without --json', async () => {
    const result = await cli('matrix', file, '--budget', '1000', ...sliders)
    expect(result.code).toBe(0)
    expect(result.text[0]).toMatch(/^Budget used \$1,000\.00 of \$1,000\.00\.\n/)
  })

  it.each([
    [['--perf-priority', '50', '--pir-priority', '50', '--max-pir', '1'], 'matrix needs --budget <value>.'],
    [['--budget', '10', '--pir-priority', '50', '--max-pir', '1'], 'matrix needs --perf-priority <value>.'],
    [
      ['--budget', 'lots', ...sliders],
      '--budget must be an amount such as 250000 or 250,000.50, not "lots".',
    ],
    [
      ['--budget', '10', '--perf-priority', '120', '--pir-priority', '50', '--max-pir', '1'],
      '--perf-priority must be a number from 0 to 100, not "120".',
    ],
    [
      ['--budget', '10', '--perf-priority', '50', '--pir-priority', '50', '--max-pir', '0.5'],
      '--max-pir must be a number from 1 to 5, not "0.5".',
    ],
    [['--budget', '10', ...sliders, '--cell', '2;3'], '--cell must be <row>,<col> counted from 0'],
    [['--budget', '10', ...sliders, '--cell', '2,11'], '--cell must be <row>,<col> counted from 0'],
  ])('refuses %j (exit 2)', async (args, message) => {
    const result = await cli('matrix', file, ...args, '--json')
    expect(result.code).toBe(2)
    expect(result.errors[0]).toContain(message)
  })

  it('is refused to a MANAGER (exit 1)', async () => {
    const result = await cli('matrix', file, '--budget', '10', ...sliders, '--as', manager, '--json')
    expect(result.code).toBe(1)
    expect(result.errors[0]).toBe('Your role (MANAGER) may not use matrix.calculate.')
  })
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { MatrixAnswer, SavedMatrix } from '../../src-shared/contract'
import {
  calculateMeritMatrix,
  POSITION_BANDS,
  type MatrixRequest,
} from '../../src-shared/domain/merit-matrix'
import { createDispatcher } from '../../src-main/ipc/dispatch'
import { matrixInputs } from '../../src-main/services/merit-matrix/inputs'
import { Session } from '../../src-main/services/session'
import { createDemoWorkbook } from '../../src-main/services/workbooks'
import { row, timed } from './measure'

/**
 * calculate-matrix at 1,000 and 100,000 employees, through the dispatcher as the workbook worker
 * runs it, as the OWNER, each next to one plain SQL read of the columns the engine needs for every
 * employee (employee, reward and pay range joined, better-sqlite3 raw rows: the floor any engine over
 * this file pays). Figures: the scan; the first matrix.calculate (builds the table model, shared
 * with the table); a slider move (a new request on the built model: the interactive path); a cell
 * click on the same sliders; the engine alone (calculateMeritMatrix on prepared rows); one
 * matrix.save. Medians of 5. Ends with `matrix ratios: vsScan=<x> scale=<y>`: the 100k slider move ÷
 * the 100k scan, and its time per employee at 100k ÷ at 1k.
 */
const RUNS = 5

const SCAN_SQL = `
  SELECT e.id, e.company_employee_id, e.name, e.current_salary, e.salaried, e.fte, e.default_pay_currency,
         e.hire_date, e.previous_increase_date, e.pay_cycle_id,
         r.performance_rating, r.performance_plan, r.previous_increase,
         p.min_pay, p.max_pay, p.pay_currency, p.salaried
  FROM employee e
  LEFT JOIN reward r ON r.employee_id = e.id
  LEFT JOIN job_profile j ON j.id = e.job_profile_id
  LEFT JOIN pay_range p ON p.id = j.pay_range_id`

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

async function must<T>(
  work: Promise<{ ok: true; value: unknown } | { ok: false; error: { message: string } }>,
): Promise<T> {
  const result = await work
  if (!result.ok) throw new Error(result.error.message)
  return result.value as T
}

function scanMs(file: string): { ms: number; rows: number } {
  const db = new Database(file, { readonly: true })
  try {
    const times: number[] = []
    let rows = 0
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now()
      rows = (db.prepare(SCAN_SQL).raw().all() as unknown[]).length
      times.push(performance.now() - started)
    }
    return { ms: median(times), rows }
  } finally {
    db.close()
  }
}

const sliders = (i: number) => ({
  performance_multiplier_priority: 40 + i * 5,
  position_in_range_priority: 60 - i * 5,
  max_position_in_range: 1 + i * 0.05,
  desired_budget: null,
  cell: null,
})

export async function matrixBench(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-bench-matrix-'))
  const moves = new Map<number, number>()
  const scans = new Map<number, number>()
  const colds = new Map<number, number>()
  try {
    for (const employees of [1_000, 100_000]) {
      const file = path.join(dir, `matrix-${employees}.paycycle`)
      await (await createDemoWorkbook(file, { employees, seed: 1 })).close()
      row(`matrix, ${employees.toLocaleString('en-US')} employees`, '')
      const scan = scanMs(file)
      row('  plain SQL read of the engine columns', `${scan.ms.toFixed(1)} ms (${scan.rows} rows)`)

      const session = new Session({
        mode: 'browser',
        version: 'bench',
        dataDir: dir,
        actAs: null,
        emit: () => {},
      })
      const dispatcher = createDispatcher(session, () => {})
      await must(dispatcher.dispatch('workbook.open', { path: file }))
      const first = await timed(() => must<MatrixAnswer>(dispatcher.dispatch('matrix.calculate', sliders(0))))
      row(
        '  matrix.calculate, first (builds the table model)',
        `${first.ms.toFixed(0)} ms, ${(JSON.stringify(first.value).length / 1024).toFixed(0)} KiB`,
      )
      const move: number[] = []
      for (let i = 1; i <= RUNS; i++)
        move.push((await timed(() => must(dispatcher.dispatch('matrix.calculate', sliders(i))))).ms)
      row('  matrix.calculate, a slider move', `${median(move).toFixed(1)} ms`)
      // The fullest cell of the middle rating.
      const counts = POSITION_BANDS.map((band) => first.value.current_count_matrix[2][band])
      const column = counts.indexOf(Math.max(...counts))
      const click: number[] = []
      let listed = 0
      for (let i = 0; i < RUNS; i++) {
        const cell = await timed(() =>
          must<MatrixAnswer>(
            dispatcher.dispatch('matrix.calculate', {
              ...sliders(RUNS),
              cell: { row: 2, column },
              cell_offset: 0,
              cell_limit: 5,
            }),
          ),
        )
        listed = cell.value.cell_total
        click.push(cell.ms)
      }
      row(
        `  matrix.calculate, a cell click (${listed} employees, a page of 5)`,
        `${median(click).toFixed(1)} ms`,
      )

      const model = await session.table.get(session.workbook as NonNullable<typeof session.workbook>)
      const { employees: inputs } = matrixInputs(model)
      const request: MatrixRequest = { ...sliders(2), desired_budget: first.value.desired_budget, cell: null }
      const engine: number[] = []
      for (let i = 0; i < RUNS; i++)
        engine.push((await timed(() => calculateMeritMatrix(inputs, model.payCycle.settings, request))).ms)
      row('  calculateMeritMatrix alone (rows prepared)', `${median(engine).toFixed(1)} ms`)

      const save = await timed(() => must<SavedMatrix>(dispatcher.dispatch('matrix.save', sliders(3))))
      row(
        '  matrix.save (every reward, one transaction)',
        `${save.ms.toFixed(0)} ms, ${save.value.recommended} recommendations, budget used ${save.value.matrix.budget_used === save.value.matrix.desired_budget ? '= desired' : '< desired'}`,
      )
      await session.close()
      moves.set(employees, median(move))
      scans.set(employees, scan.ms)
      colds.set(employees, first.ms)
    }
    const big = 100_000
    const small = 1_000
    const perEmployee = (times: Map<number, number>) =>
      (times.get(big) ?? 0) / big / ((times.get(small) ?? 1) / small)
    row(
      '  first calculate ÷ scan at 100k (model build included)',
      ((colds.get(big) ?? 0) / (scans.get(big) ?? 1)).toFixed(1),
    )
    console.log(
      `matrix ratios: vsScan=${((moves.get(big) ?? 0) / (scans.get(big) ?? 1)).toFixed(2)} scale=${perEmployee(moves).toFixed(2)}`,
    )
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

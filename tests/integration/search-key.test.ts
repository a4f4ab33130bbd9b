import Database from 'better-sqlite3'
import { demoFile } from '../support/demo-backend'
import { testBackend } from '../support/session'
import { queryTable } from '../support/table-query'

// Issue 39: one search key everywhere. "muller", "soren" and "jose" find Müller, Søren and José in
// the Compensation Table, the Statements picker and Users; Planner Status (and the org chart's move
// dialog, which asks it) finds a team by its name without accents.
const { dir, file } = demoFile('search-key', 120)
const renamed = ['Anna Müller', 'Søren Kierkegaard', 'José Ñúñez']
let teamId = 0

beforeAll(() => {
  const db = new Database(file)
  try {
    const ids = (
      db.prepare('SELECT id FROM employee ORDER BY id LIMIT 3 OFFSET 10').all() as { id: number }[]
    ).map((r) => r.id)
    ids.forEach((id, i) => db.prepare('UPDATE employee SET name = ? WHERE id = ?').run(renamed[i], id))
    teamId = (db.prepare('SELECT id FROM team ORDER BY id LIMIT 1 OFFSET 1').get() as { id: number }).id
    db.prepare('UPDATE team SET name = ? WHERE id = ?').run('Équipe Øresund', teamId)
  } finally {
    db.close()
  }
})

const { dispatcher } = testBackend(dir)
beforeAll(async () => {
  expect((await dispatcher.dispatch('workbook.open', { path: file })).ok).toBe(true)
})

const cases = [
  ['muller', 'Anna Müller'],
  ['soren', 'Søren Kierkegaard'],
  ['jose', 'José Ñúñez'],
  ['NUNEZ', 'José Ñúñez'],
] as const

describe('search folds case and accents (issue 39)', () => {
  it.each(cases)('the Compensation Table finds %s', async (typed, name) => {
    const page = await queryTable(dispatcher, { search: typed })
    expect(page.rows.map((r) => r.employeeName)).toContain(name)
  })

  it.each(cases)('the Statements picker finds %s', async (typed, name) => {
    const answer = await dispatcher.dispatch('statements.employees', {
      search: typed,
      teamId: null,
      offset: 0,
      limit: 25,
    })
    if (!answer.ok) throw new Error(answer.error.message)
    expect(answer.value.rows.map((r) => r.name)).toContain(name)
  })

  it.each(cases)('Users finds %s', async (typed, name) => {
    const answer = await dispatcher.dispatch('users.page', {
      search: typed,
      filter: 'all',
      offset: 0,
      limit: 25,
    })
    if (!answer.ok) throw new Error(answer.error.message)
    expect(answer.value.rows.map((r) => r.name)).toContain(name)
  })

  it('Planner Status finds a team by its name typed without accents', async () => {
    const answer = await dispatcher.dispatch('plannerStatus.find', { text: 'equipe oresund' })
    if (!answer.ok) throw new Error(answer.error.message)
    expect(answer.value.map((t) => t.id)).toEqual([teamId])
  })
})

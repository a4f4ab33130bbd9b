import { parse } from 'csv-parse/sync'
import fs from 'node:fs'
import path from 'node:path'
import type { ImportResult } from '../../src-shared/contract'
import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { SnapshotAssembler } from '../../src-shared/contract/company-snapshot-stream'
import { csvField } from '../../src-shared/domain/csv-format'
import { missingHeaderMessage } from '../../src-shared/domain/csv-headers'
import { openWorkbook } from '../../src-main/workbook/open'
import { readCompanySnapshot } from '../../src-main/workbook/queries/company-snapshot'
import { createCompany } from '../../src-server/routes/company'
import { cli } from '../support/cli'
import { tempDir } from '../support/temp'
import { clientOf, publishedDemo } from './company-fixture'
import { testServer } from './support'

const server = testServer()
const { signIn, call } = clientOf(server)
const dir = tempDir()
let file: string
let snapshot: CompanySnapshot
let owner: string
let manager: string
let globex: string
let exported: string[][]

const toCsv = (rows: readonly string[][]) => rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n'
const column = (name: string) => exported[0].indexOf(name)

beforeAll(async () => {
  ;({ file, snapshot, owner } = await publishedDemo(server, dir, {
    employees: 150,
    seed: 7,
    company: 'Acme',
  }))
  const out = path.join(dir, 'acme.csv')
  expect((await cli('export', file, out)).code).toBe(0)
  exported = parse(fs.readFileSync(out, 'utf8').replace(/^\uFEFF/, ''), {
    relax_column_count: true,
  }) as string[][]
  const managerUser = snapshot.users.find((u) => u.role === 'MANAGER' && u.employee_id !== null)
  manager = await signIn((managerUser as CompanySnapshot['users'][number]).email)
  await createCompany(server().context, {
    companyName: 'Globex',
    ownerEmail: 'owner@globex.test',
    ownerName: 'Globex Owner',
  })
  globex = await signIn('owner@globex.test')
})

/** JSON with object keys sorted, so that two companies compare row by row. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical)
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    )
  return value
}

describe('POST /import/data/', () => {
  it('imports what the desktop imports: the same counts, and the same company afterwards', async () => {
    const planned = new Set(snapshot.rewards.filter((r) => r.new_salary !== null).map((r) => r.employee_id))
    const codeOf = new Map(snapshot.employees.map((e) => [e.company_employee_id, e.id]))
    const rows = exported.map((r) => [...r])
    const pay = column('Current Base Pay (Country Currency)')
    const id = column('Employee Id')
    // A raise for someone with a plan (the plan is affected), and a new hire under a manager.
    const raised = rows.findIndex((r, i) => i > 0 && planned.has(codeOf.get(r[id]) as number))
    expect(raised).toBeGreaterThan(0)
    rows[raised][pay] = String(Number(rows[raised][pay].replace(/,/g, '')) + 5000)
    const hire = [...rows[raised]]
    hire[id] = 'NEW-0001'
    hire[column('Name')] = 'Noor Haddad'
    hire[column('Email')] = 'noor.haddad@example.test'
    rows.push(hire)
    const csv = toCsv(rows)

    const answer = await call(owner, 'POST', '/api/import/data/', { data: csv })
    expect(answer.statusCode).toBe(200)
    const csvFile = path.join(dir, 'changed.csv')
    fs.writeFileSync(csvFile, csv)
    const desktop = await cli('import', file, csvFile, '--json')
    expect(desktop.code).toBe(0)
    const expected = desktop.json[0] as ImportResult
    expect(answer.json()).toEqual({
      status: 'imported',
      rows: expected.rows,
      created: expected.created,
      updated: expected.updated,
      unchanged: expected.unchanged,
      plansAffected: expected.plansAffected,
      planMode: 'keep-percent',
    })
    expect(expected).toMatchObject({ created: 1, plansAffected: 1 })

    const workbook = await openWorkbook(file, { readonly: true })
    const after = readCompanySnapshot(workbook)
    await workbook.close()
    const joined = new SnapshotAssembler()
      .text((await call(owner, 'GET', '/api/company/snapshot/')).body)
      .finish()
    for (const key of ['employees', 'teams', 'rewards', 'payRanges', 'jobProfiles'] as const)
      expect(canonical(joined[key]), key).toEqual(canonical(after[key]))
    const history = (
      await call(owner, 'GET', `/api/employeerewards/history/${codeOf.get(rows[raised][id])}`)
    ).json<{ source: string }[]>()
    expect(history[0]).toMatchObject({ source: 'import' })
  })

  it('refuses a file with errors whole, listing each with its row, and a file without a required header', async () => {
    const before = (await call(owner, 'GET', '/api/employees/')).json<unknown[]>().length
    const rows = exported.map((r) => [...r])
    rows[2][column('Hire Date')] = 'someday'
    rows[3][column('Pay Currency')] = 'XXX'
    const refused = await call(owner, 'POST', '/api/import/data/', { data: toCsv(rows) })
    expect(refused.statusCode).toBe(400)
    const body = refused.json<{ detail: string; errors: { row: number; header: string; code: string }[] }>()
    expect(body.detail).toBe('The data has 2 errors; nothing was imported.')
    expect(body.errors.map((e) => [e.row, e.header])).toEqual([
      [2, 'Hire Date'],
      [3, 'Pay Currency'],
    ])
    const headerless = exported.map((r) => r.filter((_cell, i) => i !== column('Job Code')))
    const missing = await call(owner, 'POST', '/api/import/data/', { data: toCsv(headerless) })
    expect(missing.json()).toMatchObject({ detail: missingHeaderMessage('Job Code') })
    expect((await call(owner, 'POST', '/api/import/data/', { rows: [] })).statusCode).toBe(400)
    expect((await call(owner, 'GET', '/api/employees/')).json<unknown[]>()).toHaveLength(before)
  })

  it('is for admin roles; another company’s import never touches this one', async () => {
    expect(
      (await call(manager, 'POST', '/api/import/data/', { data: toCsv(exported) })).json(),
    ).toMatchObject({
      detail: 'Your role (MANAGER) may not import employees.',
    })
    const acmeBefore = (await call(owner, 'GET', '/api/employees/')).json<{ id: number; name: string }[]>()
    // Globex imports rows carrying Acme's Employee Ids: they become Globex's own employees.
    const rows = exported.slice(0, 11).map((r) => [...r])
    rows.forEach((r, i) => {
      if (i > 0) {
        r[column('Name')] = `Globex ${i}`
        r[column('Manager Employee Id')] = ''
      }
    })
    const imported = await call(globex, 'POST', '/api/import/data/', { data: toCsv(rows) })
    expect(imported.json()).toMatchObject({ status: 'imported', created: 10 })
    expect((await call(globex, 'GET', '/api/employees/')).json<unknown[]>()).toHaveLength(10)
    expect((await call(owner, 'GET', '/api/employees/')).json()).toEqual(acmeBefore)
  })
})

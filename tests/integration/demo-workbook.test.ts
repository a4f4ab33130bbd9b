import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import {
  generateDemoCompany,
  importCsvText,
  writeDemoCompany,
  writeImportCsv,
} from '../../src-main/workbook/demo'
import { openWorkbook } from '../../src-main/workbook/open'
import { tempDir } from '../support/temp'

const dir = tempDir('meritbook-demo-')
const model = generateDemoCompany({ employees: 2000, seed: 1 })

describe('writeDemoCompany', () => {
  it('writes a 2,000-employee company whose row counts match the model, with no broken foreign key', async () => {
    const file = path.join(dir, 'demo.paycycle')
    const workbook = await openWorkbook(file, { create: true })
    try {
      const written = writeDemoCompany(workbook, model)
      const expected = {
        role: 7,
        pay_cycle: 1,
        pay_range: model.payRanges.length,
        job_profile: model.jobProfiles.length,
        team: model.teams.length,
        employee: 2000,
        reward: 2000,
        app_user: model.users.length,
        company: 1,
        user_setting: model.userSettings.length,
        planner_submission: model.plannerSubmissions.length,
        reward_history: model.rewardHistory.length,
      }
      expect(written).toEqual(expected)
      for (const [table, rows] of Object.entries(expected)) {
        const { n } = workbook.sqlite.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }
        expect({ table, n }).toEqual({ table, n: rows })
      }
      expect(workbook.sqlite.pragma('foreign_key_check')).toEqual([])
      expect(workbook.sqlite.pragma('integrity_check', { simple: true })).toBe('ok')
    } finally {
      await workbook.close()
    }

    // Reopened, the data reads back through kysely as the model has it.
    const reopened = await openWorkbook(file)
    try {
      const company = await reopened.db.selectFrom('company').selectAll().executeTakeFirstOrThrow()
      const owner = await reopened.db
        .selectFrom('app_user')
        .innerJoin('role', 'role.id', 'app_user.role_id')
        .select(['app_user.email', 'role.name as role', 'app_user.employee_id'])
        .where('app_user.id', '=', company.owner_user_id)
        .executeTakeFirstOrThrow()
      expect(owner).toEqual({ email: model.ownerEmail, role: 'OWNER', employee_id: 1 })
      const roles = await reopened.db
        .selectFrom('role')
        .select(['name', 'name_display'])
        .orderBy('id')
        .execute()
      expect(roles.map((r) => r.name).sort()).toEqual([
        'ADMIN',
        'COMM_MANAGER',
        'EMPLOYEE',
        'MANAGER',
        'OWNER',
        'PLANNER',
        'SUPER_USER',
      ])
      for (const [role, email] of Object.entries(model.sampleUsers)) {
        const user = await reopened.db
          .selectFrom('app_user')
          .innerJoin('role', 'role.id', 'app_user.role_id')
          .select('role.name')
          .where('app_user.email', '=', email)
          .executeTakeFirstOrThrow()
        expect(user.name).toBe(role)
      }
      const cycle = await reopened.db.selectFrom('pay_cycle').selectAll().executeTakeFirstOrThrow()
      expect(cycle.active).toBe(1)
      expect(JSON.parse(cycle.currency_conversions)).toEqual(model.payCycle.currencyConversions)
      expect(JSON.parse(cycle.settings)).toEqual(model.payCycle.settings)
      const sample = model.employees[1234]
      const row = await reopened.db
        .selectFrom('employee')
        .selectAll()
        .where('id', '=', sample.id)
        .executeTakeFirstOrThrow()
      expect(row).toMatchObject({
        company_employee_id: sample.companyEmployeeId,
        name: sample.name,
        current_salary: sample.currentSalary,
        salaried: sample.salaried ? 1 : 0,
        team_id: sample.teamId,
        manager_id: sample.managerId,
        default_pay_currency: sample.payCurrency,
      })
      const root = await sql<{
        n: number
      }>`SELECT COUNT(*) AS n FROM team WHERE parent_team_id IS NULL`.execute(reopened.db)
      expect(root.rows[0].n).toBe(1)
    } finally {
      await reopened.close()
    }
  })

  it('refuses a workbook that already holds a company', async () => {
    const file = path.join(dir, 'twice.paycycle')
    const workbook = await openWorkbook(file, { create: true })
    try {
      const small = generateDemoCompany({ employees: 50 })
      writeDemoCompany(workbook, small)
      expect(() => writeDemoCompany(workbook, small)).toThrow(/empty workbook/)
      const { n } = workbook.sqlite.prepare('SELECT COUNT(*) AS n FROM employee').get() as { n: number }
      expect(n).toBe(50)
    } finally {
      await workbook.close()
    }
  })
})

describe('writeImportCsv', () => {
  it('writes the company to a CSV file, byte for byte the same as the in-memory text', async () => {
    const file = path.join(dir, 'demo.csv')
    await writeImportCsv(model, file)
    expect(fs.readFileSync(file, 'utf8')).toBe(importCsvText(model))
  })
})

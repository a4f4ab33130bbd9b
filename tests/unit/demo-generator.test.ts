import path from 'node:path'
import { PassThrough } from 'node:stream'
import { finished } from 'node:stream/promises'
import { CURRENCY_CODES } from '../../src-shared/domain/currencies'
import { IMPORT_COLUMNS, IMPORT_HEADERS } from '../../src-shared/domain/import-format'
import { ROLES } from '../../src-shared/domain/roles'
import { CSV_EOL, csvField, plainMoney } from '../../src-shared/domain/csv-format'
import {
  DEMO_COMPANY_DOMAIN,
  generateDemoCompany,
  importCsvText,
  ratingLabel,
  writeImportCsv,
  type DemoCompanyModel,
} from '../../src-main/workbook/demo'
import { parseCsv, parseListName, titleCase, fullName } from '../../src-main/workbook/demo/names'

// Every 100th row of the City of Chicago open-data list (../shared/data), kept in the repo so CI has it.
const CHICAGO = path.join(__dirname, '../fixtures/chicago-employees-sample.csv')

const model500 = generateDemoCompany({ employees: 500, seed: 1 })
const model5000 = generateDemoCompany({ employees: 5000, seed: 7 })

/** Levels of the team tree, walked through parent_team_id (the root team is level 1). */
function teamTreeDepth(model: DemoCompanyModel): number {
  const byId = new Map(model.teams.map((t) => [t.id, t]))
  let deepest = 0
  for (const team of model.teams) {
    let depth = 1
    for (let t = team; t.parentTeamId !== null; t = byId.get(t.parentTeamId)!) depth++
    deepest = Math.max(deepest, depth)
  }
  return deepest
}

describe('the import format', () => {
  it('lists the spec headers verbatim, in the spec order, without the required marks', () => {
    expect(IMPORT_HEADERS).toEqual([
      'Employee Id',
      'Name',
      'Preferred name',
      'Email',
      'Manager Employee Id',
      'Planner',
      'Current Base Pay (Country Currency)',
      'Pay Currency',
      'Salaried',
      'Hire Date',
      'Employment Status',
      'Performance Rating',
      'Promotion',
      'New Job code',
      'Date of last increase',
      'Reason for last increase',
      'Gender',
      'Race',
      'Age',
      'Job Code',
      'Job Profile',
      'Job Title',
      'Job Family',
      'Job Family group',
      'Exemption Status',
      'Pay Range Name',
      'Min Pay',
      'Mid Pay',
      'Max Pay',
    ])
    const required = IMPORT_COLUMNS.filter((c) => c.required).map((c) => c.field)
    expect(required).toEqual([
      'employeeId',
      'employeeName',
      'payCurrency',
      'salaried',
      'hireDate',
      'jobCode',
      'payRangeName',
    ])
    const byField = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.field, c]))
    expect(byField.payCurrency).toMatchObject({ type: 'currency', default: 'USD' })
    expect(byField.salaried).toMatchObject({ type: 'boolean', default: true })
    expect(byField.performanceRating).toMatchObject({ type: 'number', default: 1 })
    expect(byField.exemptionStatus).toMatchObject({ type: 'boolean', default: false })
    expect(byField.email.type).toBe('email')
    expect(byField.age.type).toBe('number')
  })
})

describe('generateDemoCompany', () => {
  it('is deterministic: the same seed gives the same model and CSV, another seed a different one', () => {
    const again = generateDemoCompany({ employees: 500, seed: 1 })
    expect(JSON.stringify(again)).toBe(JSON.stringify(model500))
    expect(importCsvText(again)).toBe(importCsvText(model500))
    const other = generateDemoCompany({ employees: 500, seed: 2 })
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(model500))
    expect(importCsvText(other)).not.toBe(importCsvText(model500))
  })

  it('never reads the clock or Math.random', () => {
    const random = vi.spyOn(Math, 'random')
    const now = vi.spyOn(Date, 'now')
    try {
      generateDemoCompany({ employees: 200, seed: 3 })
      expect(random).not.toHaveBeenCalled()
      expect(now).not.toHaveBeenCalled()
    } finally {
      random.mockRestore()
      now.mockRestore()
    }
  })

  it('builds the requested number of employees', () => {
    expect(model500.employees).toHaveLength(500)
    expect(model5000.employees).toHaveLength(5000)
    expect(generateDemoCompany({ employees: 1 }).employees).toHaveLength(1)
  })

  it('has a team tree 4 to 6 levels deep', () => {
    for (const model of [model500, model5000]) {
      const depth = teamTreeDepth(model)
      expect(depth).toBeGreaterThanOrEqual(4)
      expect(depth).toBeLessThanOrEqual(6)
    }
  })

  it('gives everyone but the CEO a manager, and managers spans of about 4 to 10', () => {
    for (const model of [model500, model5000]) {
      const withoutManager = model.employees.filter((e) => e.managerId === null)
      expect(withoutManager.map((e) => e.id)).toEqual([1])
      const spans = new Map<number, number>()
      for (const e of model.employees)
        if (e.managerId !== null) spans.set(e.managerId, (spans.get(e.managerId) ?? 0) + 1)
      const values = [...spans.values()]
      const mean = values.reduce((a, b) => a + b, 0) / values.length
      expect(mean).toBeGreaterThanOrEqual(4)
      expect(mean).toBeLessThanOrEqual(10)
      expect(Math.max(...values)).toBeLessThanOrEqual(10)
    }
  })

  it('gives every manager one team named "{name}\'s Team", holding their reports, under their own team', () => {
    for (const model of [model500, model5000]) {
      const employees = new Map(model.employees.map((e) => [e.id, e]))
      const teamOfManager = new Map(model.teams.map((t) => [t.managerId, t]))
      const managers = new Set(
        model.employees.map((e) => e.managerId).filter((id): id is number => id !== null),
      )
      expect(teamOfManager.size).toBe(model.teams.length)
      expect(managers.size).toBe(model.teams.length)
      for (const managerId of managers) {
        const manager = employees.get(managerId)!
        const team = teamOfManager.get(managerId)!
        expect(team.name).toBe(`${manager.name}'s Team`)
        expect(team.plannerId).toBe(managerId)
        expect(manager.managedTeamId).toBe(team.id)
        expect(team.parentTeamId).toBe(manager.teamId)
      }
      for (const e of model.employees) {
        if (e.managerId === null) expect(e.teamId).toBeNull()
        else expect(e.teamId).toBe(teamOfManager.get(e.managerId)!.id)
      }
      expect(model.teams.filter((t) => t.parentTeamId === null).map((t) => t.managerId)).toEqual([1])
      // Parents come before children and managers before their reports (the writer relies on it).
      for (const t of model.teams) if (t.parentTeamId !== null) expect(t.parentTeamId).toBeLessThan(t.id)
      for (const e of model.employees) if (e.managerId !== null) expect(e.managerId).toBeLessThan(e.id)
    }
  })

  it('has users in every role, with sample e-mails per role and the owner at owner@domain', () => {
    for (const model of [model500, model5000]) {
      expect(new Set(model.users.map((u) => u.role))).toEqual(new Set(ROLES))
      expect(model.ownerEmail).toBe(`owner@${DEMO_COMPANY_DOMAIN}`)
      for (const role of ROLES) {
        const user = model.users.find((u) => u.email === model.sampleUsers[role])
        expect(user?.role).toBe(role)
      }
      const emails = model.users.map((u) => u.email.toLowerCase())
      expect(new Set(emails).size).toBe(emails.length)
      const linked = model.users.map((u) => u.employeeId).filter((id) => id !== null)
      expect(new Set(linked).size).toBe(linked.length)
      // Every team manager signs in, as MANAGER or with a stronger role.
      const withUser = new Set(linked)
      for (const team of model.teams) expect(withUser.has(team.managerId)).toBe(true)
      expect(model.users.filter((u) => u.role === 'PLANNER').length).toBeGreaterThanOrEqual(1)
    }
  })

  it('pays salaried and hourly staff in several currencies, in exact cents, within sensible ranges', () => {
    for (const model of [model500, model5000]) {
      const hourly = model.employees.filter((e) => !e.salaried)
      expect(hourly.length).toBeGreaterThan(0)
      expect(hourly.length / model.employees.length).toBeGreaterThan(0.1)
      expect(hourly.length / model.employees.length).toBeLessThan(0.35)
      const ranges = new Map(model.payRanges.map((r) => [r.id, r]))
      const profiles = new Map(model.jobProfiles.map((p) => [p.id, p]))
      for (const e of model.employees) {
        const range = ranges.get(profiles.get(e.jobProfileId)!.payRangeId)!
        expect(range.salaried).toBe(e.salaried)
        expect(range.payCurrency).toBe(e.payCurrency)
        expect(Number.isInteger(e.currentSalary)).toBe(true)
        expect(e.currentSalary).toBeGreaterThan(0)
        expect(range.minPay).toBeLessThan(range.midPay)
        expect(range.midPay).toBeLessThan(range.maxPay)
        if (!e.salaried) expect(e.currentSalary).toBeLessThan(range.maxPay * 2)
      }
      const currencies = new Set(model.employees.map((e) => e.payCurrency))
      expect(currencies.size).toBeGreaterThanOrEqual(4)
      expect(currencies.has('USD')).toBe(true)
      const usd = model.employees.filter((e) => e.payCurrency === 'USD').length
      expect(usd / model.employees.length).toBeGreaterThan(0.5)
      const conversions = model.payCycle.currencyConversions
      expect(Object.keys(conversions)[0]).toBe('USD')
      expect(conversions.USD).toBe(1)
      for (const code of currencies) expect(conversions[code]).toBeGreaterThan(0)
      for (const code of Object.keys(conversions)) expect(CURRENCY_CODES).toContain(code)
    }
  })

  it('sets up an active pay cycle with ratings, proration and violation settings', () => {
    const cycle = model500.payCycle
    expect(cycle.active).toBe(true)
    expect(cycle.defaultCurrency).toBe('USD')
    expect(Number.isInteger(cycle.companyMeritBudget)).toBe(true)
    expect(cycle.companyMeritBudget).toBeGreaterThan(0)
    const { settings } = cycle
    expect(settings.performanceRatings.length).toBeGreaterThanOrEqual(4)
    const last = settings.performanceRatings.at(-1)!
    expect(last.max_rating).toBe(settings.performanceRatings.at(-2)!.max_rating)
    expect(settings.prorationRules).toContainEqual(
      expect.objectContaining({ proration_value: 'hire_date', comparison: '>=', prorate_amount: 100 }),
    )
    expect(settings.prorationRules).toContainEqual(
      expect.objectContaining({ comparison: 'between', prorate_amount: 50 }),
    )
    expect(Object.keys(settings.plannerViolations).sort()).toEqual([
      'aboveBudgetExceeded',
      'newSalaryIsAboveMaximumOfPayRange',
      'newSalaryIsBelowMinimumOfPayRange',
      'subPlannerNotSubmitted',
    ])
  })

  it('rates everyone 1 to 5 with matching labels; a few are on a plan, recently raised or have planned rewards', () => {
    const employees = model5000.employees
    for (const e of employees) {
      const rating = e.reward.performanceRating!
      expect(rating).toBeGreaterThanOrEqual(1)
      expect(rating).toBeLessThanOrEqual(5)
      expect(e.reward.performanceRatingLabel).toBe(ratingLabel(rating))
    }
    expect(employees.some((e) => e.reward.performancePlan)).toBe(true)
    expect(employees.some((e) => e.previousIncreaseDate !== null)).toBe(true)
    expect(employees.some((e) => e.previousIncreaseDate === null)).toBe(true)
    const planned = employees.filter((e) => e.reward.newSalary !== null)
    expect(planned.length).toBeGreaterThan(0)
    expect(planned.length / employees.length).toBeLessThan(0.1)
    for (const e of planned) expect(e.reward.newSalary!).toBeGreaterThanOrEqual(e.currentSalary)
    expect(employees.some((e) => e.reward.promotion && e.reward.newJobProfileId !== null)).toBe(true)
    expect(model5000.rewardHistory.length).toBeGreaterThan(0)
    const demographics = (pick: (e: (typeof employees)[number]) => unknown) =>
      employees.some((e) => pick(e) === null)
    expect(demographics((e) => e.gender) && demographics((e) => e.race) && demographics((e) => e.age)).toBe(
      true,
    )
  })
})

describe('names', () => {
  it('maps "LAST, FIRST M" list names to "First M Last", keeping apostrophes and suffixes', () => {
    expect(fullName(parseListName('HOWE III, GEORGE'))).toBe('George Howe III')
    expect(fullName(parseListName('BRADLEY JR, SAM'))).toBe('Sam Bradley Jr')
    expect(fullName(parseListName("O'DONNELL, BRIAN J"))).toBe("Brian J O'Donnell")
    expect(fullName(parseListName('MCGUIRE, JOSHUA J'))).toBe('Joshua J McGuire')
    expect(fullName(parseListName('MACON-IRISH, AUTUMN'))).toBe('Autumn Macon-Irish')
    expect(parseListName('TSANG, KA LING (PEGGY)')).toMatchObject({
      first: 'Ka',
      last: 'Tsang',
      preferred: 'Peggy',
    })
    expect(titleCase('POLICE OFFICER (ASSIGNED AS DETECTIVE)')).toBe('Police Officer (Assigned as Detective)')
  })

  it('uses real names and titles from the Chicago list only when asked', () => {
    const model = generateDemoCompany({ employees: 300, seed: 1, namesFile: CHICAGO })
    const again = generateDemoCompany({ employees: 300, seed: 1, namesFile: CHICAGO })
    expect(JSON.stringify(again)).toBe(JSON.stringify(model))
    for (const e of model.employees) {
      expect(e.name).not.toMatch(/,/)
      expect(e.name).not.toBe(e.name.toUpperCase())
    }
    expect(model.employees.map((e) => e.name)).not.toEqual(
      model500.employees.slice(0, 300).map((e) => e.name),
    )
  })
})

describe('the import CSV', () => {
  const text = importCsvText(model500)
  const records = parseCsv(text)

  it('starts with the import-format headers and has one row per employee', () => {
    expect(text.split(CSV_EOL)[0]).toBe(IMPORT_HEADERS.join(','))
    expect(records).toHaveLength(model500.employees.length + 1)
    for (const record of records) expect(record).toHaveLength(IMPORT_HEADERS.length)
  })

  it('writes canonical values: true/false, ISO dates, plain money in units, upper-case currencies', () => {
    const column = (header: string) => IMPORT_HEADERS.indexOf(header as (typeof IMPORT_HEADERS)[number])
    const rows = records.slice(1)
    for (const row of rows) {
      expect(row[column('Salaried')]).toMatch(/^(true|false)$/)
      expect(row[column('Promotion')]).toMatch(/^(true|false)$/)
      expect(row[column('Hire Date')]).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(row[column('Pay Currency')]).toMatch(/^[A-Z]{3}$/)
      for (const money of ['Current Base Pay (Country Currency)', 'Min Pay', 'Mid Pay', 'Max Pay']) {
        expect(row[column(money)]).toMatch(/^\d+(\.\d{1,2})?$/)
      }
    }
    const ceo = rows[0]
    const e = model500.employees[0]
    expect(ceo[column('Employee Id')]).toBe(e.companyEmployeeId)
    expect(ceo[column('Current Base Pay (Country Currency)')]).toBe(plainMoney(e.currentSalary))
    expect(rows[1][column('Manager Employee Id')]).toBe(model500.employees[0].companyEmployeeId)
    expect(rows.some((r) => r[column('Job Title')].includes(','))).toBe(true)
  })

  it('quotes fields per RFC 4180 and formats money exactly', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('Director, Sales')).toBe('"Director, Sales"')
    expect(csvField('the "Atlas" launch')).toBe('"the ""Atlas"" launch"')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(plainMoney(12345)).toBe('123.45')
    expect(plainMoney(12340)).toBe('123.4')
    expect(plainMoney(1200)).toBe('12')
    expect(plainMoney(5)).toBe('0.05')
    expect(plainMoney(-250)).toBe('-2.5')
  })

  it('streams the same bytes to a writable', async () => {
    const sink = new PassThrough()
    const chunks: Buffer[] = []
    sink.on('data', (chunk: Buffer) => chunks.push(chunk))
    await writeImportCsv(model500, sink)
    sink.end()
    await finished(sink)
    expect(Buffer.concat(chunks).toString('utf8')).toBe(text)
  })
})

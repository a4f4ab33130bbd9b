import { CsvError, parse as parseCsv } from 'csv-parse/sync'
import type { FastifyInstance } from 'fastify'
import { sql, type Transaction } from 'kysely'
import { z } from 'zod'
import { text } from '../../src-shared/contract/text'
import type { ImportError, ImportOutcome } from '../../src-shared/contract'
import {
  DUPLICATE_HEADER,
  MISSING_REQUIRED_HEADER,
  duplicateHeaderMessage,
  matchHeaders,
  missingHeaderMessage,
} from '../../src-shared/domain/csv-headers'
import { IMPORT_COLUMNS, type ImportRow } from '../../src-shared/domain/import-format'
import { placeImportedPeople } from '../../src-shared/domain/import-placement'
import { validateRows } from '../../src-shared/domain/import-validation'
import {
  DEFAULT_PLAN_MODE,
  PLAN_MODES,
  type PlanMode,
  type PlanRules,
} from '../../src-shared/domain/reimport'
import {
  classifyRows,
  outcomeOf,
  planWrites,
  type StoredImportEmployee,
} from '../../src-shared/domain/reimport-classification'
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings'
import type { ServerContext } from '../context'
import type { FeedWaiters } from '../sync/feed-waiters'
import { recordCompanyChange } from '../sync/changes'
import { insertRows } from '../db/bulk-insert'
import type { ServerDatabase } from '../db/schema'
import { callerOf, type Caller } from '../http/context'
import { errorBody } from '../http/errors'
import { currentCycle } from '../planning/company-plan'
import { logChange } from '../db/change-log'

type Trx = Transaction<ServerDatabase>

/** POST /import/data/: `data` is the CSV text of the import format (what Export writes). */
const importSchema = z
  .object({
    data: text().min(1, 'data: the CSV text is empty.'),
    /** What becomes of affected plans (the desktop's default keeps their increase percent). */
    plans: z.enum(PLAN_MODES as [PlanMode, ...PlanMode[]]).optional(),
  })
  .strict()

const ERRORS_ANSWERED = 200

const fileError = (code: string, message: string, header = ''): ImportError => ({
  row: 0,
  header,
  id: '',
  code,
  message,
  consistencyKey: null,
})

/**
 * The CSV's rows aligned with IMPORT_COLUMNS, read as the desktop reads a file: csv-parse with the
 * desktop's options (csv-records.ts), a BOM, CRLF or LF, headers matched ignoring case and spaces,
 * unknown headers dropped, lines of empty fields skipped.
 */
function readCsvText(text: string): { ok: true; rows: string[][] } | { ok: false; errors: ImportError[] } {
  let records: string[][]
  try {
    records = parseCsv(text.replace(/^\uFEFF/, ''), {
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
      record_delimiter: ['\r\n', '\n'],
    }) as string[][]
  } catch (error) {
    const message = error instanceof CsvError ? error.message : String(error)
    return { ok: false, errors: [fileError('NotCsv', `The data is not CSV: ${message}`)] }
  }
  const [header, ...body] = records
  if (!header) return { ok: false, errors: [fileError('NotCsv', 'The data has no header line.')] }
  const { columns, missingRequired, duplicated } = matchHeaders(header, IMPORT_COLUMNS)
  if (missingRequired.length > 0 || duplicated.length > 0)
    return {
      ok: false,
      errors: [
        ...missingRequired.map((h) => fileError(MISSING_REQUIRED_HEADER, missingHeaderMessage(h), h)),
        ...duplicated.map(({ header: h, columns: at }) =>
          fileError(DUPLICATE_HEADER, duplicateHeaderMessage(h, at), h),
        ),
      ],
    }
  const positions = IMPORT_COLUMNS.map((column) => columns.get(column.header) ?? -1)
  const rows: string[][] = []
  for (const record of body) {
    if (record.every((cell) => cell === '')) continue
    rows.push(positions.map((at) => (at >= 0 ? (record[at] ?? '') : '')))
  }
  return { ok: true, rows }
}

/** Every employee of the company in the import's terms, with their plan (as the desktop's import-stored.ts). */
async function storedEmployees(trx: Trx, companyId: number): Promise<Map<string, StoredImportEmployee>> {
  const { rows } = await sql<{
    id: number
    fte: number | null
    employee_id: string
    name: string
    preferred_name: string | null
    email: string | null
    manager_code: string | null
    planner_code: string | null
    current_salary: number
    default_pay_currency: string
    salaried: boolean
    hire_date: string | null
    employment_status: string | null
    performance_rating: number | null
    promotion: boolean | null
    new_job_code: string | null
    previous_increase_date: string | null
    reason_for_last_increase: string | null
    gender: string | null
    race: string | null
    age: number | null
    job_code: string | null
    job_profile: string | null
    job_title: string | null
    job_family: string | null
    job_family_group: string | null
    exemption_status: boolean | null
    range_name: string | null
    min_pay: number | null
    mid_pay: number | null
    max_pay: number | null
    new_salary: number | null
    lump_sum: number | null
    new_dollar_bonus: number | null
    new_percent_bonus: number | null
    performance_plan: boolean | null
    previous_increase: string | null
  }>`
    SELECT e.id, e.fte, e.company_employee_id AS employee_id, e.name, e.preferred_name, e.email,
      m.company_employee_id AS manager_code, p.company_employee_id AS planner_code, e.current_salary,
      e.default_pay_currency, e.salaried, e.hire_date, e.employment_status, r.performance_rating, r.promotion,
      nj.job_code AS new_job_code, e.previous_increase_date, e.reason_for_last_increase, e.gender, e.race, e.age,
      j.job_code, j.job_profile, e.job_title, j.job_family, j.job_family_group, j.exemption_status,
      pr.name AS range_name, pr.min_pay, pr.mid_pay, pr.max_pay, r.new_salary, r.lump_sum, r.new_dollar_bonus,
      r.new_percent_bonus, r.performance_plan, r.previous_increase
    FROM employee e
    LEFT JOIN employee m ON m.company_id = e.company_id AND m.id = e.manager_id
    LEFT JOIN employee p ON p.company_id = e.company_id AND p.id = e.planner_id
    LEFT JOIN reward r ON r.company_id = e.company_id AND r.employee_id = e.id
    LEFT JOIN job_profile nj ON nj.company_id = e.company_id AND nj.id = r.new_job_profile_id
    LEFT JOIN job_profile j ON j.company_id = e.company_id AND j.id = e.job_profile_id
    LEFT JOIN pay_range pr ON pr.company_id = e.company_id AND pr.id = j.pay_range_id
    WHERE e.company_id = ${companyId}`.execute(trx)
  const byId = new Map<string, StoredImportEmployee>()
  for (const r of rows) {
    const values: ImportRow = {
      employeeId: r.employee_id,
      employeeName: r.name,
      preferredName: r.preferred_name,
      email: r.email,
      managerEmployeeId: r.manager_code,
      planner: r.planner_code,
      currentBasePay: r.current_salary,
      payCurrency: r.default_pay_currency as ImportRow['payCurrency'],
      salaried: r.salaried,
      hireDate: r.hire_date,
      employmentStatus: r.employment_status,
      performanceRating: r.performance_rating,
      promotion: r.promotion ?? false,
      newJobCode: r.new_job_code,
      dateOfLastIncrease: r.previous_increase_date,
      reasonForLastIncrease: r.reason_for_last_increase,
      gender: r.gender,
      race: r.race,
      age: r.age,
      jobCode: r.job_code,
      jobProfile: r.job_profile,
      jobTitle: r.job_title,
      jobFamily: r.job_family,
      jobFamilyGroup: r.job_family_group,
      exemptionStatus: r.exemption_status ?? false,
      payRangeName: r.range_name,
      minPay: r.min_pay,
      midPay: r.mid_pay,
      maxPay: r.max_pay,
    }
    byId.set(r.employee_id, {
      id: r.id,
      fte: r.fte,
      values,
      plan: {
        newSalary: r.new_salary,
        lumpSum: r.lump_sum,
        newDollarBonus: r.new_dollar_bonus,
        newPercentBonus: r.new_percent_bonus,
        performancePlan: r.performance_plan ?? false,
        previousIncrease: r.previous_increase,
      },
    })
  }
  return byId
}

/**
 * Writes a validated import in the caller's transaction, as the desktop's import-write.ts does:
 * pay ranges by name, job profiles by job code, employees by Employee Id, rewards (rating,
 * promotion, new job profile), a team per manager (import-placement.ts), and the affected plans.
 */
async function writeImport(
  trx: Trx,
  who: Caller,
  rows: readonly ImportRow[],
  payCycleId: number | null,
  plans: ReturnType<typeof planWrites>,
): Promise<void> {
  const c = who.companyId
  const ranges = await trx
    .selectFrom('pay_range')
    .select(['id', 'name'])
    .where('company_id', '=', c)
    .orderBy('id')
    .execute()
  const rangeIds = new Map<string, number>()
  for (const r of ranges) if (!rangeIds.has(r.name)) rangeIds.set(r.name, r.id)
  let nextRange = ranges.reduce((max, r) => Math.max(max, r.id), 0) + 1
  const rangeRows = new Map<string, object>()
  for (const r of rows) {
    if (!r.payRangeName || rangeRows.has(r.payRangeName)) continue
    let id = rangeIds.get(r.payRangeName)
    if (id === undefined) rangeIds.set(r.payRangeName, (id = nextRange++))
    rangeRows.set(r.payRangeName, {
      id,
      name: r.payRangeName,
      min_pay: r.minPay ?? 0,
      mid_pay: r.midPay ?? 0,
      max_pay: r.maxPay ?? 0,
      pay_currency: r.payCurrency ?? 'USD',
      salaried: r.salaried ?? false,
    })
  }
  const rangeColumns = ['name', 'min_pay', 'mid_pay', 'max_pay', 'pay_currency', 'salaried']
  await insertRows(
    trx,
    'pay_range',
    c,
    {
      id: 'bigint',
      name: 'text',
      min_pay: 'bigint',
      mid_pay: 'bigint',
      max_pay: 'bigint',
      pay_currency: 'text',
      salaried: 'boolean',
    },
    [...rangeRows.values()],
    { columns: ['company_id', 'id'], update: rangeColumns },
  )

  const profiles = await trx
    .selectFrom('job_profile')
    .select(['id', 'job_code'])
    .where('company_id', '=', c)
    .execute()
  const profileIds = new Map(profiles.map((p) => [p.job_code, p.id]))
  let nextProfile = profiles.reduce((max, p) => Math.max(max, p.id), 0) + 1
  const profileRows = new Map<string, object>()
  for (const r of rows) {
    if (!r.jobCode || profileRows.has(r.jobCode)) continue
    let id = profileIds.get(r.jobCode)
    if (id === undefined) profileIds.set(r.jobCode, (id = nextProfile++))
    profileRows.set(r.jobCode, {
      id,
      job_code: r.jobCode,
      job_profile: r.jobProfile,
      job_family: r.jobFamily,
      job_family_group: r.jobFamilyGroup,
      exemption_status: r.exemptionStatus ?? false,
      pay_range_id: rangeIds.get(r.payRangeName ?? '') ?? null,
    })
  }
  await insertRows(
    trx,
    'job_profile',
    c,
    {
      id: 'bigint',
      job_code: 'text',
      job_profile: 'text',
      job_family: 'text',
      job_family_group: 'text',
      exemption_status: 'boolean',
      pay_range_id: 'bigint',
    },
    [...profileRows.values()],
    {
      columns: ['company_id', 'id'],
      update: ['job_profile', 'job_family', 'job_family_group', 'exemption_status', 'pay_range_id'],
    },
  )

  const stored = await trx
    .selectFrom('employee')
    .select(['id', 'company_employee_id as code', 'name', 'manager_id as managerId', 'team_id as teamId'])
    .where('company_id', '=', c)
    .execute()
  const teams = await trx
    .selectFrom('team')
    .select(['id', 'manager_id as managerId', 'parent_team_id as parentTeamId'])
    .where('company_id', '=', c)
    .orderBy('id')
    .execute()
  const people = placeImportedPeople(stored, teams, rows)
  const employeeColumns = {
    id: 'bigint',
    company_employee_id: 'text',
    name: 'text',
    preferred_name: 'text',
    email: 'text',
    job_title: 'text',
    job_profile_id: 'bigint',
    salaried: 'boolean',
    hire_date: 'date',
    current_salary: 'bigint',
    default_pay_currency: 'text',
    gender: 'text',
    race: 'text',
    age: 'float8',
    employment_status: 'text',
    previous_increase_date: 'date',
    reason_for_last_increase: 'text',
    pay_cycle_id: 'bigint',
    manager_id: 'bigint',
    planner_id: 'bigint',
    team_id: 'bigint',
  } as const
  await insertRows(
    trx,
    'employee',
    c,
    employeeColumns,
    rows.map((r, index) => ({
      id: people.ids[index],
      company_employee_id: r.employeeId,
      name: r.employeeName,
      preferred_name: r.preferredName,
      email: r.email,
      job_title: r.jobTitle,
      job_profile_id: profileIds.get(r.jobCode ?? '') ?? null,
      salaried: r.salaried ?? false,
      hire_date: r.hireDate,
      current_salary: r.currentBasePay ?? 0,
      default_pay_currency: r.payCurrency ?? 'USD',
      gender: r.gender,
      race: r.race,
      age: r.age,
      employment_status: r.employmentStatus ?? 'Active',
      previous_increase_date: r.dateOfLastIncrease,
      reason_for_last_increase: r.reasonForLastIncrease ?? '',
      pay_cycle_id: payCycleId,
      manager_id: people.managerIds[index],
      planner_id: people.idOf(r.planner),
      team_id: people.teamOfManager(people.managerIds[index]),
    })),
    { columns: ['company_id', 'id'], update: Object.keys(employeeColumns).filter((k) => k !== 'id') },
  )
  await insertRows(
    trx,
    'reward',
    c,
    {
      employee_id: 'bigint',
      performance_rating: 'float8',
      promotion: 'boolean',
      new_job_profile_id: 'bigint',
    },
    rows.map((r, index) => ({
      employee_id: people.ids[index],
      performance_rating: r.performanceRating,
      promotion: r.promotion ?? false,
      new_job_profile_id: r.newJobCode ? (profileIds.get(r.newJobCode) ?? null) : null,
    })),
    {
      columns: ['company_id', 'employee_id'],
      update: ['performance_rating', 'promotion', 'new_job_profile_id'],
    },
  )
  for (const move of people.keptMoves)
    await trx
      .updateTable('employee')
      .set({ team_id: move.teamId })
      .where('company_id', '=', c)
      .where('id', '=', move.id)
      .execute()
  await insertRows(
    trx,
    'team',
    c,
    { id: 'bigint', name: 'text', manager_id: 'bigint', planner_id: 'bigint', parent_team_id: 'bigint' },
    people.newTeams.map((t) => ({
      ...t,
      manager_id: t.managerId,
      planner_id: t.managerId,
      parent_team_id: t.parentTeamId,
    })),
  )
  for (const move of people.teamMoves)
    await trx
      .updateTable('team')
      .set({ parent_team_id: move.parentTeamId })
      .where('company_id', '=', c)
      .where('id', '=', move.id)
      .execute()
  for (const plan of plans) {
    const { newSalary, lumpSum, newDollarBonus, newPercentBonus } = plan.amounts
    await trx
      .updateTable('reward')
      .set({
        new_salary: newSalary,
        lump_sum: lumpSum,
        new_dollar_bonus: newDollarBonus,
        new_percent_bonus: newPercentBonus,
        updated_at: sql`now()`,
      })
      .where('company_id', '=', c)
      .where('employee_id', '=', plan.id)
      .execute()
    await trx
      .insertInto('reward_history')
      .values({
        company_id: c,
        employee_id: plan.id,
        user_id: who.userId,
        source: 'import',
        changes: JSON.stringify(plan.changes),
      })
      .execute()
  }
}

/**
 * POST /import/data/: the desktop's employee import on the server. The CSV is checked with the
 * desktop's rules (every row's values, then across rows, against the company's employees and job
 * codes); a file with any error is refused whole with its errors. Otherwise one transaction writes
 * it as the desktop would, affected plans included (`plans`, keep-percent by default). Admin roles.
 */
export function importRoutes(app: FastifyInstance, context: ServerContext, waiters: FeedWaiters): void {
  const { db } = context
  app.post(
    '/api/import/data/',
    // The route guard checks the caller before the (large) body is read.
    { bodyLimit: 256 * 1024 * 1024 },
    async (request, reply) => {
      const who = await callerOf(request, context)
      const body = importSchema.parse(request.body)
      const read = readCsvText(body.data)
      if (!read.ok)
        return reply.status(400).send({ ...errorBody(read.errors[0].message), errors: read.errors })
      const c = who.companyId
      const keys = async () => ({
        existingEmployeeIds: new Set(
          (
            await db
              .selectFrom('employee')
              .select('company_employee_id')
              .where('company_id', '=', c)
              .execute()
          ).map((e) => e.company_employee_id),
        ),
        existingJobCodes: new Set(
          (await db.selectFrom('job_profile').select('job_code').where('company_id', '=', c).execute()).map(
            (j) => j.job_code,
          ),
        ),
      })
      const validation = validateRows(read.rows, await keys())
      if (validation.errors.length > 0)
        return reply.status(400).send({
          ...errorBody(`The data has ${validation.errors.length} errors; nothing was imported.`),
          errors: validation.errors.slice(0, ERRORS_ANSWERED),
        })
      const values = validation.values as ImportRow[]
      const mode = body.plans ?? DEFAULT_PLAN_MODE
      const outcome: ImportOutcome = await db.transaction().execute(async (trx) => {
        // Imports of one company one at a time: the ids they take are the company's next ones.
        await sql`SELECT pg_advisory_xact_lock(${c})`.execute(trx)
        const cycle = await currentCycle(trx, c)
        const rules: PlanRules = {
          settings: cycle?.settings ?? DEFAULT_SETTINGS,
          currency: {
            defaultCurrency: cycle?.defaultCurrency ?? 'USD',
            rates: cycle?.currencyConversions ?? {},
          },
        }
        const stored = await storedEmployees(trx, c)
        const classification = classifyRows(validation, stored, rules)
        const plans = planWrites(classification, values, stored, rules, () => mode)
        await writeImport(trx, who, values, cycle?.id ?? null, plans)
        await logChange(trx, who, {
          entity: 'import',
          entityId: null,
          action: 'import',
          oldValue: null,
          newValue: { rows: values.length, ...outcomeOf(classification, mode) },
        })
        // One change for the whole import (a replica does not follow it row by row: docs/sync.md).
        await recordCompanyChange(trx, who, 'import', null, {
          rows: values.length,
          ...outcomeOf(classification, mode),
        })
        return outcomeOf(classification, mode)
      })
      waiters.notify(c)
      await sql`ANALYZE employee, reward, team`.execute(db)
      return { status: 'imported', rows: values.length, ...outcome }
    },
  )
}

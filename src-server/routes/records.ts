import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { EmployeeRecordDto, EmployeeUpdateResult } from '../../src-shared/contract'
import { parseEmployeePut, type EmployeePut } from '../../src-shared/contract/rest/employees'
import {
  describeRecordChanges,
  EMPLOYEE_FIELDS,
  parseRecordChanges,
  recordTexts,
  type EmployeeField,
  type RecordValue,
} from '../../src-shared/domain/company-records'
import type { ServerContext } from '../context'
import type { FeedWaiters } from '../sync/feed-waiters'
import { keepUnchangedKey, keyUsed, recordCompanyChange } from '../sync/changes'
import { pushKeyOf } from '../sync/push-keys'
import { answerFeedPosition } from '../http/feed-position'
import type { ServerDb } from '../db/connect'
import type { EmployeeTable } from '../db/schema'
import { callerOf } from '../http/context'
import { HttpError } from '../http/errors'
import { logChange } from '../db/change-log'

const idParam = (params: unknown) =>
  z.coerce
    .number()
    .int()
    .positive()
    .parse((params as { id: string }).id)

/** The record's editable fields (company-records.ts) and the columns that hold them. */
const COLUMN = {
  name: 'name',
  preferredName: 'preferred_name',
  email: 'email',
  jobTitle: 'job_title',
  hireDate: 'hire_date',
  currentSalary: 'current_salary',
  currentPercentBonus: 'current_percent_bonus',
  currentDollarBonus: 'current_dollar_bonus',
  payCurrency: 'default_pay_currency',
  salaried: 'salaried',
  fte: 'fte',
  gender: 'gender',
  race: 'race',
  age: 'age',
} as const satisfies Record<Exclude<EmployeeField, 'jobCode'>, keyof EmployeeTable>

type EmployeeValues = Record<EmployeeField, RecordValue>

async function readRecord(db: ServerDb, companyId: number, employeeId: number) {
  const row = await db
    .selectFrom('employee as e')
    .leftJoin('job_profile as j', (join) =>
      join.onRef('j.company_id', '=', 'e.company_id').onRef('j.id', '=', 'e.job_profile_id'),
    )
    .leftJoin('team as t', (join) =>
      join.onRef('t.company_id', '=', 'e.company_id').onRef('t.id', '=', 'e.team_id'),
    )
    .leftJoin('employee as m', (join) =>
      join.onRef('m.company_id', '=', 'e.company_id').onRef('m.id', '=', 'e.manager_id'),
    )
    .selectAll('e')
    .select(['j.job_code', 't.name as team_name', 'm.name as manager_name'])
    .where('e.company_id', '=', companyId)
    .where('e.id', '=', employeeId)
    .executeTakeFirst()
  if (!row) return null
  const values = { jobCode: row.job_code } as EmployeeValues
  for (const [field, column] of Object.entries(COLUMN) as [keyof typeof COLUMN, keyof EmployeeTable][])
    values[field] = row[column] as RecordValue
  return { row, values }
}

function toRecordDto(found: NonNullable<Awaited<ReturnType<typeof readRecord>>>): EmployeeRecordDto {
  return {
    id: found.row.id,
    companyEmployeeId: found.row.company_employee_id,
    teamName: found.row.team_name,
    managerName: found.row.manager_name,
    values: recordTexts(EMPLOYEE_FIELDS, found.values),
  }
}

/** JSON as GET answers it (dates as text), for comparing a column sent back with the stored one. */
const asJson = (value: unknown) =>
  JSON.stringify(value instanceof Date ? value.toISOString() : (value ?? null))

/**
 * The snake_case row's changes as the record's text changes: its job profile by id becomes the
 * profile's job code; any other column must come back as stored (those change through their own calls).
 */
async function rowChanges(
  db: ServerDb,
  companyId: number,
  stored: Record<string, unknown>,
  put: Extract<EmployeePut, { kind: 'row' }>,
): Promise<Partial<Record<EmployeeField, string>>> {
  for (const [column, value] of Object.entries(put.others)) {
    if (!(column in stored) || column === 'company_id')
      throw new HttpError(400, `${column}: not a field of an employee.`)
    if (asJson(stored[column]) !== asJson(value))
      throw new HttpError(400, `${column}: this call does not change it (it is ${asJson(stored[column])}).`)
  }
  if (put.jobProfileId === undefined) return put.changes
  if (put.jobProfileId === null) throw new HttpError(400, 'job_profile_id: Job Code is required.')
  const profile = await db
    .selectFrom('job_profile')
    .select('job_code')
    .where('company_id', '=', companyId)
    .where('id', '=', put.jobProfileId)
    .executeTakeFirst()
  if (!profile) throw new HttpError(400, `job_profile_id: no job profile has the id ${put.jobProfileId}.`)
  return { ...put.changes, jobCode: profile.job_code }
}

/**
 * PUT /employees/{id}/: an employee's admin-view fields as text (the contract's `employees.update`
 * changes) or as the snake_case row GET /employees/ answers (issue 38), parsed with the import's rules; one change-log entry with the values before and after.
 * DELETE /employees/{id}/: the employee, their reward, history and submissions; teams, reports and
 * the user who pointed at them are unlinked; the change log keeps what was removed. Admin roles, as
 * on the desktop.
 */
export function recordRoutes(app: FastifyInstance, context: ServerContext, waiters: FeedWaiters): void {
  const { db } = context

  app.put('/api/employees/:id/', async (request, reply): Promise<EmployeeUpdateResult> => {
    const who = await callerOf(request, context)
    const employeeId = idParam(request.params)
    const put = parseEmployeePut(request.body)
    const key = pushKeyOf(request, who)
    const found = await readRecord(db, who.companyId, employeeId)
    if (!found) throw new HttpError(404, `No employee has the id ${employeeId}.`)
    const input = put.kind === 'text' ? put.changes : await rowChanges(db, who.companyId, found.row, put)
    const used = key ? await keyUsed(db, who.companyId, key) : null
    if (used) {
      // A replica's push replayed (its answer was lost): the record as it is, nothing applied again.
      void reply.header('idempotent-replay', 'true')
      answerFeedPosition(reply, used.seq)
      return { record: toRecordDto(found), before: {}, message: 'Nothing changed.' }
    }
    const where = `${String(found.values.name)} (${found.row.company_employee_id})`
    const parsed = parseRecordChanges(EMPLOYEE_FIELDS, found.values, input)
    if (!parsed.ok) throw new HttpError(400, `${where}: ${parsed.errors.join('; ')}`)
    const changes = parsed.changes
    let jobProfileId: number | undefined
    if (changes.jobCode !== undefined) {
      const profile = await db
        .selectFrom('job_profile')
        .select('id')
        .where('company_id', '=', who.companyId)
        .where('job_code', '=', String(changes.jobCode))
        .executeTakeFirst()
      if (!profile)
        throw new HttpError(400, `${where}: Job Code "${String(changes.jobCode)}" names no job profile`)
      jobProfileId = profile.id
    }
    const { before, after } = describeRecordChanges(EMPLOYEE_FIELDS, found.values, changes)
    if (Object.keys(after).length === 0) {
      await keepUnchangedKey(db, who.companyId, key)
      answerFeedPosition(reply, null)
      return { record: toRecordDto(found), before: {}, message: 'Nothing changed.' }
    }
    const set: Record<string, unknown> = {}
    for (const [field, value] of Object.entries(changes) as [EmployeeField, RecordValue][])
      if (field !== 'jobCode') set[COLUMN[field]] = value
    if (jobProfileId !== undefined) set.job_profile_id = jobProfileId
    const seq = await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('employee')
        .set(set)
        .where('company_id', '=', who.companyId)
        .where('id', '=', employeeId)
        .execute()
      await logChange(trx, who, {
        entity: 'employee',
        entityId: employeeId,
        action: 'update',
        oldValue: before,
        newValue: after,
      })
      return recordCompanyChange(trx, who, 'employee', employeeId, set, [found.row.team_id], key)
    })
    waiters.notify(who.companyId)
    answerFeedPosition(reply, seq)
    const labels = Object.keys(after).map((f) => EMPLOYEE_FIELDS[f as EmployeeField].label)
    const saved = await readRecord(db, who.companyId, employeeId)
    if (!saved) throw new HttpError(404, `No employee has the id ${employeeId}.`)
    return {
      record: toRecordDto(saved),
      before,
      message: `Saved ${labels.join(', ')} of ${String(found.values.name)}`,
    }
  })

  app.delete('/api/employees/:id/', async (request) => {
    const who = await callerOf(request, context)
    const employeeId = idParam(request.params)
    if (who.employeeId === employeeId) throw new HttpError(403, 'You cannot delete your own employee record.')
    const c = who.companyId
    const answer = await db.transaction().execute(async (trx) => {
      const employee = await trx
        .selectFrom('employee')
        .selectAll()
        .where('company_id', '=', c)
        .where('id', '=', employeeId)
        .forUpdate()
        .executeTakeFirst()
      if (!employee) throw new HttpError(404, `No employee has the id ${employeeId}.`)
      const reward = await trx
        .selectFrom('reward')
        .selectAll()
        .where('company_id', '=', c)
        .where('employee_id', '=', employeeId)
        .executeTakeFirst()
      const unlink = async (
        table: 'team' | 'employee',
        column: 'manager_id' | 'planner_id',
      ): Promise<number[]> =>
        (
          await trx
            .updateTable(table)
            .set({ [column]: null })
            .where('company_id', '=', c)
            .where(column, '=', employeeId)
            .returning('id')
            .execute()
        ).map((r) => r.id)
      const snapshot = {
        employee,
        reward: reward ?? null,
        managedTeamIds: await unlink('team', 'manager_id'),
        plannedTeamIds: await unlink('team', 'planner_id'),
        reportIds: await unlink('employee', 'manager_id'),
        plannedEmployeeIds: await unlink('employee', 'planner_id'),
        userIds: (
          await trx
            .updateTable('app_user')
            .set({ employee_id: null })
            .where('company_id', '=', c)
            .where('employee_id', '=', employeeId)
            .returning('id')
            .execute()
        ).map((u) => u.id),
      }
      await trx.deleteFrom('employee').where('company_id', '=', c).where('id', '=', employeeId).execute()
      const logId = await logChange(trx, who, {
        entity: 'employee',
        entityId: employeeId,
        action: 'delete',
        oldValue: snapshot,
        newValue: null,
      })
      // What the removal unlinked, so a replica can do the same.
      const unlinked = {
        managed_team_ids: snapshot.managedTeamIds,
        planned_team_ids: snapshot.plannedTeamIds,
        report_ids: snapshot.reportIds,
        planned_employee_ids: snapshot.plannedEmployeeIds,
        user_ids: snapshot.userIds,
      }
      await recordCompanyChange(trx, who, 'employee.deleted', employeeId, unlinked, [employee.team_id])
      return {
        change_log_id: logId,
        message: `Deleted ${employee.name} (${employee.company_employee_id}); their history is kept in the change history.`,
      }
    })
    waiters.notify(c)
    return answer
  })
}

import type { Transaction } from 'kysely'
import type { TeamDto } from '../../../src-shared/contract'
import type { Workbook } from '../open'
import type { WorkbookDatabase } from '../schema'
import { toTeamDto } from './planning'

export async function findTeamsByName(workbook: Workbook, name: string): Promise<TeamDto[]> {
  const rows = await workbook.db
    .selectFrom('team')
    .selectAll()
    .where('name', '=', name)
    .orderBy('id')
    .execute()
  return rows.map(toTeamDto)
}

export async function findTeam(workbook: Workbook, id: number): Promise<TeamDto | null> {
  const row = await workbook.db.selectFrom('team').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toTeamDto(row) : null
}

export async function countTeamMembers(workbook: Workbook, teamId: number): Promise<number> {
  const row = await workbook.db
    .selectFrom('employee')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('team_id', '=', teamId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function saveTeamBudget(
  trx: Transaction<WorkbookDatabase>,
  teamId: number,
  budget: number | null,
  currency: string | null,
): Promise<void> {
  await trx.updateTable('team').set({ budget, budget_currency: currency }).where('id', '=', teamId).execute()
}

import path from 'node:path'
import type { WorkbookSummary } from '../../../src-shared/contract'
import type { Workbook } from '../open'

export async function countRows(
  workbook: Workbook,
  table: 'employee' | 'team' | 'pay_range' | 'job_profile' | 'app_user',
): Promise<number> {
  const row = await workbook.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function workbookSummary(workbook: Workbook): Promise<WorkbookSummary> {
  const company = await workbook.db.selectFrom('company').select('name').executeTakeFirst()
  return {
    path: workbook.path,
    fileName: path.basename(workbook.path),
    companyName: company?.name ?? path.basename(workbook.path, path.extname(workbook.path)),
    schemaVersion: workbook.schemaVersion,
    employees: await countRows(workbook, 'employee'),
  }
}

export async function activePayCycleName(workbook: Workbook): Promise<string | null> {
  const row = await workbook.db
    .selectFrom('pay_cycle')
    .select('name')
    .where('active', '=', 1)
    .executeTakeFirst()
  return row?.name ?? null
}

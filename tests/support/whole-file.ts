import fs from 'node:fs'
import path from 'node:path'
import { openWorkbook } from '../../src-main/workbook/open'
import { companyContent, sha256Digest } from '../../src-main/workbook/queries/company-content'

/** What lies beside a workbook: its WAL's size (null: none) and whether a lock is left. */
export function besideFile(file: string): { wal: number | null; lock: boolean } {
  const wal = fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : null
  return { wal, lock: fs.existsSync(`${file}.lock`) }
}

/** Copies the `.paycycle` file ALONE (no -wal, no -shm) into a fresh folder under `dir`. */
export function copyAlone(file: string, dir: string): string {
  const into = fs.mkdtempSync(path.join(dir, 'copy-'))
  const copy = path.join(into, path.basename(file))
  fs.copyFileSync(file, copy)
  return copy
}

/**
 * A workbook's content hash (company-content.ts): a copy opened as the app opens a file, or
 * (`live`) a workbook another connection holds open, read with its WAL.
 */
export async function contentOf(file: string, live = false): Promise<string> {
  const workbook = await openWorkbook(file, { readonly: live })
  try {
    return companyContent(workbook.sqlite, sha256Digest)
  } finally {
    await workbook.close()
  }
}

/** A reward's comments in a workbook file, as the copy holds them. */
export async function commentsIn(file: string, employeeId: number): Promise<string | null> {
  const workbook = await openWorkbook(file, { readonly: true })
  try {
    const row = await workbook.db
      .selectFrom('reward')
      .select('comments')
      .where('employee_id', '=', employeeId)
      .executeTakeFirst()
    return row?.comments ?? null
  } finally {
    await workbook.close()
  }
}

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Failure } from '../services/failure'
import { saveWorkbookCopy } from '../services/save-copy'
import { createDemoWorkbook, createWorkbook } from '../services/workbooks'
import { generateDemoCompany, writeImportCsv } from '../workbook/demo'
import { WorkbookError } from '../workbook/errors'
import { openWorkbook, type Workbook } from '../workbook/open'
import { findUserByEmail } from '../workbook/queries/admin'
import { activePayCycleName, countRows, workbookSummary } from '../workbook/queries/summary'
import type { ProgressStream } from './import-progress'
import { UsageError, integer, positiveInteger } from './usage'

export type Flags = Record<string, string | string[] | boolean | undefined>
export interface Output {
  json(value: unknown): void
  text(line: string): void
  /** stderr, for progress (an import's `--progress` lines or its bar on a terminal). */
  progress?: ProgressStream
}

const str = (flags: Flags, name: string): string | undefined => {
  const value = flags[name]
  if (value === true) throw new UsageError(`--${name} needs a value.`)
  return typeof value === 'string' ? value : undefined
}

export async function newCommand(file: string, flags: Flags, out: Output): Promise<void> {
  const demo = str(flags, 'demo')
  let workbook
  if (demo !== undefined) {
    workbook = await createDemoWorkbook(file, {
      employees: positiveInteger(demo, '--demo', 500),
      seed: integer(str(flags, 'seed'), '--seed', 1),
    })
  } else {
    const user = os.userInfo().username
    workbook = await createWorkbook(file, {
      companyName: str(flags, 'company') ?? path.basename(file, path.extname(file)),
      ownerName: str(flags, 'owner-name') ?? user,
      ownerEmail: str(flags, 'owner-email') ?? `${user}@localhost`,
    })
  }
  try {
    const summary = await workbookSummary(workbook)
    if (flags.json) out.json(summary)
    else out.text(`Created ${summary.path} (${summary.companyName}, ${summary.employees} employees).`)
  } finally {
    await workbook.close()
  }
}

export async function infoCommand(file: string, flags: Flags, out: Output): Promise<void> {
  const workbook = await openWorkbook(path.resolve(file), { readonly: true })
  try {
    const actAs = str(flags, 'as')
    if (actAs && !(await findUserByEmail(workbook, actAs))) {
      throw new Failure('NOT_FOUND', `${path.basename(file)} has no user with the email ${actAs}.`)
    }
    const info = {
      schemaVersion: workbook.schemaVersion,
      employees: await countRows(workbook, 'employee'),
      teams: await countRows(workbook, 'team'),
      payRanges: await countRows(workbook, 'pay_range'),
      activePayCycle: await activePayCycleName(workbook),
    }
    if (flags.json) out.json(info)
    else
      out.text(
        Object.entries(info)
          .map(([k, v]) => `${k}: ${String(v)}`)
          .join('\n'),
      )
  } finally {
    await workbook.close()
  }
}

export async function demoCsvCommand(file: string, flags: Flags, out: Output): Promise<void> {
  const employees = str(flags, 'employees')
  if (employees === undefined) throw new UsageError('demo-csv needs --employees <N>.')
  const target = path.resolve(file)
  if (!fs.existsSync(path.dirname(target))) {
    throw new Failure('FILE_NOT_FOUND', `The folder ${path.dirname(target)} does not exist.`)
  }
  const model = generateDemoCompany({
    employees: positiveInteger(employees, '--employees', 500),
    seed: integer(str(flags, 'seed'), '--seed', 1),
  })
  await writeImportCsv(model, target)
  if (flags.json) out.json({ path: target, employees: model.employees.length })
  else out.text(`Wrote ${model.employees.length} employees to ${target}.`)
}

/**
 * Save a copy. The file is opened as any command opens it (checked, migrated, locked); one another
 * Meritbook holds open is read as committed instead, without its lock.
 */
export async function copyCommand(file: string, target: string, flags: Flags, out: Output): Promise<void> {
  const source = path.resolve(file)
  let workbook: Workbook
  try {
    workbook = await openWorkbook(source)
  } catch (error) {
    if (!(error instanceof WorkbookError && error.code === 'WORKBOOK_LOCKED')) throw error
    workbook = await openWorkbook(source, { readonly: true })
  }
  try {
    const copy = await saveWorkbookCopy(source, target, { replace: flags.replace === true })
    if (flags.json) out.json({ path: copy.path, bytes: copy.bytes })
    else
      out.text(
        `Saved a copy of ${path.basename(source)} as ${copy.path} (${copy.bytes.toLocaleString('en-US')} bytes).`,
      )
  } finally {
    await workbook.close()
  }
}

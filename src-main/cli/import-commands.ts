import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { EventPayloads, ImportError, ImportOutcome, ImportResult } from '../../src-shared/contract'
import { WINDOWS_1252_NOTE } from '../../src-shared/domain/import-format'
import {
  DEFAULT_PLAN_MODE,
  PLAN_MODES,
  PLAN_MODE_LABELS,
  type PlanMode,
} from '../../src-shared/domain/reimport'
import { Failure } from '../services/failure'
import { createWorkbook } from '../services/workbooks'
import type { Flags, Output } from './commands'
import { importProgress, progressMode } from './import-progress'
import { UsageError } from './usage'
import { openCliSession } from './workbook-session'

const asFlag = (flags: Flags) => (typeof flags.as === 'string' ? flags.as : undefined)

const rowError = ({ row, header, id, code, message }: ImportError) => ({ row, header, id, code, message })

/** How many errors the text answer lists; --json gives them all. */
const LISTED_ERRORS = 20

/**
 * The text answer: the count line, then the errors as 'row 2, Email (E2): Invalid email format'
 * (a refused file: its reason), at most LISTED_ERRORS of them.
 */
function importReport(result: ImportResult): string[] {
  const count = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`
  const lines = [
    `${result.status}: ${result.imported.toLocaleString('en-US')} of ${count(result.rows, 'row')} imported, ${count(result.errors.length, 'error')}.`,
  ]
  if (result.status === 'imported') {
    lines.push(
      `  ${result.created.toLocaleString('en-US')} new, ${result.updated.toLocaleString('en-US')} updated, ${result.unchanged.toLocaleString('en-US')} unchanged.`,
    )
    if (result.plansAffected > 0)
      lines.push(
        `  ${count(result.plansAffected, 'plan')} affected by changed pay, currency, pay range, eligibility or name: ${PLAN_MODE_LABELS[result.planMode].toLowerCase()}.`,
      )
  }
  if (result.warnings.length > 0) lines.push(`  ${count(result.warnings.length, 'warning')}:`)
  for (const w of result.warnings.slice(0, LISTED_ERRORS))
    lines.push(`  row ${w.row}, ${w.header}${w.id ? ` (${w.id})` : ''}: ${w.message}`)
  for (const e of result.errors.slice(0, LISTED_ERRORS)) {
    const where =
      e.row > 0 ? `row ${e.row}${e.header ? `, ${e.header}` : ''}${e.id ? ` (${e.id})` : ''}: ` : ''
    lines.push(`  ${where}${e.message}`)
  }
  if (result.errors.length > LISTED_ERRORS)
    lines.push(
      `  … and ${(result.errors.length - LISTED_ERRORS).toLocaleString('en-US')} more (--json lists them all).`,
    )
  return lines
}

function planModeFlag(flags: Flags): PlanMode {
  const value = flags.plans
  if (value === undefined) return DEFAULT_PLAN_MODE
  if (typeof value === 'string' && (PLAN_MODES as readonly string[]).includes(value)) return value as PlanMode
  throw new UsageError(`--plans must be one of ${PLAN_MODES.join(', ')}.`)
}

/** The workbook a CLI import writes into; created (owned by the OS user) when missing. */
async function ensureWorkbook(file: string): Promise<void> {
  if (fs.existsSync(file)) return
  const user = os.userInfo().username
  const workbook = await createWorkbook(file, {
    companyName: path.basename(file, path.extname(file)),
    ownerName: user,
    ownerEmail: `${user}@localhost`,
  })
  await workbook.close()
}

/**
 * `import <file> <employees.csv>`: all-or-nothing. Exit 0 when imported; 1 when invalid or aborted
 * (nothing written); 2 on usage or file errors.
 */
export async function importCommand(
  file: string,
  flags: Flags,
  out: Output,
  csvFile: string,
): Promise<number> {
  if (!fs.existsSync(csvFile) || !fs.statSync(csvFile).isFile()) {
    throw new Failure('FILE_NOT_FOUND', `${csvFile} does not exist.`)
  }
  const planMode = planModeFlag(flags)
  await ensureWorkbook(file)
  const progress = importProgress(progressMode(flags.progress === true, out.progress), out.progress)
  const session = await openCliSession(file, asFlag(flags), (event, payload) => {
    if (event !== 'task.progress') return
    const { task, step } = payload as EventPayloads['task.progress']
    if (task === 'import' && step) progress.step(step)
  })
  const nothing: Omit<ImportOutcome, 'planMode'> = { created: 0, updated: 0, unchanged: 0, plansAffected: 0 }
  let result: ImportResult
  let notUtf8: string[]
  try {
    const { importId } = await session.call('import.start', { path: path.resolve(csvFile) })
    const read = await session.importSettled(importId)
    notUtf8 = read.batches.filter((b) => b.encoding !== 'UTF-8').map((b) => b.fileName)
    if (read.phase === 'aborted') {
      result = {
        status: 'aborted',
        rows: read.rows,
        imported: 0,
        ...nothing,
        planMode,
        errors: read.abortReason ? [rowError(read.abortReason)] : [],
        warnings: [],
      }
    } else if (read.errorCount > 0) {
      const page = await session.call('import.rows', { importId, onlyErrors: true, offset: 0, limit: 5000 })
      const errors = page.rows.flatMap((r) => r.errors.map(rowError))
      result = {
        status: 'invalid',
        rows: read.rows,
        imported: 0,
        ...nothing,
        planMode,
        errors,
        warnings: read.warnings,
      }
    } else {
      await session.call('import.choosePlan', { importId, mode: planMode })
      const committed = await session.call('import.commit', { importId })
      const outcome = committed.outcome ?? { ...nothing, planMode }
      result = {
        status: 'imported',
        rows: committed.rows,
        imported: committed.imported,
        ...outcome,
        errors: [],
        warnings: read.warnings,
      }
    }
  } finally {
    progress.end()
    await session.close()
  }
  if (flags.json) out.json(result)
  else {
    for (const line of importReport(result)) out.text(line)
    for (const name of notUtf8) out.text(`${name} is ${WINDOWS_1252_NOTE}.`)
  }
  return result.status === 'imported' ? 0 : 1
}

export async function exportCommand(file: string, flags: Flags, out: Output, csvFile: string): Promise<void> {
  const target = path.resolve(csvFile)
  if (!fs.existsSync(path.dirname(target)))
    throw new Failure('FILE_NOT_FOUND', `The folder ${path.dirname(target)} does not exist.`)
  const session = await openCliSession(file, asFlag(flags))
  try {
    const written = await session.call('company.export', { path: target })
    if (flags.json) out.json(written)
    else out.text(`Wrote ${written.rows} employees to ${written.path}.`)
  } finally {
    await session.close()
  }
}

import fs from 'node:fs'
import path from 'node:path'
import { writeWorkbookCopy } from '../workbook/copy'
import { liveLockOwner } from '../workbook/lock'
import { Failure } from './failure'
import { withWorkbookExtension } from './workbooks'

export interface WorkbookCopyOptions {
  /** Replace a file already at the target (a save dialog asked); default false. */
  replace?: boolean
}

export interface WrittenCopy {
  path: string
  name: string
  bytes: number
}

function sameFile(a: string, b: string): boolean {
  if (a === b) return true
  try {
    const [one, two] = [fs.statSync(a), fs.statSync(b)]
    return one.dev === two.dev && one.ino === two.ino
  } catch {
    return false
  }
}

/**
 * Save a copy: the workbook at `source`, as committed, written whole to `requested` (`.paycycle` added
 * when left out). Refuses the source itself, a missing folder, an existing file unless `replace`, and
 * a file another Meritbook has open.
 */
export async function saveWorkbookCopy(
  source: string,
  requested: string,
  options: WorkbookCopyOptions = {},
): Promise<WrittenCopy> {
  const target = withWorkbookExtension(path.resolve(requested))
  const name = path.basename(target)
  if (sameFile(path.resolve(source), target)) {
    throw new Failure(
      'BAD_INPUT',
      `Save a copy cannot write over the workbook it copies (${target}). Choose another name or folder.`,
    )
  }
  if (!fs.existsSync(path.dirname(target))) {
    throw new Failure('FILE_NOT_FOUND', `The folder ${path.dirname(target)} does not exist.`)
  }
  if (fs.existsSync(target)) {
    if (!options.replace) {
      throw new Failure('FILE_EXISTS', `${target} already exists. Choose another name, or replace it.`)
    }
    const owner = liveLockOwner(target)
    if (owner) {
      throw new Failure(
        'WORKBOOK_LOCKED',
        `${target} is open in Meritbook (process ${owner.pid} on ${owner.host}), so the copy cannot replace it. Close it there, or choose another name.`,
      )
    }
  }
  try {
    return { path: target, name, bytes: await writeWorkbookCopy(path.resolve(source), target) }
  } catch (error) {
    if (error instanceof Failure) throw error
    const why = error instanceof Error ? error.message : String(error)
    throw new Failure(
      'INTERNAL',
      `Meritbook could not save a copy of ${path.basename(source)} as ${target}: ${why}`,
    )
  }
}

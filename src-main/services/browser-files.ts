import fs from 'node:fs'
import path from 'node:path'
import type { FilePurpose } from '../../src-shared/contract'
import { Failure } from './failure'
import { withWorkbookExtension } from './workbooks'

/**
 * Browser mode's answer to a file dialog (it has none): new workbooks, exports and folders of
 * statements are saved in one folder Meritbook chooses, under the name the user gives; a file to open
 * or import comes from recent files or an upload instead. docs/decisions.md, "Files by handle".
 */
export function browserFilesFolder(dataDir: string): string {
  return path.join(dataDir, 'files')
}

// Characters no file system takes in a name (Windows' list, and control characters).
// eslint-disable-next-line no-control-regex
const NOT_IN_FILE_NAMES = /[\u0000-\u001f<>:"|?*]/g

/** One file name from what the user typed or their file was called (every script's letters kept). */
export function safeFileName(requested: string | null | undefined, fallback: string): string {
  const name = path.posix.basename((requested ?? '').replace(/\\/g, '/')).replace(NOT_IN_FILE_NAMES, '_')
  return name === '' || name === '.' || name === '..' ? fallback : name
}

function stamp(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}.${pad(now.getMinutes())}`
}

/** Where a browser-mode "dialog" puts a file for a purpose; refuses the purposes it cannot serve. */
export function browserFileFor(
  dataDir: string,
  purpose: FilePurpose,
  name: string | undefined,
  now = new Date(),
  /** A folder the page chose with `workbook.browse` (New… there), instead of the files folder. */
  chosenFolder?: string,
): string {
  const folder = chosenFolder ?? browserFilesFolder(dataDir)
  fs.mkdirSync(folder, { recursive: true })
  switch (purpose) {
    case 'create':
      return path.join(folder, withWorkbookExtension(safeFileName(name, 'Workbook')))
    case 'saveCopy':
      return path.join(folder, withWorkbookExtension(safeFileName(name, 'Copy')))
    case 'exportCsv': {
      const file = safeFileName(name, 'company.csv')
      return path.join(folder, file.toLowerCase().endsWith('.csv') ? file : `${file}.csv`)
    }
    case 'statementsFolder':
      return path.join(folder, safeFileName(name, `Statements ${stamp(now)}`))
    case 'open':
    case 'folder':
      throw new Failure(
        'UNSUPPORTED',
        'In browser mode, choose the workbook or folder with Open… (or open a recent file).',
      )
    case 'importCsv':
      throw new Failure('UNSUPPORTED', "In browser mode, choose the CSV file with the browser's file picker.")
  }
}

import fs from 'node:fs'
import path from 'node:path'
import { WORKBOOK_EXTENSION } from './workbooks'
import { Failure } from './failure'

const MAX_ENTRIES = 1000

export interface FolderContent {
  path: string
  parent: string | null
  entries: { name: string; kind: 'folder' | 'workbook'; path: string }[]
  more: number
}

/**
 * A folder as Open… and New… show it in browser mode: its subfolders (hidden ones left out) and its
 * `.paycycle` files, folders first, each by name.
 */
export function readFolder(folder: string): FolderContent {
  const absolute = path.resolve(folder)
  let items: fs.Dirent[]
  try {
    items = fs.readdirSync(absolute, { withFileTypes: true })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new Failure(
      code === 'ENOENT' ? 'FILE_NOT_FOUND' : 'FORBIDDEN',
      code === 'ENOENT'
        ? `The folder ${absolute} does not exist.`
        : `Meritbook may not read the folder ${absolute} (${code ?? 'unreadable'}).`,
    )
  }
  const isFolder = (item: fs.Dirent) => {
    if (item.isDirectory()) return true
    if (!item.isSymbolicLink()) return false
    try {
      return fs.statSync(path.join(absolute, item.name)).isDirectory()
    } catch {
      return false
    }
  }
  const byName = (a: string, b: string) =>
    a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true })
  const folders = items
    .filter((item) => !item.name.startsWith('.') && isFolder(item))
    .map((item) => item.name)
    .sort(byName)
  const workbooks = items
    .filter((item) => !isFolder(item) && path.extname(item.name).toLowerCase() === WORKBOOK_EXTENSION)
    .map((item) => item.name)
    .sort(byName)
  const entries = [
    ...folders.map((name) => ({ name, kind: 'folder' as const, path: path.join(absolute, name) })),
    ...workbooks.map((name) => ({ name, kind: 'workbook' as const, path: path.join(absolute, name) })),
  ]
  const parent = path.dirname(absolute)
  return {
    path: absolute,
    parent: parent === absolute ? null : parent,
    entries: entries.slice(0, MAX_ENTRIES),
    more: Math.max(0, entries.length - MAX_ENTRIES),
  }
}

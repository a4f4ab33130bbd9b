import fs from 'node:fs'
import type { RecentFiles } from './recent-files'

/** What Meritbook opens when it starts without a file named. */
export type StartWorkbook = { kind: 'demo' } | { kind: 'file'; path: string } | { kind: 'welcome' }

/**
 * Desktop applications reopen the last file. A first start (no recent files at all) opens the demo
 * company; a last workbook that is gone shows the welcome screen, whose recent files say so, rather
 * than silently opening an older one.
 */
export function workbookAtStart(recent: RecentFiles): StartWorkbook {
  const [last] = recent.list()
  if (!last) return { kind: 'demo' }
  return last.exists && fs.statSync(last.path).isFile()
    ? { kind: 'file', path: last.path }
    : { kind: 'welcome' }
}

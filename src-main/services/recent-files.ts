import fs from 'node:fs'
import path from 'node:path'
import type { RecentFile } from '../../src-shared/contract'

const MAX_RECENT = 10

interface Entry {
  path: string
  openedAt: string
}

/** The list of recently opened workbooks, kept as JSON in the app's data folder. */
export class RecentFiles {
  private readonly file: string

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'recent-files.json')
  }

  private read(): Entry[] {
    try {
      const parsed = JSON.parse(fs.readFileSync(this.file, 'utf8')) as unknown
      return Array.isArray(parsed)
        ? parsed.filter(
            (e): e is Entry =>
              typeof e === 'object' &&
              e !== null &&
              typeof (e as Entry).path === 'string' &&
              typeof (e as Entry).openedAt === 'string',
          )
        : []
    } catch {
      return []
    }
  }

  list(): RecentFile[] {
    return this.read().map((e) => ({
      path: e.path,
      handle: null,
      fileName: path.basename(e.path),
      openedAt: e.openedAt,
      exists: fs.existsSync(e.path),
    }))
  }

  remember(filePath: string, now = new Date()): void {
    const absolute = path.resolve(filePath)
    const entries = [
      { path: absolute, openedAt: now.toISOString() },
      ...this.read().filter((e) => e.path !== absolute),
    ]
    fs.mkdirSync(path.dirname(this.file), { recursive: true })
    const temp = `${this.file}.${process.pid}.tmp`
    fs.writeFileSync(temp, JSON.stringify(entries.slice(0, MAX_RECENT), null, 2))
    fs.renameSync(temp, this.file)
  }
}

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** The log file's base name under <data dir>/logs/ (pino-roll numbers it: meritbook.1.log, …). */
export const LOG_FILE_BASE = 'meritbook'
export const DIAGNOSTIC_LINES = 200

export function logDirFor(dataDir: string): string {
  return path.join(dataDir, 'logs')
}

export interface Versions {
  app: string
  node: string
  electron: string | null
  os: string
}

/** The versions a log starts with and diagnostics name: the app, Node, Electron (in the desktop app), the OS. */
export function runtimeVersions(appVersion: string): Versions {
  return {
    app: appVersion,
    node: process.versions.node,
    electron: process.versions.electron ?? null,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
  }
}

/** The newest log file in `logDir` (by modification time), or null when there is none. */
export function newestLogFile(logDir: string): string | null {
  let names: string[]
  try {
    names = fs
      .readdirSync(logDir)
      .filter((name) => name.startsWith(`${LOG_FILE_BASE}.`) && name.endsWith('.log'))
  } catch {
    return null
  }
  const files = names.map((name) => path.join(logDir, name))
  files.sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs || b.localeCompare(a))
  return files[0] ?? null
}

/** The last `count` lines of a text file (the whole file is read: logs roll at 10 MB). */
export function lastLines(file: string, count: number): string[] {
  const lines = fs.readFileSync(file, 'utf8').split('\n')
  if (lines.at(-1) === '') lines.pop()
  return lines.slice(-count)
}

export interface DiagnosticsReport {
  logDir: string
  logFile: string | null
  text: string
}

/** What Help → Copy diagnostics copies: versions, OS and the newest log's last 200 lines. */
export function readDiagnostics(logDir: string, appVersion: string, mode: string): DiagnosticsReport {
  const versions = runtimeVersions(appVersion)
  const logFile = newestLogFile(logDir)
  const tail = logFile ? lastLines(logFile, DIAGNOSTIC_LINES) : []
  const text = [
    `Meritbook ${versions.app} (${mode})`,
    `Node ${versions.node}${versions.electron ? `, Electron ${versions.electron}` : ''}`,
    `OS ${versions.os}`,
    `Log ${logFile ?? '(none yet)'}`,
    '',
    ...tail,
  ].join('\n')
  return { logDir, logFile, text }
}

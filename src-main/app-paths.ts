import os from 'node:os'
import path from 'node:path'
import packageJson from '../package.json'

export const APP_VERSION: string = packageJson.version

/** Where browser mode and the CLI keep recent files and the demo workbook (Electron uses userData). */
export function defaultDataDir(): string {
  return process.env.MERITBOOK_DATA_DIR ?? path.join(os.homedir(), '.meritbook')
}

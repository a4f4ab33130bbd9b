import fs from 'node:fs'
import path from 'node:path'
import pino, { type Logger } from 'pino'
import pinoRoll from 'pino-roll'
import { LOG_FILE_BASE, runtimeVersions } from './diagnostics'

export type AppLogger = Logger

/** Fields that never reach a log, wherever they sit (a token, a password, an Authorization header). */
export const REDACTED_PATHS = [
  'token',
  '*.token',
  'accessToken',
  '*.accessToken',
  'refreshToken',
  '*.refreshToken',
  'password',
  '*.password',
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
]

/**
 * The one logger of a shell (Electron's main process or browser mode): rotated files in `logDir`
 * (10 MB or daily, five kept), written in-process and synchronously so a crash's last line is on disk.
 * Log ids and codes only: never a salary, a name or a token.
 */
export async function createAppLogger(options: {
  logDir: string
  version: string
  mode: string
}): Promise<AppLogger> {
  fs.mkdirSync(options.logDir, { recursive: true })
  const stream = await pinoRoll({
    file: path.join(options.logDir, LOG_FILE_BASE),
    extension: '.log',
    size: '10m',
    frequency: 'daily',
    mkdir: true,
    sync: true,
    limit: { count: 5 },
  })
  // No hostname in `base`: a computer's name is often its owner's.
  const logger = pino(
    { level: 'info', base: { pid: process.pid }, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
    stream,
  )
  logger.info(
    { event: 'start', mode: options.mode, versions: runtimeVersions(options.version) },
    'Meritbook started',
  )
  return logger
}

/** An error as a log entry: its kind, message and stack (a thrown value that is no Error: its type only). */
export function errorFields(error: unknown): { type: string; message?: string; stack?: string } {
  if (error instanceof Error) return { type: error.name, message: error.message, stack: error.stack }
  return { type: typeof error }
}

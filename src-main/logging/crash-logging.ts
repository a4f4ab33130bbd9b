import { errorFields, type AppLogger } from './logger'

export type CrashSource = 'uncaughtException' | 'unhandledRejection' | 'worker'

/** Logs one uncaught error with its stack (never its arguments' data: an Error carries what it carries). */
export function logCrash(logger: AppLogger, source: CrashSource, error: unknown): void {
  logger.error({ event: 'crash', source, error: errorFields(error) })
}

/**
 * Every error nothing caught in this process: logged with its stack, then shown (`show`: a dialog in
 * Electron, stderr in browser mode). The process keeps its handlers; the shell decides what follows.
 */
export function installCrashLogging(
  logger: AppLogger,
  show: (source: CrashSource, error: unknown) => void,
): void {
  process.on('uncaughtException', (error) => {
    logCrash(logger, 'uncaughtException', error)
    show('uncaughtException', error)
  })
  process.on('unhandledRejection', (reason) => {
    logCrash(logger, 'unhandledRejection', reason)
    show('unhandledRejection', reason)
  })
}

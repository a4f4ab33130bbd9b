import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { APP_VERSION, defaultDataDir } from '../app-paths'
import { startBackend } from '../backend/client'
import { RecentFiles } from '../services/recent-files'
import { workbookAtStart, type StartWorkbook } from '../services/start-workbook'
import { chooseSecretStore } from '../secrets/choose-secret-store'
import { ServerAccount } from '../server-account/account'
import { withServerAccount } from '../server-account/shell-host'
import { withSync } from '../sync/runner'
import { describeSecretStore } from '../secrets/secret-store'
import { startWebServer } from './server'
import { FileHandles, withFileHandles } from '../services/file-handles'
import { browserFileFor, browserFilesFolder } from '../services/browser-files'
import { logDirFor } from '../logging/diagnostics'
import { createAppLogger } from '../logging/logger'
import { installCrashLogging, logCrash } from '../logging/crash-logging'
import { logEvents, logRefusals } from '../logging/with-logging'

const USAGE = `Usage: node out/main/browser.js [--demo | --workbook <file.paycycle> | --reopen] [--as <email>] [--port <n>] [--data-dir <dir>]`

async function main(): Promise<number> {
  let values: {
    demo?: boolean
    reopen?: boolean
    workbook?: string
    as?: string
    port?: string
    'data-dir'?: string
  }
  try {
    ;({ values } = parseArgs({
      options: {
        demo: { type: 'boolean' },
        reopen: { type: 'boolean' },
        workbook: { type: 'string' },
        as: { type: 'string' },
        port: { type: 'string' },
        'data-dir': { type: 'string' },
      },
    }))
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`)
    return 2
  }
  const port = values.port === undefined ? 0 : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a port number, not "${values.port}".\n${USAGE}`)
    return 2
  }
  const dataDir = path.resolve(values['data-dir'] ?? defaultDataDir())
  fs.mkdirSync(dataDir, { recursive: true })
  const logDir = logDirFor(dataDir)
  const logger = await createAppLogger({ logDir, version: APP_VERSION, mode: 'browser' })
  // Browser mode: an uncaught error is logged with its stack and printed.
  installCrashLogging(logger, (source, error) => console.error(`[meritbook] ${source}:`, error))
  const secrets = await chooseSecretStore({ dataDir })
  console.log(describeSecretStore(secrets.status))
  const workbookBackend = startBackend(
    {
      mode: 'browser',
      version: APP_VERSION,
      dataDir,
      logDir,
      actAs: values.as ?? null,
      secretStore: secrets.status,
    },
    path.join(__dirname, 'backend.js'),
    (error) => logCrash(logger, 'worker', error),
  )
  const account = new ServerAccount(secrets.store, dataDir)
  await account.restore()
  const backend = withSync(withServerAccount(workbookBackend, account), account)
  logEvents(backend, logger)

  // --reopen (npm start): the last workbook, or the demo company on a first start.
  const start: StartWorkbook = values.workbook
    ? { kind: 'file', path: values.workbook }
    : values.demo
      ? { kind: 'demo' }
      : values.reopen
        ? workbookAtStart(new RecentFiles(dataDir))
        : { kind: 'welcome' }
  const opened =
    start.kind === 'file'
      ? await backend.invoke('workbook.open', { path: start.path })
      : start.kind === 'demo'
        ? await backend.invoke('workbook.openDemo', {})
        : null
  const notice = opened?.ok ? (opened.value as { notice?: string }).notice : undefined
  if (notice) console.log(notice)
  if (opened && !opened.ok) {
    console.error(`Meritbook could not open the workbook: ${opened.error.message}`)
    if (!values.reopen) {
      await backend.stop()
      return 1
    }
    console.error('It starts on the welcome screen instead.')
  }

  // Files uploaded for import by an earlier run are not needed any more.
  const uploadDir = path.join(dataDir, 'uploads')
  fs.rmSync(uploadDir, { recursive: true, force: true })
  // The page names files only by handles: uploads, recent files, the files folder (browser-files.ts).
  const files = new FileHandles()
  fs.mkdirSync(browserFilesFolder(dataDir), { recursive: true })
  const fromPage = logRefusals(
    withFileHandles(
      backend,
      files,
      async (purpose, name, folder) => browserFileFor(dataDir, purpose, name, new Date(), folder),
      () => [
        { name: 'Home', path: os.homedir() },
        { name: 'Meritbook files', path: browserFilesFolder(dataDir) },
      ],
    ),
    logger,
  )
  const server = await startWebServer({
    host: fromPage,
    files,
    rendererDir: path.join(__dirname, '../renderer'),
    uploadDir,
    port,
  })
  console.log(`Meritbook is running in browser mode. Open this address in your browser:\n\n  ${server.url}\n`)
  console.log('Press Ctrl+C to stop.')

  // Ctrl+C under `npm start` arrives twice (the terminal's and start.mjs's): every later signal is
  // ignored while the workbook closes, or Node's default would end the process mid-close.
  await new Promise<void>((resolve) => {
    process.on('SIGINT', resolve)
    process.on('SIGTERM', resolve)
  })
  console.log('Meritbook is stopping: closing the workbook…')
  await server.close()
  await backend.stop()
  logger.info({ event: 'stop' }, 'Meritbook stopped')
  // Uploads are copies of payroll files: they do not outlive the run.
  fs.rmSync(uploadDir, { recursive: true, force: true })
  return 0
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)

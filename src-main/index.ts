/**
 * The Electron shell, and the only main-process module that imports `electron`: windows, menus,
 * native dialogs, file association and single instance. Everything else runs in the workbook
 * worker (backend/worker.ts), which browser mode and the CLI share.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  BrowserWindow,
  Menu,
  app,
  clipboard,
  crashReporter,
  dialog,
  ipcMain,
  safeStorage,
  session,
  shell,
  type WebFrameMain,
} from 'electron'
import { fail, type ChannelOutput, type FilePurpose } from '../src-shared/contract'
import { APP_VERSION } from './app-paths'
import { startBackend, type BackendClient } from './backend/client'
import { RecentFiles } from './services/recent-files'
import { FileHandles, withFileHandles } from './services/file-handles'
import { workbookAtStart } from './services/start-workbook'
import { chooseSecretStore } from './secrets/choose-secret-store'
import { ServerAccount } from './server-account/account'
import { withServerAccount } from './server-account/shell-host'
import { withSync } from './sync/runner'
import { describeSecretStore } from './secrets/secret-store'
import {
  isOwnFrameUrl,
  mayNavigate,
  permissionDecision,
  rendererBase,
  windowOpenDecision,
  windowWebPreferences,
  withContentSecurityPolicy,
} from './shell-security'
import { BusyWork } from './busy-work'
import { startUpdates } from './electron-updates'
import { newestLogFile, readDiagnostics } from './logging/diagnostics'
import { createAppLogger, type AppLogger } from './logging/logger'
import { installCrashLogging, logCrash, type CrashSource } from './logging/crash-logging'
import { logEvents, logRefusals } from './logging/with-logging'

const INVOKE_CHANNEL = 'meritbook:invoke'
const EVENT_CHANNEL = 'meritbook:event'
const rendererIndex = path.join(__dirname, '../renderer/index.html')
const devServerUrl = process.env.ELECTRON_RENDERER_URL
const allowedBase = rendererBase(pathToFileURL(rendererIndex).href, devServerUrl)

let backend: BackendClient
let mainWindow: BrowserWindow | null = null
let logger: AppLogger | null = null
const busy = new BusyWork()
/** An update's quitAndInstall: the workbook is closed already, will-quit lets the app go. */
let installing = false

// Minidumps stay on this machine (app.getPath('crashDumps')): nothing is uploaded without consent.
crashReporter.start({ uploadToServer: false })

const logDir = () => app.getPath('logs')

function copyDiagnostics(): void {
  clipboard.writeText(readDiagnostics(logDir(), APP_VERSION, 'electron').text)
}

function showLogs(): void {
  shell.showItemInFolder(newestLogFile(logDir()) ?? logDir())
}

/** An error nothing caught (main or a worker): logged already; a dialog offers diagnostics to copy. */
function showCrash(source: CrashSource, error: unknown): void {
  const detail = `${error instanceof Error ? error.message : String(error)}\n\nIt is in Meritbook's log. Copy diagnostics to send with a support request.`
  if (!app.isReady()) return dialog.showErrorBox('Meritbook hit an unexpected error', detail)
  const choice = dialog.showMessageBoxSync({
    type: 'error',
    buttons: ['Copy diagnostics', 'Close'],
    defaultId: 0,
    cancelId: 1,
    message:
      source === 'worker'
        ? 'The workbook engine stopped unexpectedly.'
        : 'Meritbook hit an unexpected error.',
    detail,
  })
  if (choice === 0) copyDiagnostics()
}

function isOwnFrame(frame: WebFrameMain | null): boolean {
  return isOwnFrameUrl(frame?.url, allowedBase)
}

function workbookArgument(argv: string[]): string | undefined {
  return argv.slice(1).find((arg) => arg.toLowerCase().endsWith('.paycycle'))
}

/** The native dialogs behind workbook.pickFile (services/file-handles.ts turns the path into a handle). */
async function pickPath(purpose: FilePurpose, name: string | undefined): Promise<string | null> {
  if (!mainWindow) return null
  if (purpose === 'statementsFolder' || purpose === 'folder') {
    const chosen = await dialog.showOpenDialog(mainWindow, {
      title: purpose === 'folder' ? 'Choose a folder' : 'Folder for the statements',
      properties: ['openDirectory', 'createDirectory'],
    })
    return chosen.canceled ? null : (chosen.filePaths[0] ?? null)
  }
  const csv = purpose === 'importCsv' || purpose === 'exportCsv'
  const filters = csv
    ? [{ name: 'CSV file', extensions: ['csv'] }]
    : [{ name: 'Meritbook workbook', extensions: ['paycycle'] }]
  if (purpose === 'open' || purpose === 'importCsv') {
    const chosen = await dialog.showOpenDialog(mainWindow, { properties: ['openFile'], filters })
    return chosen.canceled ? null : (chosen.filePaths[0] ?? null)
  }
  const chosen = await dialog.showSaveDialog(mainWindow, {
    filters,
    defaultPath: name,
    properties: ['showOverwriteConfirmation', 'createDirectory'],
  })
  return chosen.canceled ? null : (chosen.filePath ?? null)
}

async function openFromShell(filePath: string): Promise<void> {
  const result = await backend.invoke('workbook.open', { path: filePath })
  if (!result.ok) dialog.showErrorBox('Meritbook could not open the file', result.error.message)
}

/** Without a file named: the last workbook, or the demo company on a first start (start-workbook.ts). */
async function openAtStart(dataDir: string): Promise<void> {
  const start = workbookAtStart(new RecentFiles(dataDir))
  if (start.kind === 'demo') await backend.invoke('workbook.openDemo', {})
  else if (start.kind === 'file') await openFromShell(start.path)
}

async function chooseAndOpen(): Promise<void> {
  const picked = await pickPath('open', undefined)
  if (picked) await openFromShell(picked)
}

/** Closes the workbook, asking first when imports in review hold fixes (they live in memory only). */
async function closeFromMenu(): Promise<void> {
  const pending = await backend.invoke('import.pending', {})
  const fixes = pending.ok ? (pending.value as ChannelOutput<'import.pending'>).fixes : 0
  if (fixes > 0 && mainWindow) {
    const choice = dialog.showMessageBoxSync(mainWindow, {
      type: 'question',
      buttons: ['Close', 'Keep Open'],
      defaultId: 1,
      cancelId: 1,
      message: 'Close the workbook with an import in review?',
      detail: 'The import in review and your fixes to it will be lost.',
    })
    if (choice !== 0) return
  }
  await backend.invoke('workbook.close', {})
}

/** Save a copy from the menu: the native save dialog (it asks before replacing a file). */
async function saveCopyFromMenu(): Promise<void> {
  const info = await backend.invoke('app.info', {})
  const open = info.ok ? (info.value as ChannelOutput<'app.info'>).workbook : null
  if (!open) return
  const picked = await pickPath('saveCopy', `${path.basename(open.path, '.paycycle')} copy.paycycle`)
  if (!picked) return
  const saved = await backend.invoke('workbook.saveCopy', { path: picked, replace: true })
  if (!saved.ok) dialog.showErrorBox('Meritbook could not save a copy', saved.error.message)
}

function buildMenu(): void {
  const template: Electron.MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Open…', accelerator: 'CmdOrCtrl+O', click: () => void chooseAndOpen() },
        { label: 'Open Demo Company', click: () => void backend.invoke('workbook.openDemo', {}) },
        { label: 'Save a Copy…', accelerator: 'CmdOrCtrl+Shift+S', click: () => void saveCopyFromMenu() },
        { label: 'Close Workbook', accelerator: 'CmdOrCtrl+W', click: () => void closeFromMenu() },
        { type: 'separator' },
        process.platform === 'darwin' ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: 'Show Logs', click: showLogs },
        { label: 'Copy Diagnostics', click: copyDiagnostics },
      ],
    },
  ]
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}

function createWindow(): void {
  mainWindow = new BrowserWindow({
    width: 1440,
    height: 900,
    title: 'Meritbook',
    show: false,
    webPreferences: windowWebPreferences(path.join(__dirname, '../preload/index.js')),
  })
  mainWindow.once('ready-to-show', () => mainWindow?.show())
  // The page asks to stay when leaving would lose work (an import with fixes in review).
  mainWindow.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(mainWindow as BrowserWindow, {
      type: 'question',
      buttons: ['Leave', 'Stay'],
      defaultId: 1,
      cancelId: 1,
      message: 'Leave Meritbook?',
      detail: 'The import in review and your fixes to it will be lost.',
    })
    if (choice === 0) event.preventDefault()
  })
  mainWindow.on('closed', () => (mainWindow = null))
  if (devServerUrl) void mainWindow.loadURL(devServerUrl)
  else void mainWindow.loadFile(rendererIndex)
}

function harden(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(permissionDecision(permission)),
  )
  session.defaultSession.setPermissionCheckHandler((_contents, permission) => permissionDecision(permission))
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders) })
  })
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(windowOpenDecision)
    contents.on('will-navigate', (event, url) => {
      if (!mayNavigate(url, allowedBase)) event.preventDefault()
    })
    contents.on('will-redirect', (event, url) => {
      if (!mayNavigate(url, allowedBase)) event.preventDefault()
    })
    contents.on('will-attach-webview', (event) => event.preventDefault())
  })
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  let pendingFile = workbookArgument(process.argv)
  app.on('open-file', (event, filePath) => {
    event.preventDefault()
    if (backend) void openFromShell(filePath)
    else pendingFile = filePath
  })
  app.on('second-instance', (_event, argv) => {
    const file = workbookArgument(argv)
    if (file) void openFromShell(file)
    if (mainWindow?.isMinimized()) mainWindow.restore()
    mainWindow?.focus()
  })

  void app.whenReady().then(async () => {
    const dataDir = app.getPath('userData')
    const appLogger = await createAppLogger({ logDir: logDir(), version: APP_VERSION, mode: 'electron' })
    logger = appLogger
    installCrashLogging(appLogger, showCrash)
    const secrets = await chooseSecretStore({ safeStorage, dataDir })
    console.log(describeSecretStore(secrets.status))
    const account = new ServerAccount(secrets.store, dataDir)
    backend = withSync(
      withServerAccount(
        startBackend(
          {
            mode: 'electron',
            version: APP_VERSION,
            dataDir,
            logDir: logDir(),
            actAs: null,
            secretStore: secrets.status,
          },
          path.join(__dirname, 'backend.js'),
          (error) => {
            logCrash(appLogger, 'worker', error)
            showCrash('worker', error)
          },
        ),
        account,
      ),
      account,
    )
    void account.restore()
    logEvents(backend, appLogger)
    backend.onEvent((event, payload) => busy.observe(event, payload))
    const fromRenderer = logRefusals(withFileHandles(backend, new FileHandles(), pickPath), appLogger)
    backend.onEvent((event, payload) => {
      for (const window of BrowserWindow.getAllWindows())
        window.webContents.send(EVENT_CHANNEL, { event, payload })
    })
    ipcMain.handle(INVOKE_CHANNEL, async (event, request: { channel?: unknown; input?: unknown }) => {
      if (!isOwnFrame(event.senderFrame))
        return fail('FORBIDDEN', 'Requests are accepted from Meritbook windows only.')
      const channel = typeof request?.channel === 'string' ? request.channel : ''
      return fromRenderer.invoke(channel, request.input)
    })
    harden()
    buildMenu()
    if (pendingFile) await openFromShell(pendingFile)
    else await openAtStart(dataDir)
    createWindow()
    startUpdates({
      busy,
      logger: appLogger,
      window: () => mainWindow,
      beforeInstall: async () => {
        installing = true
        await backend.stop()
      },
    })
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow()
    })
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  // will-quit runs once: the workbook closes (checkpointed, its lock removed) before the app exits.
  let quitting = false
  app.on('will-quit', (event) => {
    if (installing) return
    event.preventDefault()
    if (quitting) return
    quitting = true
    logger?.info({ event: 'stop' }, 'Meritbook stopped')
    void backend.stop().finally(() => app.exit(0))
  })
  // Ctrl+C or SIGTERM of `npm start` quits as the menu's Quit does.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit())
}

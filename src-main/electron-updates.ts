/**
 * Updates from the GitHub releases electron-builder publishes (docs/release.md, "Updates"): one check
 * at start in a packaged app; a downloaded update waits until no import, statement batch or sync push
 * runs (busy-work.ts), then asks "Restart now" / "Later"; Later installs on the next quit. Electron
 * only (loaded by index.ts alone), so it stays thin: the rules are in busy-work.ts, tested there.
 */
import { app, dialog, type BrowserWindow } from 'electron'
import electronUpdater from 'electron-updater'
import type { BusyWork } from './busy-work'
import type { AppLogger } from './logging/logger'
import { errorFields } from './logging/logger'

export function startUpdates(options: {
  busy: BusyWork
  logger: AppLogger
  window: () => BrowserWindow | null
  /** Lets the app quit without will-quit's own close (quitAndInstall closes the windows itself). */
  beforeInstall: () => Promise<void>
}): void {
  if (!app.isPackaged) return
  const { autoUpdater } = electronUpdater
  autoUpdater.autoDownload = true
  autoUpdater.autoInstallOnAppQuit = true
  autoUpdater.on('error', (error) =>
    options.logger.warn({ event: 'update.error', error: errorFields(error) }),
  )
  autoUpdater.on('update-downloaded', (info) => {
    options.logger.info({ event: 'update.downloaded', version: info.version })
    void options.busy.whenIdle().then(async () => {
      const window = options.window()
      const question = {
        type: 'question' as const,
        buttons: ['Restart now', 'Later'],
        defaultId: 0,
        cancelId: 1,
        message: `Meritbook ${info.version} is ready to install.`,
        detail: 'Restart now to update, or Later: it installs the next time you quit Meritbook.',
      }
      const { response } = window
        ? await dialog.showMessageBox(window, question)
        : await dialog.showMessageBox(question)
      options.logger.info({ event: 'update.answer', restart: response === 0 })
      // A restart still never cuts work short that began while the question was open.
      if (response !== 0) return
      await options.busy.whenIdle()
      await options.beforeInstall()
      autoUpdater.quitAndInstall()
    })
  })
  void autoUpdater
    .checkForUpdates()
    .catch((error: unknown) => options.logger.warn({ event: 'update.error', error: errorFields(error) }))
}

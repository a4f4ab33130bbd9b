import type { ImportSummary } from '../../../src-shared/contract'

/**
 * The import in review survives leaving Manage Data (and a browser reload): its id is kept per
 * workbook and user in sessionStorage, and the page asks main for its summary again on return.
 */
const PREFIX = 'meritbook.import:'

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null
  }
}

export function rememberImport(sessionKey: string | null, importId: string): void {
  if (!sessionKey) return
  try {
    storage()?.setItem(PREFIX + sessionKey, importId)
  } catch {
    // Storage full or refused: the import simply is not resumed.
  }
}

export function rememberedImport(sessionKey: string | null): string | null {
  if (!sessionKey) return null
  try {
    return storage()?.getItem(PREFIX + sessionKey) ?? null
  } catch {
    return null
  }
}

export function forgetImport(sessionKey: string | null): void {
  if (!sessionKey) return
  try {
    storage()?.removeItem(PREFIX + sessionKey)
  } catch {
    // Nothing to do.
  }
}

const DONE_PREFIX = 'meritbook.import-done:'

/**
 * The app reloads its data after an import, and the page waits for that load (it is unmounted
 * meanwhile): the finished import's summary is handed to the page that comes back, once.
 */
export function rememberDone(sessionKey: string | null, summary: ImportSummary): void {
  if (!sessionKey) return
  try {
    storage()?.setItem(DONE_PREFIX + sessionKey, JSON.stringify(summary))
  } catch {
    // The page then simply starts empty.
  }
}

export function takeDone(sessionKey: string | null): ImportSummary | null {
  if (!sessionKey) return null
  try {
    const text = storage()?.getItem(DONE_PREFIX + sessionKey) ?? null
    storage()?.removeItem(DONE_PREFIX + sessionKey)
    if (!text) return null
    const parsed = JSON.parse(text) as ImportSummary
    return parsed.phase === 'imported' ? parsed : null
  } catch {
    return null
  }
}

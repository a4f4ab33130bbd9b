import fs from 'node:fs'
import type { CompanyFileJoin, WorkbookSummary } from '../../src-shared/contract/dto'
import type { DownloadedCompanyFile } from '../services/company-file'
import type { BackendClient } from '../backend/client'
import { Failure, unwrap } from '../services/failure'
import type { JoiningCompany } from '../services/replica-join'
import type { Session } from '../services/session'
import type { ServerAccount } from './account'

/** The workbook's join steps (the worker's channels in the app, the session itself in the CLI). */
export interface JoinSteps {
  begin(path: string, company: JoiningCompany): Promise<unknown>
  bytes(bytes: Uint8Array): Promise<unknown>
  end(): Promise<WorkbookSummary>
  abort(): Promise<unknown>
  /** A new replica at `path` from a downloaded company file, or why the file was refused. */
  file(path: string, company: JoiningCompany, download: DownloadedCompanyFile): Promise<CompanyFileJoin>
}

/** Join steps through the workbook worker's channels (the app). */
export function workerJoinSteps(backend: Pick<BackendClient, 'invoke'>): JoinSteps {
  return {
    begin: (path, company) =>
      unwrap(
        backend.invoke('workbook.join', {
          path,
          company: company.name,
          server: company.serverUrl,
          email: company.userEmail,
        }),
      ),
    bytes: (bytes) => unwrap(backend.invoke('workbook.joinBytes', { bytes })),
    end: () => unwrap(backend.invoke('workbook.joinEnd', {})) as Promise<WorkbookSummary>,
    abort: () => unwrap(backend.invoke('workbook.joinAbort', {})),
    file: (path, company, download) =>
      unwrap(
        backend.invoke('workbook.joinFile', {
          path,
          company: company.name,
          server: company.serverUrl,
          email: company.userEmail,
          ...download,
        }),
      ) as Promise<CompanyFileJoin>,
  }
}

/** Join steps on a session in this thread (the CLI, tests). */
export function sessionJoinSteps(session: Session): JoinSteps {
  return {
    begin: (path, company) => session.beginJoin(path, company),
    bytes: (bytes) => session.joinBytes(bytes),
    end: () => session.finishJoin(),
    abort: () => session.abortJoin(),
    file: (path, company, download) => session.joinFromFile(path, company, download),
  }
}

/** The download goes to the workbook in blocks of about this many bytes (the network hands over far smaller ones). */
const BLOCK = 1 << 20

/** How a join went: from the company file, or by rows (and why not from the file, when one was tried). */
export type JoinRoute = { from: 'file' } | { from: 'rows'; fileRefused: string | null }

/**
 * Joins from the company file when the server offers one to this admin (docs/sync.md, "Company
 * file"): downloaded beside `path`, copied and checked by the workbook, removed after. Answers
 * the new replica, or why not (null: the server had none to offer); the caller then joins by rows.
 */
async function joinFromCompanyFile(
  account: ServerAccount,
  steps: JoinSteps,
  path: string,
): Promise<WorkbookSummary | { refused: string | null }> {
  const file = `${path}.company-file`
  try {
    let download: { seq: number; contentHash: string } | null
    try {
      download = await account.downloadCompanyFile(file)
    } catch (error) {
      if (error instanceof Failure && error.code === 'SIGNED_OUT') throw error
      return { refused: `the download failed: ${error instanceof Error ? error.message : String(error)}` }
    }
    if (!download) return { refused: null }
    const joined = await steps.file(path, account.joining(), { file, ...download })
    return 'summary' in joined ? joined.summary : joined
  } finally {
    fs.rmSync(file, { force: true })
  }
}

/**
 * Joins the signed-in company into a new replica at `path`: an admin from the company file when
 * there is one; otherwise by rows, the workbook writing each block while the next one downloads (one
 * block in flight), so the company is never held whole on either side. A failure anywhere removes
 * the new file. `route` is told which way it went.
 */
export async function joinCompany(
  account: ServerAccount,
  steps: JoinSteps,
  path: string,
  route: (how: JoinRoute) => void = () => undefined,
): Promise<WorkbookSummary> {
  // Refused before a file is made: the server would refuse the download anyway (issue 34).
  const refused = account.joinRefusal()
  if (refused) throw new Failure('FORBIDDEN', refused)
  let fileRefused: string | null = null
  if (account.usesCompanyFile()) {
    const fromFile = await joinFromCompanyFile(account, steps, path)
    if (!('refused' in fromFile)) {
      route({ from: 'file' })
      return fromFile
    }
    fileRefused = fromFile.refused
  }
  route({ from: 'rows', fileRefused })
  // The new workbook is made while the download starts: the first block waits for it.
  const begun = steps.begin(path, account.joining())
  begun.catch(() => undefined)
  let buffered: Uint8Array[] = []
  let size = 0
  let inFlight: Promise<unknown> = begun
  const send = async () => {
    await inFlight
    const block = new Uint8Array(size)
    let at = 0
    for (const piece of buffered) {
      block.set(piece, at)
      at += piece.length
    }
    buffered = []
    size = 0
    inFlight = steps.bytes(block)
    // Awaited at the next send; marked handled so a refusal meanwhile is not reported as unhandled.
    inFlight.catch(() => undefined)
  }
  try {
    await account.streamCompany(async (bytes) => {
      buffered.push(bytes)
      size += bytes.length
      if (size >= BLOCK) await send()
    })
    await send()
    await inFlight
    return await steps.end()
  } catch (error) {
    // A refused start is the error to tell; any other failure removes what the start made.
    await begun
    await steps.abort().catch(() => undefined)
    throw error
  }
}

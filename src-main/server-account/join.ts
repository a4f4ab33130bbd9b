import type { WorkbookSummary } from '../../src-shared/contract/dto'
import type { BackendClient } from '../backend/client'
import { unwrap } from '../services/failure'
import type { JoiningCompany } from '../services/replica-join'
import type { Session } from '../services/session'
import type { ServerAccount } from './account'

/** The workbook's join steps (the worker's channels in the app, the session itself in the CLI). */
export interface JoinSteps {
  begin(path: string, company: JoiningCompany): Promise<unknown>
  text(text: string): Promise<unknown>
  end(): Promise<WorkbookSummary>
  abort(): Promise<unknown>
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
    text: (text) => unwrap(backend.invoke('workbook.joinText', { text })),
    end: () => unwrap(backend.invoke('workbook.joinEnd', {})) as Promise<WorkbookSummary>,
    abort: () => unwrap(backend.invoke('workbook.joinAbort', {})),
  }
}

/** Join steps on a session in this thread (the CLI, tests). */
export function sessionJoinSteps(session: Session): JoinSteps {
  return {
    begin: (path, company) => session.beginJoin(path, company),
    text: (text) => session.joinText(text),
    end: () => session.finishJoin(),
    abort: () => session.abortJoin(),
  }
}

/** The download's text goes to the workbook in chunks of about this many characters. */
const CHUNK = 1 << 20

/**
 * Joins the signed-in company into a new replica at `path`: the workbook writes each chunk while the
 * next one downloads (one chunk in flight), so the company is never held whole on either side. A
 * failure anywhere removes the new file.
 */
export async function joinCompany(
  account: ServerAccount,
  steps: JoinSteps,
  path: string,
): Promise<WorkbookSummary> {
  await steps.begin(path, account.joining())
  let buffered = ''
  let inFlight: Promise<unknown> = Promise.resolve()
  const send = async () => {
    await inFlight
    inFlight = steps.text(buffered)
    // Awaited at the next send; marked handled so a refusal meanwhile is not reported as unhandled.
    inFlight.catch(() => undefined)
    buffered = ''
  }
  try {
    await account.streamCompany(async (text) => {
      buffered += text
      if (buffered.length >= CHUNK) await send()
    })
    await send()
    await inFlight
    return await steps.end()
  } catch (error) {
    await steps.abort().catch(() => undefined)
    throw error
  }
}

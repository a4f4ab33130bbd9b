import { Failure } from '../../services/failure'
import { saveWorkbookCopy } from '../../services/save-copy'
import { readCompanySnapshot } from '../../workbook/queries/company-snapshot'
import type { HandlerMap } from '../types'
import { logDirFor, readDiagnostics } from '../../logging/diagnostics'

export const appHandlers: HandlerMap = {
  'app.info': async (_input, { session }) => session.info(),
  'app.diagnostics': async (_input, { session }) =>
    readDiagnostics(
      session.options.logDir ?? logDirFor(session.options.dataDir),
      session.options.version,
      session.options.mode,
    ),
  'workbook.recent': async (_input, { session }) => session.recent.list(),
  'workbook.create': async ({ path, ...owner }, { session }) => session.create(path, owner),
  'workbook.open': async ({ path }, { session }) => session.open(path),
  'workbook.openDemo': async (_input, { session }) => session.openDemo(),
  'workbook.join': async ({ path, company, server, email }, { session }) =>
    session.beginJoin(path, { name: company, serverUrl: server, userEmail: email }),
  'workbook.joinBytes': async ({ bytes }, { session }) => session.joinBytes(bytes),
  'workbook.joinEnd': async (_input, { session }) => session.finishJoin(),
  'workbook.joinAbort': async (_input, { session }) => session.abortJoin(),
  'workbook.joinFile': async ({ path, company, server, email, file, seq, contentHash }, { session }) =>
    session.joinFromFile(
      path,
      { name: company, serverUrl: server, userEmail: email },
      { file, seq, contentHash },
    ),
  'company.snapshot': async (_input, { workbook }) => readCompanySnapshot(workbook),
  'workbook.saveCopy': async ({ path, replace, open }, { session, workbook }) => {
    const copy = await saveWorkbookCopy(workbook.path, path, { replace })
    return { ...copy, opened: open ? await session.open(copy.path) : null }
  },
  'workbook.close': async (_input, { session }) => {
    await session.close()
    return null
  },
  // The shells answer this before it reaches the worker (services/file-handles.ts).
  'workbook.pickFile': async () => {
    throw new Failure('UNSUPPORTED', "Only the app's window chooses files; the CLI takes paths.")
  },
  'workbook.browse': async () => {
    throw new Failure('UNSUPPORTED', "Only the app's window browses folders; the CLI takes paths.")
  },
}

import { Failure } from '../../services/failure'
import { readCompanySnapshot } from '../../workbook/queries/company-snapshot'
import type { HandlerMap } from '../types'

export const appHandlers: HandlerMap = {
  'app.info': async (_input, { session }) => session.info(),
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
  'workbook.close': async (_input, { session }) => {
    await session.close()
    return null
  },
  // The shells answer this before it reaches the worker (services/file-handles.ts).
  'workbook.pickFile': async () => {
    throw new Failure('UNSUPPORTED', "Only the app's window chooses files; the CLI takes paths.")
  },
}

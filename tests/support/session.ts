import path from 'node:path'
import type {
  Channel,
  ChannelInput,
  ChannelOutput,
  EventName,
  EventPayloads,
  Result,
} from '../../src-shared/contract'
import type { RoleName } from '../../src-shared/domain/roles'
import { createDispatcher } from '../../src-main/ipc/dispatch'
import { Session } from '../../src-main/services/session'
import { openWorkbook } from '../../src-main/workbook/open'

export interface Emitted {
  event: EventName
  payload: EventPayloads[EventName]
}

/** A backend session and dispatcher in this thread, as the worker runs them. */
export function testBackend(dataDir: string, actAs: string | null = null) {
  const events: Emitted[] = []
  const session = new Session({
    mode: 'browser',
    version: 'test',
    dataDir,
    actAs,
    emit: (event, payload) => events.push({ event, payload }),
  })
  const logs: string[] = []
  const raw = createDispatcher(session, (line) => logs.push(line))
  const dispatcher = {
    /** Typed for known channels; any string and payload still go through, as over a transport. */
    dispatch<C extends Channel>(channel: C | (string & {}), input: ChannelInput<C> | unknown) {
      return raw.dispatch(channel, input) as Promise<Result<ChannelOutput<C>>>
    },
  }
  afterAll(() => session.close())
  return { session, dispatcher, events, logs }
}

/** Adds a user with the given role to a closed workbook file. */
export async function addUser(file: string, email: string, role: RoleName): Promise<void> {
  const workbook = await openWorkbook(path.resolve(file))
  try {
    const { id } = await workbook.db
      .selectFrom('role')
      .select('id')
      .where('name', '=', role)
      .executeTakeFirstOrThrow()
    await workbook.db
      .insertInto('app_user')
      .values({ email, name: `${role} user`, role_id: id, created_at: new Date().toISOString() })
      .execute()
  } finally {
    await workbook.close()
  }
}

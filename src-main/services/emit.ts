import type { EventName, EventPayloads } from '../../src-shared/contract'

/** Sends an event to the windows (and the CLI): the session's, handed to the jobs it owns. */
export type Emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => void

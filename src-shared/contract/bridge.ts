import type { Channel, ChannelInput, ChannelOutput } from './channels'
import type { EventName, EventPayloads } from './events'
import type { Result } from './result'

/** The one object the preload (or browser mode's client) exposes as `window.meritbook`. */
export interface MeritbookBridge {
  invoke<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<Result<ChannelOutput<C>>>
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void
}

/** The transport-neutral messages carried by IPC, by HTTP and to the backend worker. */
export interface InvokeRequest {
  channel: string
  input: unknown
}

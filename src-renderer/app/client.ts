import type { Channel, ChannelInput, ChannelOutput, MeritbookBridge, Result } from '../../src-shared/contract'
import { createHttpBridge } from './http-bridge'

declare global {
  interface Window {
    /** Set by the Electron preload; absent in browser mode. */
    meritbook?: MeritbookBridge
  }
}

/** The renderer's one way to reach the main process, whichever shell it runs in. */
export const bridge: MeritbookBridge = window.meritbook ?? createHttpBridge()

export function invoke<C extends Channel>(
  channel: C,
  input: ChannelInput<C>,
): Promise<Result<ChannelOutput<C>>> {
  return bridge.invoke(channel, input)
}

/** Like invoke, but throws the envelope's error (for thunks that want exceptions). */
export async function call<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const result = await bridge.invoke(channel, input)
  if (!result.ok) throw new ClientError(result.error.code, result.error.message)
  return result.value
}

export class ClientError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'ClientError'
  }
}

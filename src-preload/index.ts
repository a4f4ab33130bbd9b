import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import type { MeritbookBridge } from '../src-shared/contract/bridge'
import { EVENT_NAMES, type EventName } from '../src-shared/contract/events'

/** The one object the renderer sees: `invoke` of contract channels and `on` for events. Nothing else. */
const bridge: MeritbookBridge = {
  invoke: (channel, input) => ipcRenderer.invoke('meritbook:invoke', { channel, input }),
  on(event, listener) {
    if (!EVENT_NAMES.includes(event)) throw new Error(`Unknown Meritbook event "${String(event)}".`)
    const handler = (_e: IpcRendererEvent, message: { event: EventName; payload: unknown }) => {
      if (message.event === event) listener(message.payload as Parameters<typeof listener>[0])
    }
    ipcRenderer.on('meritbook:event', handler)
    return () => {
      ipcRenderer.removeListener('meritbook:event', handler)
    }
  },
}

contextBridge.exposeInMainWorld('meritbook', Object.freeze(bridge))

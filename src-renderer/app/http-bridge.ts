import {
  EnvelopeReader,
  type EventName,
  type EventPayloads,
  type MeritbookBridge,
  type PickedFile,
  type Result,
} from '../../src-shared/contract'

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** Bytes read between two pauses: reading a whole 60 MiB list at once held the page ~0.5 s. */
const PAUSE_EVERY_BYTES = 1 << 20

/**
 * An answer's envelope, decoded and parsed as its bytes arrive (company lists item by item), with
 * a pause after each MiB so that the page stays responsive while tens of MiB come in.
 */
async function readEnvelope(response: Response): Promise<unknown> {
  const envelope = new EnvelopeReader()
  if (!response.body) {
    envelope.push(await response.text())
    return envelope.end()
  }
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let sinceLastPause = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    envelope.push(decoder.decode(value, { stream: true }))
    sinceLastPause += value.byteLength
    if (sinceLastPause >= PAUSE_EVERY_BYTES) {
      sinceLastPause = 0
      await nextTask()
    }
  }
  envelope.push(decoder.decode())
  return envelope.end()
}

/**
 * Browser mode's `window.meritbook`: the same contract over loopback HTTP. The per-run secret
 * travels in an HttpOnly cookie the server sets when the printed URL is first opened.
 */
export function createHttpBridge(base = ''): MeritbookBridge {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  let source: EventSource | null = null

  function ensureEvents(): EventSource {
    if (!source) {
      source = new EventSource(`${base}/api/events`)
      source.addEventListener('error', () => {
        // EventSource reconnects by itself; nothing to do.
      })
    }
    return source
  }

  return {
    async invoke(channel, input) {
      try {
        const response = await fetch(`${base}/api/invoke/${encodeURIComponent(channel)}`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(input ?? {}),
        })
        if (response.status === 401) {
          return {
            ok: false,
            error: { code: 'UNAUTHORIZED', message: 'Open Meritbook from the address printed by npm start.' },
          }
        }
        return (await readEnvelope(response)) as Result<never>
      } catch (error) {
        return {
          ok: false,
          error: {
            code: 'INTERNAL',
            message: `Meritbook is not reachable: ${error instanceof Error ? error.message : String(error)}`,
          },
        }
      }
    },
    on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void) {
      const events = ensureEvents()
      let set = listeners.get(event)
      if (!set) {
        const bucket = new Set<(payload: unknown) => void>()
        listeners.set(event, bucket)
        events.addEventListener(event, (message) => {
          const payload: unknown = JSON.parse((message as MessageEvent<string>).data)
          for (const l of bucket) l(payload)
        })
        set = bucket
      }
      const wrapped = listener as (payload: unknown) => void
      set.add(wrapped)
      return () => {
        set.delete(wrapped)
      }
    },
  }
}

/**
 * Browser mode only: sends a file the user chose to the local Meritbook, which saves it and answers
 * with a handle to it (the page never names files by path), for channels such as import.start.
 */
export async function uploadFile(file: File, base = ''): Promise<Result<PickedFile>> {
  try {
    const response = await fetch(`${base}/api/upload?name=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/octet-stream' },
      body: file,
    })
    return (await response.json()) as Result<PickedFile>
  } catch (error) {
    return {
      ok: false,
      error: {
        code: 'INTERNAL',
        message: `The file could not be sent: ${error instanceof Error ? error.message : String(error)}`,
      },
    }
  }
}

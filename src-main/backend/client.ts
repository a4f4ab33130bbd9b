import { MessageChannel, Worker } from 'node:worker_threads'
import { fail, type Caller, type EventName, type EventPayloads, type Result } from '../../src-shared/contract'
import type { BackendConfig, FromWorker, ToWorker, WorkerData } from './protocol'

export type EventListener = (event: EventName, payload: EventPayloads[EventName]) => void

export interface BackendClient {
  /** `caller`: 'renderer' for a window's call (withFileHandles), else the shell's own. */
  invoke(channel: string, input: unknown, caller?: Caller): Promise<Result<unknown>>
  /** Like invoke, but the envelope as UTF-8 JSON (browser mode sends it as it is). */
  invokeEncoded(channel: string, input: unknown, caller?: Caller): Promise<Uint8Array>
  onEvent(listener: EventListener): () => void
  /** Closes the workbook (releasing its lock) and ends the workers. */
  stop(): Promise<void>
}

type Reply = { result: Result<unknown> } | { json: Uint8Array }

/**
 * Starts the backend's two threads from one built file and talks to them: the workbook worker
 * (the session, every write, every request in order) and the list reader (the company lists of the
 * initial data load, on a read-only connection, so they never hold up the table's short requests).
 * Entries pass the path of the built worker (`out/main/backend.js`, beside them): this module may
 * land in a shared chunk elsewhere.
 */
export function startBackend(
  config: BackendConfig,
  workerPath: string,
  /** Told when a worker thread fails (the shell logs it, with its stack). */
  onThreadError?: (error: Error) => void,
): BackendClient {
  const { port1, port2 } = new MessageChannel()
  const workbookData: WorkerData = { role: 'workbook', config, lists: port1 }
  const readerData: WorkerData = { role: 'lists', requests: port2 }
  const worker = new Worker(workerPath, { workerData: workbookData, transferList: [port1] })
  const reader = new Worker(workerPath, { workerData: readerData, transferList: [port2] })
  const pending = new Map<number, (reply: Reply) => void>()
  const listeners = new Set<EventListener>()
  const encoder = new TextEncoder()
  const decoder = new TextDecoder()
  let nextId = 1
  let stopped: Promise<void> | null = null
  let onClosed: (() => void) | null = null
  let crashed: string | null = null

  const settleAll = (message: string) => {
    crashed ??= message
    for (const resolve of pending.values()) resolve({ result: fail('INTERNAL', message) })
    pending.clear()
  }
  const settle = (id: number, reply: Reply) => {
    pending.get(id)?.(reply)
    pending.delete(id)
  }

  const onMessage = (message: FromWorker) => {
    if (message.type === 'result') settle(message.id, { result: message.result })
    else if (message.type === 'encoded') settle(message.id, { json: message.json })
    else if (message.type === 'event') {
      for (const listener of listeners) listener(message.event, message.payload)
    } else {
      onClosed?.()
    }
  }
  for (const thread of [worker, reader]) {
    thread.on('message', onMessage)
    thread.on('error', (error) => {
      console.error('[meritbook] the workbook worker failed:', error)
      onThreadError?.(error)
      settleAll('The workbook engine stopped unexpectedly. Restart Meritbook; your saved work is safe.')
    })
    thread.on('exit', () => settleAll('The workbook engine has stopped.'))
  }

  const send = (message: ToWorker) => worker.postMessage(message)
  const request = (channel: string, input: unknown, caller: Caller): Promise<Reply> => {
    if (crashed) return Promise.resolve({ result: fail('INTERNAL', crashed) })
    const id = nextId++
    return new Promise((resolve) => {
      pending.set(id, resolve)
      send({ type: 'invoke', id, channel, input, caller })
    })
  }
  const terminate = () => Promise.all([worker.terminate(), reader.terminate()]).then(() => undefined)

  return {
    async invoke(channel, input, caller = 'shell') {
      const reply = await request(channel, input, caller)
      return 'result' in reply ? reply.result : (JSON.parse(decoder.decode(reply.json)) as Result<unknown>)
    },
    async invokeEncoded(channel, input, caller = 'shell') {
      const reply = await request(channel, input, caller)
      return 'json' in reply ? reply.json : encoder.encode(JSON.stringify(reply.result))
    },
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        if (crashed) return void terminate().then(resolve)
        // Long enough for a close's checkpoint of a large WAL; the WAL keeps every commit if cut short.
        const timer = setTimeout(() => void terminate().then(resolve), 15_000)
        onClosed = () => {
          clearTimeout(timer)
          void terminate().then(resolve)
        }
        send({ type: 'shutdown' })
      })
      return stopped
    },
  }
}

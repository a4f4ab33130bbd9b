import { Worker } from 'node:worker_threads'
import { fail, type EventName, type EventPayloads, type Result } from '../../src-shared/contract'
import type { BackendConfig, FromWorker, ToWorker } from './protocol'

export type EventListener = (event: EventName, payload: EventPayloads[EventName]) => void

export interface BackendClient {
  invoke(channel: string, input: unknown): Promise<Result<unknown>>
  onEvent(listener: EventListener): () => void
  /** Closes the workbook (releasing its lock) and ends the worker. */
  stop(): Promise<void>
}

/**
 * Starts the workbook worker and talks to it. Entries pass the path of the built worker
 * (`out/main/backend.js`, beside them): this module may land in a shared chunk elsewhere.
 */
export function startBackend(config: BackendConfig, workerPath: string): BackendClient {
  const worker = new Worker(workerPath, { workerData: config })
  const pending = new Map<number, (result: Result<unknown>) => void>()
  const listeners = new Set<EventListener>()
  let nextId = 1
  let stopped: Promise<void> | null = null
  let onClosed: (() => void) | null = null
  let crashed: string | null = null

  const settleAll = (message: string) => {
    crashed = message
    for (const resolve of pending.values()) resolve(fail('INTERNAL', message))
    pending.clear()
  }

  worker.on('message', (message: FromWorker) => {
    if (message.type === 'result') {
      pending.get(message.id)?.(message.result)
      pending.delete(message.id)
    } else if (message.type === 'event') {
      for (const listener of listeners) listener(message.event, message.payload)
    } else {
      onClosed?.()
    }
  })
  worker.on('error', (error) => {
    console.error('[meritbook] the workbook worker failed:', error)
    settleAll('The workbook engine stopped unexpectedly. Restart Meritbook; your saved work is safe.')
  })
  worker.on('exit', () => settleAll('The workbook engine has stopped.'))

  const send = (message: ToWorker) => worker.postMessage(message)

  return {
    invoke(channel, input) {
      if (crashed) return Promise.resolve(fail('INTERNAL', crashed))
      const id = nextId++
      return new Promise((resolve) => {
        pending.set(id, resolve)
        send({ type: 'invoke', id, channel, input })
      })
    },
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        if (crashed) return resolve()
        const timer = setTimeout(() => void worker.terminate().then(() => resolve()), 5000)
        onClosed = () => {
          clearTimeout(timer)
          void worker.terminate().then(() => resolve())
        }
        send({ type: 'shutdown' })
      })
      return stopped
    },
  }
}

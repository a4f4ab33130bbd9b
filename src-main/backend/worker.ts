import { parentPort, workerData } from 'node:worker_threads'
import { createDispatcher } from '../ipc/dispatch'
import { Session } from '../services/session'
import type { BackendConfig, FromWorker, ToWorker } from './protocol'

/**
 * The workbook worker: every SQLite call runs here, off the thread that serves windows and HTTP.
 * Requests run one at a time, in arrival order, so no two handlers interleave on one connection.
 */
const port = parentPort
if (!port) throw new Error('backend worker must run in a worker thread')

const post = (message: FromWorker) => port.postMessage(message)
const session = new Session({
  ...(workerData as BackendConfig),
  emit: (event, payload) => post({ type: 'event', event, payload }),
})
const dispatcher = createDispatcher(session)
let queue: Promise<void> = Promise.resolve()

port.on('message', (message: ToWorker) => {
  queue = queue.then(async () => {
    if (message.type === 'invoke') {
      post({
        type: 'result',
        id: message.id,
        result: await dispatcher.dispatch(message.channel, message.input),
      })
    } else {
      await session.close()
      post({ type: 'closed' })
    }
  })
})

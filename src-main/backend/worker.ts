import { parentPort, workerData, type MessagePort } from 'node:worker_threads'
import { fail, type EventPayloads } from '../../src-shared/contract'
import { createDispatcher } from '../ipc/dispatch'
import { isCompanyList } from '../ipc/handlers/data'
import { Session } from '../services/session'
import { ListReader } from './list-reader'
import { contentOfCompanyFile } from '../services/company-file'
import type {
  BackendConfig,
  FromListReader,
  FromWorker,
  ToListReader,
  ToWorker,
  WorkerData,
} from './protocol'

if (!parentPort) throw new Error('backend worker must run in a worker thread')
const port: MessagePort = parentPort

const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer)
const data = workerData as WorkerData
if (data.role === 'lists') serveListReads(data.requests)
else serveWorkbook(data.config, data.lists)

/**
 * The workbook worker: every SQLite write and every request but the company lists runs here, off
 * the thread that serves windows and HTTP. Requests run one at a time, in arrival order, so no two
 * handlers interleave on one connection. A company list, when its turn comes, is admitted here
 * (role, input) and handed to the list reader; the queue does not wait for it, so a `table.query`
 * asked during a 100,000-employee initial data load is answered at once.
 */
function serveWorkbook(config: BackendConfig, lists: MessagePort): void {
  const toReader = (message: ToListReader) => lists.postMessage(message)
  let queue: Promise<void> = Promise.resolve()
  // A company file's content, hashed on the reader's thread while this one copies the file.
  const hashing = new Map<number, { resolve(hash: string): void; reject(error: Error): void }>()
  const releasing = new Map<number, () => void>()
  let nextHash = 1
  lists.on('message', (message: FromListReader) => {
    if (message.type === 'released') {
      releasing.get(message.id)?.()
      releasing.delete(message.id)
      return
    }
    const waiting = hashing.get(message.id)
    hashing.delete(message.id)
    if ('hash' in message) waiting?.resolve(message.hash)
    else waiting?.reject(new Error(message.error))
  })
  const session = new Session({
    ...config,
    companyFileContent: (file) =>
      new Promise((resolve, reject) => {
        const id = nextHash++
        hashing.set(id, { resolve, reject })
        toReader({ type: 'content', id, file })
      }),
    // A reader that does not answer (its thread gone) does not hold the close up for long.
    closeReaders: () =>
      new Promise((resolve) => {
        const id = nextHash++
        const timer = setTimeout(resolve, 5000)
        releasing.set(id, () => (clearTimeout(timer), resolve()))
        toReader({ type: 'release', id })
      }),
    emit: (event, payload) => {
      if (event === 'workbook.changed') {
        toReader({ type: 'release' })
        // The table's model is built while the page boots, in turn with the requests.
        if ((payload as EventPayloads['workbook.changed']).workbook)
          queue = queue.then(() => session.prepareTable())
      }
      post({ type: 'event', event, payload })
    },
  })
  const dispatcher = createDispatcher(session)

  port.on('message', (message: ToWorker) => {
    queue = queue.then(async () => {
      if (message.type === 'shutdown') {
        await session.close()
        post({ type: 'closed' })
      } else if (isCompanyList(message.channel)) {
        const refused = dispatcher.admit(message.channel, message.input, message.caller)
        const path = session.workbook?.path
        if (refused) post({ type: 'result', id: message.id, result: refused })
        else if (!path)
          post({ type: 'result', id: message.id, result: fail('NO_WORKBOOK', 'No workbook is open.') })
        else toReader({ type: 'read', id: message.id, path, channel: message.channel })
      } else {
        post({
          type: 'result',
          id: message.id,
          result: await dispatcher.dispatch(message.channel, message.input, message.caller),
        })
      }
    })
  })
}

/** The list reader's thread: reads in arrival order, answers the shell directly. */
function serveListReads(requests: MessagePort): void {
  const reader = new ListReader()
  let queue: Promise<void> = Promise.resolve()
  requests.on('message', (message: ToListReader) => {
    queue = queue.then(async () => {
      if (message.type === 'release') {
        try {
          await reader.release()
        } finally {
          if (message.id !== undefined) requests.postMessage({ type: 'released', id: message.id })
        }
        return
      }
      if (message.type === 'content') {
        let answer: FromListReader
        try {
          answer = { type: 'content', id: message.id, hash: contentOfCompanyFile(message.file) }
        } catch (error) {
          answer = {
            type: 'content',
            id: message.id,
            error: error instanceof Error ? error.message : String(error),
          }
        }
        return requests.postMessage(answer)
      }
      const json = await reader.read(message.path, message.channel)
      post({ type: 'encoded', id: message.id, json }, [json.buffer as ArrayBuffer])
    })
  })
}

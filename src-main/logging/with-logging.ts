import type { EventName, EventPayloads, Result } from '../../src-shared/contract'
import type { BackendClient } from '../backend/client'
import type { AppLogger } from './logger'

/** The code of a refusal encoded as JSON, read without parsing a large answer that is no refusal. */
function refusalCode(json: Uint8Array): string | null {
  const head = new TextDecoder().decode(json.subarray(0, 16))
  if (!head.startsWith('{"ok":false')) return null
  const parsed = JSON.parse(new TextDecoder().decode(json)) as Result<unknown>
  return parsed.ok ? null : parsed.error.code
}

/**
 * The backend events worth a log line, as ids and codes only: a workbook opened or closed (its schema
 * version and size, not its company's name), an import's phase, a sync's state; null for the rest.
 */
export function eventLogEntry(
  event: EventName,
  payload: EventPayloads[EventName],
): Record<string, unknown> | null {
  if (event === 'workbook.changed') {
    const { workbook } = payload as EventPayloads['workbook.changed']
    return workbook
      ? {
          event: 'workbook.opened',
          schemaVersion: workbook.schemaVersion,
          employees: workbook.employees,
          demo: workbook.demo === true,
        }
      : { event: 'workbook.closed' }
  }
  if (event === 'import.changed') {
    const summary = payload as EventPayloads['import.changed']
    return {
      event: 'import',
      importId: summary.importId,
      phase: summary.phase,
      rows: summary.rows,
      errorCount: summary.errorCount,
      abortCode: summary.abortReason?.code ?? null,
    }
  }
  if (event === 'sync.status') {
    const status = payload as EventPayloads['sync.status']
    return {
      event: 'sync',
      replica: status.replica,
      online: status.online,
      signedIn: status.signedIn,
      waiting: status.waiting,
    }
  }
  if (event === 'statements.changed') {
    const job = payload as EventPayloads['statements.changed']
    return { event: 'statements', jobId: job.jobId, phase: job.phase, total: job.total, written: job.written }
  }
  return null
}

/** Same phase and state as the last line of its kind: not logged again (an import's edits, sync's ticks). */
function changeKey(entry: Record<string, unknown>): string {
  return JSON.stringify(entry)
}

/** Logs the events of eventLogEntry when they change (an import's edits, sync's ticks: once). */
export function logEvents(backend: BackendClient, logger: AppLogger): () => void {
  const last = new Map<string, string>()
  return backend.onEvent((event, payload) => {
    const entry = eventLogEntry(event, payload)
    if (!entry) return
    const key = changeKey(entry)
    if (last.get(event) === key) return
    last.set(event, key)
    logger.info(entry)
  })
}

/**
 * Logs every refused call of a window (wrap the renderer's or page's way in: its refusals are the
 * ones nobody else reports): the channel and the error code, never the message, which can hold names.
 */
export function logRefusals(backend: BackendClient, logger: AppLogger): BackendClient {
  const refused = (channel: string, code: string) => logger.warn({ event: 'refused', channel, code })
  return {
    async invoke(channel, input, caller) {
      const result = await backend.invoke(channel, input, caller)
      if (!result.ok) refused(channel, result.error.code)
      return result
    },
    async invokeEncoded(channel, input, caller) {
      const json = await backend.invokeEncoded(channel, input, caller)
      const code = refusalCode(json)
      if (code) refused(channel, code)
      return json
    },
    onEvent: (listener) => backend.onEvent(listener),
    stop: () => backend.stop(),
  }
}

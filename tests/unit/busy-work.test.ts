import { describe, expect, it } from 'vitest'
import { BusyWork } from '../../src-main/busy-work'
import type { EventPayloads } from '../../src-shared/contract'

function importEvent(
  importId: string,
  phase: EventPayloads['import.changed']['phase'],
): EventPayloads['import.changed'] {
  return {
    importId,
    phase,
    batches: [],
    rows: 0,
    rowsWithErrors: 0,
    errorCount: 0,
    warnings: [],
    warningCount: 0,
    headers: [],
    abortReason: null,
    imported: 0,
    undoLabel: null,
    redoLabel: null,
    outcome: null,
    pendingEdit: null,
  }
}

function statementsEvent(
  jobId: string,
  phase: EventPayloads['statements.changed']['phase'],
): EventPayloads['statements.changed'] {
  return {
    jobId,
    phase,
    templateName: 't',
    folder: '/tmp',
    total: 3,
    written: 0,
    files: [],
    combined: null,
    error: null,
    startedAt: '',
    finishedAt: null,
  }
}

function syncEvent(online: boolean, waiting: number): EventPayloads['sync.status'] {
  return { replica: true, online, signedIn: true, waiting, lastPulledAt: null, text: '' }
}

describe('BusyWork', () => {
  it('is idle with no events', async () => {
    const busy = new BusyWork()
    expect(busy.busyReason()).toBeNull()
    await expect(busy.whenIdle()).resolves.toBeUndefined()
  })

  it('counts an import while it is parsing or committing, not while in review or after', () => {
    const busy = new BusyWork()
    busy.observe('import.changed', importEvent('i1', 'parsing'))
    expect(busy.busyReason()).toBe('import')
    busy.observe('import.changed', importEvent('i1', 'review'))
    expect(busy.busyReason()).toBeNull()
    busy.observe('import.changed', importEvent('i1', 'committing'))
    expect(busy.busyReason()).toBe('import')
    busy.observe('import.changed', importEvent('i1', 'imported'))
    expect(busy.busyReason()).toBeNull()
  })

  it('counts a running statement batch until it ends', () => {
    const busy = new BusyWork()
    busy.observe('statements.changed', statementsEvent('j1', 'running'))
    expect(busy.busyReason()).toBe('statements')
    busy.observe('statements.changed', statementsEvent('j1', 'failed'))
    expect(busy.busyReason()).toBeNull()
  })

  it('counts a sync push only while changes wait and the server answers', () => {
    const busy = new BusyWork()
    busy.observe('sync.status', syncEvent(false, 4))
    expect(busy.busyReason()).toBeNull()
    busy.observe('sync.status', syncEvent(true, 4))
    expect(busy.busyReason()).toBe('sync')
    busy.observe('sync.status', syncEvent(true, 0))
    expect(busy.busyReason()).toBeNull()
  })

  it('whenIdle waits for every kind of work to end', async () => {
    const busy = new BusyWork()
    busy.observe('import.changed', importEvent('i1', 'committing'))
    busy.observe('sync.status', syncEvent(true, 2))
    let idle = false
    const waiting = busy.whenIdle().then(() => (idle = true))
    busy.observe('import.changed', importEvent('i1', 'imported'))
    await Promise.resolve()
    expect(idle).toBe(false)
    expect(busy.busyReason()).toBe('sync')
    busy.observe('sync.status', syncEvent(true, 0))
    await waiting
    expect(idle).toBe(true)
  })

  it('a workbook closing ends what ran in it', () => {
    const busy = new BusyWork()
    busy.observe('import.changed', importEvent('i1', 'parsing'))
    busy.observe('workbook.changed', { workbook: null })
    expect(busy.busyReason()).toBeNull()
  })
})

import type { EventName, EventPayloads } from '../src-shared/contract'

/** What keeps an update from restarting the app now (docs/release.md, "Updates"). */
export type BusyReason = 'import' | 'statements' | 'sync'

export const BUSY_MESSAGES: Record<BusyReason, string> = {
  import: 'an import is running',
  statements: 'reward statements are being written',
  sync: 'changes are being sent to the server',
}

/**
 * Tracks, from the backend's events, whether work that a restart would cut short is running: an
 * import being read or committed, a batch of statements being written, a sync push (changes waiting
 * while the server answers). Pure: the shell feeds it events (`observe`) and asks.
 */
export class BusyWork {
  private readonly imports = new Set<string>()
  private readonly statements = new Set<string>()
  private pushing = false
  private waiters: (() => void)[] = []

  observe(event: EventName, payload: EventPayloads[EventName]): void {
    if (event === 'import.changed') {
      const summary = payload as EventPayloads['import.changed']
      if (summary.phase === 'parsing' || summary.phase === 'committing') this.imports.add(summary.importId)
      else this.imports.delete(summary.importId)
    } else if (event === 'statements.changed') {
      const job = payload as EventPayloads['statements.changed']
      if (job.phase === 'running') this.statements.add(job.jobId)
      else this.statements.delete(job.jobId)
    } else if (event === 'sync.status') {
      const status = payload as EventPayloads['sync.status']
      this.pushing = status.online && status.waiting > 0
    } else if (event === 'workbook.changed') {
      // A closed or another workbook ends what ran in the last one.
      this.imports.clear()
      this.statements.clear()
      this.pushing = false
    } else return
    if (this.busyReason() === null) this.wake()
  }

  /** The first running kind of work, or null when a restart would cut nothing short. */
  busyReason(): BusyReason | null {
    if (this.imports.size > 0) return 'import'
    if (this.statements.size > 0) return 'statements'
    if (this.pushing) return 'sync'
    return null
  }

  /** Resolves at once when idle, else when the running work has ended. */
  whenIdle(): Promise<void> {
    if (this.busyReason() === null) return Promise.resolve()
    return new Promise((resolve) => this.waiters.push(resolve))
  }

  private wake(): void {
    const waiters = this.waiters
    this.waiters = []
    for (const resolve of waiters) resolve()
  }
}

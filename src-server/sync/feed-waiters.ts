import { sql } from 'kysely'
import type { ServerDb } from '../db/connect'

/**
 * Long-polling desktops wait here for their company's next change. A change made by this process
 * wakes them at once (`notify` after its commit); one shared query every `pollMs` catches changes
 * other server processes committed, so several servers can share one database.
 */
export class FeedWaiters {
  private readonly waiting = new Map<number, Set<() => void>>()
  private lastSeen: number | null = null
  private timer: NodeJS.Timeout | null = null

  constructor(
    private readonly db: ServerDb,
    private readonly pollMs = 250,
  ) {}

  notify(companyId: number): void {
    const wake = this.waiting.get(companyId)
    if (!wake) return
    this.waiting.delete(companyId)
    for (const resolve of wake) resolve()
  }

  /** Resolves when the company's feed may hold a change after `after`, after `ms`, or on `signal`. */
  async wait(companyId: number, after: number, ms: number, signal: AbortSignal): Promise<void> {
    let done!: () => void
    const woken = new Promise<void>((resolve) => (done = resolve))
    const set = this.waiting.get(companyId) ?? new Set()
    set.add(done)
    this.waiting.set(companyId, set)
    this.startPolling()
    const timeout = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
    // A change committed between the caller's read and this registration: do not sleep past it.
    const newest = await this.newestSeq(companyId)
    if (newest > after) done()
    await woken
    clearTimeout(timeout)
    signal.removeEventListener('abort', done)
    this.waiting.get(companyId)?.delete(done)
    if (this.waiting.get(companyId)?.size === 0) this.waiting.delete(companyId)
  }

  close(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    for (const companyId of [...this.waiting.keys()]) this.notify(companyId)
  }

  private async newestSeq(companyId: number): Promise<number> {
    const row = await this.db
      .selectFrom('sync_change')
      .select(sql<number>`coalesce(max(seq), 0)`.as('seq'))
      .where('company_id', '=', companyId)
      .executeTakeFirst()
    return Number(row?.seq ?? 0)
  }

  private startPolling(): void {
    if (this.timer) return
    this.timer = setInterval(() => void this.poll(), this.pollMs)
    this.timer.unref()
  }

  private async poll(): Promise<void> {
    if (this.waiting.size === 0) {
      if (this.timer) clearInterval(this.timer)
      this.timer = null
      this.lastSeen = null
      return
    }
    try {
      if (this.lastSeen === null) {
        const row = await this.db
          .selectFrom('sync_change')
          .select(sql<number>`coalesce(max(seq), 0)`.as('seq'))
          .executeTakeFirst()
        this.lastSeen = Number(row?.seq ?? 0)
        return
      }
      const rows = await this.db
        .selectFrom('sync_change')
        .select(['company_id', sql<number>`max(seq)`.as('seq')])
        .where('seq', '>', this.lastSeen)
        .groupBy('company_id')
        .execute()
      for (const row of rows) {
        this.lastSeen = Math.max(this.lastSeen, Number(row.seq))
        this.notify(row.company_id)
      }
    } catch {
      // The database is away for a moment: the waiters' own time limits still end their waits.
    }
  }
}

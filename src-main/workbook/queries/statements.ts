import type { Workbook } from '../open'

/** The reward statements generated from templates (spec §3): written, sent, their links. */

/** Department and location are not in the table's model; read per statement. */
export function employeePlaces(
  workbook: Workbook,
): (employeeId: number) => { department: string | null; location: string | null } {
  const statement = workbook.sqlite.prepare('SELECT department, location FROM employee WHERE id = ?')
  return (employeeId) =>
    (statement.get(employeeId) as { department: string | null; location: string | null } | undefined) ?? {
      department: null,
      location: null,
    }
}

export interface NewStatement {
  employeeId: number
  templateId: number
  payCycleId: number | null
  content: string
  createdAt: string
  sendStatus: string
  sendMethod: string | null
  sentAt: string | null
}

/** Records statements as they are written (a prepared insert; the caller batches them in transactions). */
export function statementRecorder(workbook: Workbook): (rows: readonly NewStatement[]) => void {
  const insert = workbook.sqlite.prepare(
    `INSERT INTO reward_statement (employee_id, template_id, pay_cycle_id, content, created_at, send_status, send_method, sent_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  return workbook.sqlite.transaction((rows: readonly NewStatement[]) => {
    for (const r of rows)
      insert.run(
        r.employeeId,
        r.templateId,
        r.payCycleId,
        r.content,
        r.createdAt,
        r.sendStatus,
        r.sendMethod,
        r.sentAt,
      )
  })
}

export interface LatestStatement {
  employeeId: number
  id: number
  templateId: number | null
  templateName: string | null
  fileName: string | null
  createdAt: string
  sendStatus: string
  sendMethod: string | null
  sentAt: string | null
  count: number
  /** Sent through the company server: its statement id, the failure. */
  serverStatementId: number | null
  detail: string | null
  /**
   * The magic link of the employee's latest statement sent as a link: this one's, or an earlier
   * one's when this was attached (an attachment cannot be recalled, its earlier link still can).
   */
  link: { revoked: boolean; expiresAt: string } | null
}

/** A statement sent as a link: SENT, with the link's end recorded. */
const SENT_AS_LINK = `send_status = 'SENT' AND json_extract(content, '$.linkExpiresAt') IS NOT NULL`

/** The latest statement of each of these employees, with how many each has. */
export function latestStatements(
  workbook: Workbook,
  employeeIds: readonly number[],
): Map<number, LatestStatement> {
  const found = new Map<number, LatestStatement>()
  if (employeeIds.length === 0) return found
  const rows = workbook.sqlite
    .prepare(
      `SELECT s.id, s.employee_id, s.template_id, s.content, s.created_at, s.send_status, s.send_method, s.sent_at, s.magic_link_revoked, c.n
       FROM reward_statement s
       JOIN (SELECT employee_id, MAX(id) AS last, COUNT(*) AS n FROM reward_statement
             WHERE employee_id IN (SELECT value FROM json_each(?)) GROUP BY employee_id) c
         ON c.last = s.id`,
    )
    .all(JSON.stringify(employeeIds)) as {
    id: number
    employee_id: number
    template_id: number | null
    content: string
    created_at: string
    send_status: string
    send_method: string | null
    sent_at: string | null
    magic_link_revoked: number
    n: number
  }[]
  const links = new Map(
    (
      workbook.sqlite
        .prepare(
          `SELECT s.employee_id, s.magic_link_revoked, json_extract(s.content, '$.linkExpiresAt') AS expires_at
           FROM reward_statement s
           JOIN (SELECT MAX(id) AS last FROM reward_statement
                 WHERE employee_id IN (SELECT value FROM json_each(?)) AND ${SENT_AS_LINK} GROUP BY employee_id) c
             ON c.last = s.id`,
        )
        .all(JSON.stringify(employeeIds)) as {
        employee_id: number
        magic_link_revoked: number
        expires_at: string
      }[]
    ).map((r) => [r.employee_id, { revoked: r.magic_link_revoked === 1, expiresAt: r.expires_at }]),
  )
  for (const r of rows) {
    let content: SentContent & { fileName?: string } = {}
    try {
      content = JSON.parse(r.content) as typeof content
    } catch {
      // An older row's content is not ours to read.
    }
    found.set(r.employee_id, {
      employeeId: r.employee_id,
      id: r.id,
      templateId: r.template_id,
      templateName: content.templateName ?? null,
      fileName: content.fileName ?? null,
      createdAt: r.created_at,
      sendStatus: r.send_status,
      sendMethod: r.send_method,
      sentAt: r.sent_at,
      count: r.n,
      serverStatementId: content.serverStatementId ?? null,
      detail: content.detail ?? null,
      link: links.get(r.employee_id) ?? null,
    })
  }
  return found
}

/** What a statement sent through the company server keeps in its content. */
export interface SentContent {
  templateName?: string
  serverStatementId?: number
  detail?: string | null
  linkExpiresAt?: string | null
}

/** The employee's latest statement the company server sent as a link (its server id), or null. */
export function serverStatementOf(workbook: Workbook, employeeId: number): number | null {
  const row = workbook.sqlite
    .prepare(
      `SELECT json_extract(content, '$.serverStatementId') AS server_id FROM reward_statement
       WHERE employee_id = ? AND json_extract(content, '$.serverStatementId') IS NOT NULL AND ${SENT_AS_LINK}
       ORDER BY id DESC LIMIT 1`,
    )
    .get(employeeId) as { server_id: number } | undefined
  return row?.server_id ?? null
}

/** A magic link revoked or restored on the server, mirrored on the statements that carry it. */
export function markLinkRevoked(workbook: Workbook, serverStatementId: number, revoked: boolean): void {
  workbook.sqlite
    .prepare(
      `UPDATE reward_statement SET magic_link_revoked = ? WHERE json_extract(content, '$.serverStatementId') = ?`,
    )
    .run(revoked ? 1 : 0, serverStatementId)
}

export function countStatements(workbook: Workbook): number {
  return (workbook.sqlite.prepare('SELECT COUNT(*) AS n FROM reward_statement').get() as { n: number }).n
}

export function companyName(workbook: Workbook): string {
  const row = workbook.sqlite.prepare('SELECT name FROM company WHERE id = 1').get() as
    { name: string } | undefined
  return row?.name ?? ''
}

/** A statement as the company server holds it, for `mergeServerStatements`. */
export interface ServerStatementRecord {
  serverStatementId: number
  employeeId: number
  templateName: string
  createdAt: string
  sendStatus: string
  sendMethod: string | null
  sentAt: string | null
  detail: string | null
  link: { expiresAt: string; revoked: boolean } | null
}

/**
 * The company server's statements recorded in the workbook, by their server id: a new one is added
 * (another desktop sent it; its template is named, not linked, templates being each desktop's own),
 * a known one takes the server's status and link state. Statements of employees the workbook does
 * not hold are left out. Answers how many rows were added or changed.
 */
export function mergeServerStatements(
  workbook: Workbook,
  statements: readonly ServerStatementRecord[],
  payCycleId: number | null,
): number {
  if (statements.length === 0) return 0
  const sqlite = workbook.sqlite
  const known = sqlite.prepare(
    `SELECT id, content, send_status, send_method, sent_at, magic_link_revoked,
            json_extract(content, '$.serverStatementId') AS server_id
     FROM reward_statement
     WHERE json_extract(content, '$.serverStatementId') IN (SELECT value FROM json_each(?))`,
  )
  const employee = sqlite.prepare('SELECT 1 FROM employee WHERE id = ?')
  const insert = sqlite.prepare(
    `INSERT INTO reward_statement (employee_id, template_id, pay_cycle_id, content, created_at, send_status, send_method, sent_at, magic_link_revoked)
     VALUES (?, NULL, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const update = sqlite.prepare(
    `UPDATE reward_statement SET content = ?, send_status = ?, send_method = ?, sent_at = ?, magic_link_revoked = ? WHERE id = ?`,
  )
  return sqlite.transaction(() => {
    const rows = known.all(JSON.stringify(statements.map((s) => s.serverStatementId))) as {
      id: number
      content: string
      send_status: string
      send_method: string | null
      sent_at: string | null
      magic_link_revoked: number
      server_id: number
    }[]
    const byServerId = new Map(rows.map((r) => [r.server_id, r]))
    let changed = 0
    for (const s of statements) {
      const revoked = s.link?.revoked ? 1 : 0
      const row = byServerId.get(s.serverStatementId)
      if (!row) {
        if (!employee.get(s.employeeId)) continue
        const content: SentContent = {
          templateName: s.templateName,
          serverStatementId: s.serverStatementId,
          detail: s.detail,
          linkExpiresAt: s.link?.expiresAt ?? null,
        }
        insert.run(
          s.employeeId,
          payCycleId,
          JSON.stringify(content),
          s.createdAt,
          s.sendStatus,
          s.sendMethod,
          s.sentAt,
          revoked,
        )
        changed++
        continue
      }
      let content: SentContent = {}
      try {
        content = JSON.parse(row.content) as SentContent
      } catch {
        // Not ours to read: rewritten below.
      }
      const next: SentContent = { ...content, detail: s.detail, linkExpiresAt: s.link?.expiresAt ?? null }
      const same =
        row.send_status === s.sendStatus &&
        row.send_method === s.sendMethod &&
        row.sent_at === s.sentAt &&
        row.magic_link_revoked === revoked &&
        (content.detail ?? null) === s.detail &&
        (content.linkExpiresAt ?? null) === next.linkExpiresAt
      if (same) continue
      update.run(JSON.stringify(next), s.sendStatus, s.sendMethod, s.sentAt, revoked, row.id)
      changed++
    }
    return changed
  })()
}

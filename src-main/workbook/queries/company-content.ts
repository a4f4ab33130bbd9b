import crypto from 'node:crypto'
import type { Database } from 'better-sqlite3'
import {
  byText,
  CONTENT_PARTS,
  FRACTIONAL_COLUMNS,
  fractionalSql,
  combinedContent,
  payCycleLine,
  type ContentDigest,
  type ContentPart,
} from '../../../src-shared/contract/company-content'
import { snapshotColumns, type SnapshotPart } from '../../../src-shared/contract/company-snapshot-stream'

/** Each part's table, the SQL of its values in the snapshot's column order, and its order. */
function partQuery(
  part: Exclude<SnapshotPart, 'payCycles'>,
  schema: string,
): { values: string; from: string; order: string | null } {
  switch (part) {
    case 'payRanges':
    case 'jobProfiles':
    case 'teams': {
      const table = { payRanges: 'pay_range', jobProfiles: 'job_profile', teams: 'team' }[part]
      return { values: snapshotColumns(part).join(', '), from: `${schema}.${table}`, order: 'id' }
    }
    case 'employees':
    case 'rewards': {
      const fractional = new Set(FRACTIONAL_COLUMNS[part])
      const values = snapshotColumns(part)
        .map((c: string) => (fractional.has(c) ? fractionalSql(c) : c))
        .join(', ')
      return part === 'employees'
        ? { values, from: `${schema}.employee`, order: 'id' }
        : { values, from: `${schema}.reward`, order: 'employee_id' }
    }
    case 'submissions':
      return {
        values: 'planner_employee_id, pay_cycle_id, submission_type, comments',
        from: `${schema}.planner_submission`,
        order: null,
      }
    case 'users':
      return {
        values: 'u.email, u.name, r.name, u.employee_id',
        from: `${schema}.app_user u JOIN ${schema}.role r ON r.id = u.role_id`,
        order: null,
      }
  }
}

/**
 * A workbook's company as the content text of `company-content.ts`, each part hashed, made by SQLite
 * line by line (each part's lines come back as one text): the desktop's side of the company file's
 * check. `schema` names an attached database to read instead of the main one.
 */
export function companyContentParts(
  sqlite: Database,
  newDigest: () => ContentDigest,
  schema = 'main',
): Record<ContentPart, string> {
  const parts = {} as Record<ContentPart, string>
  for (const part of CONTENT_PARTS) {
    const digest = newDigest()
    if (part === 'payCycles') {
      const cycles = sqlite
        .prepare(
          `SELECT id, name, active, effective_date, company_merit_budget, default_currency, currency_conversions, settings
           FROM ${schema}.pay_cycle ORDER BY id`,
        )
        .all() as Record<string, unknown>[]
      for (const c of cycles)
        digest.update(
          `${payCycleLine({
            id: c.id as number,
            name: c.name as string,
            active: c.active === 1,
            effective_date: c.effective_date as string | null,
            company_merit_budget: c.company_merit_budget as number | null,
            default_currency: c.default_currency as never,
            currency_conversions: JSON.parse(String(c.currency_conversions)) as Record<string, number>,
            settings: JSON.parse(String(c.settings)) as Record<string, unknown>,
          })}\n`,
        )
    } else {
      const { values, from, order } = partQuery(part, schema)
      if (order === null) {
        const lines = sqlite.prepare(`SELECT json_array(${values}) FROM ${from}`).pluck().all() as string[]
        for (const line of lines.sort(byText)) digest.update(`${line}\n`)
      } else {
        // Ordered in the inner query, where the key's own order costs nothing (a sort in the
        // aggregate sorts the lines); should SQLite ever concatenate out of that order, the check
        // fails safe: the file is refused and join goes by rows. Taken as its UTF-8 bytes: 26 MB of
        // employees made into a JavaScript string and back cost a quarter of the hash.
        const text = sqlite
          .prepare(
            `SELECT CAST(group_concat(line, char(10)) AS BLOB) FROM (SELECT json_array(${values}) AS line FROM ${from} ORDER BY ${order})`,
          )
          .pluck()
          .get() as Buffer | null
        if (text) {
          digest.update(text)
          digest.update('\n')
        }
      }
    }
    parts[part] = digest.digest()
  }
  return parts
}

/** A workbook's company's content hash, as the server makes it from its rows. */
export function companyContent(sqlite: Database, newDigest: () => ContentDigest, schema = 'main'): string {
  return combinedContent(companyContentParts(sqlite, newDigest, schema), newDigest)
}

/** SHA-256, the content hash's. */
export function sha256Digest(): ContentDigest {
  const hash = crypto.createHash('sha256')
  return { update: (text) => void hash.update(text), digest: () => hash.digest('hex') }
}

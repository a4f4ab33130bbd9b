import type { StatementsMissingRates } from '../domain/missing-rates'
import type { StatementPage } from '../domain/statements/layout'
import type { DataTags } from '../domain/statements/templates'

/** Reward statements (spec §3 Reward statement template, §7 Reward statements): plain data. */

export interface StatementTemplateDto {
  id: number
  name: string
  /** A data: URL (PNG or JPEG) kept in the workbook, or null. */
  logo: string | null
  intro: string
  closing: string
  dataTags: DataTags
  modifiedAt: string
}

/** The template list: without the logos' bytes. */
export interface StatementTemplateSummary {
  id: number
  name: string
  hasLogo: boolean
  dataTags: DataTags
  modifiedAt: string
}

/** A template saved, created, deleted or restored, with the change-log entry that undoes it. */
export interface TemplateChange {
  template: StatementTemplateDto | null
  changeLogId: number
  message: string
}

export interface StatementPreviewDto {
  employee: { id: number; employeeId: string; name: string }
  currency: string
  pages: StatementPage[]
  /** Characters of the employee's texts the bundled font cannot draw (shown as empty boxes). */
  missingGlyphs: string[]
}

export interface StatementStatusDto {
  templateName: string | null
  createdAt: string
  /** NOT_SENT, SAVED (written as a PDF for handing out), SENT, FAILED (by the company server). */
  sendStatus: string
  sendMethod: string | null
  sentAt: string | null
  fileName: string | null
  count: number
  /** Sent through the company server: its statement id, why it failed, its magic link. */
  serverStatementId: number | null
  detail: string | null
  link: { revoked: boolean; expiresAt: string } | null
}

export interface StatementEmployeeRow {
  id: number
  employeeId: string
  name: string
  jobTitle: string | null
  team: string | null
  currency: string
  latest: StatementStatusDto | null
}

export interface StatementEmployeesPage {
  total: number
  rows: StatementEmployeeRow[]
  /** Of the `total`: whose statements leave out their range for want of a rate (issue 36). */
  missingRates: StatementsMissingRates
}

export type StatementScope =
  | { kind: 'employees'; ids: number[] }
  /** By the company's Employee Id (the CLI's --employees). */
  | { kind: 'employeeIds'; employeeIds: string[] }
  | { kind: 'filter'; search: string; teamId: number | null }
  | { kind: 'team'; teamId: number }
  | { kind: 'all' }

export interface StatementJobSummary {
  jobId: string
  phase: 'running' | 'done' | 'cancelled' | 'failed'
  templateName: string
  folder: string
  total: number
  written: number
  /** File names in `folder`, in the order written (complete once the job ends). */
  files: string[]
  /** The combined PDF's file name, when asked for and written. */
  combined: string | null
  error: string | null
  startedAt: string
  finishedAt: string | null
}

/** One step of sending by e-mail (the renderer asks step by step: progress, Cancel between steps). */
/** statements.refresh: how many of the workbook's statements the server's answer added or changed. */
export interface StatementsRefreshed {
  changed: number
}

export interface StatementSendStep {
  total: number
  /** Employees handled so far, this step included. */
  done: number
  sent: number
  failed: number
  results: { employeeId: number; name: string; status: string; detail: string | null }[]
}

import fs from 'node:fs'
import path from 'node:path'
import type { SessionUser, StatementJobSummary, StatementScope } from '../../../src-shared/contract'
import {
  COMBINED_FILE_NAME,
  statementFileName,
  uniqueFileName,
} from '../../../src-shared/domain/statements/file-names'
import { layoutStatement } from '../../../src-shared/domain/statements/layout'
import type { Workbook } from '../../workbook/open'
import {
  companyName,
  employeePlaces,
  statementRecorder,
  type NewStatement,
} from '../../workbook/queries/statements'
import { Failure } from '../failure'
import type { Emit } from '../emit'
import type { TableModel } from '../table/model'
import { scopeIndexes } from './employees'
import { localDay, statementFacts } from './facts'
import { fontMeasure } from './fonts'
import { StatementPdf } from './pdf'
import { logoOf } from './preview'
import { getTemplate } from './templates'

/**
 * Batches of reward statements (generate-batch), written in the background: one PDF per employee
 * in the chosen folder and, when asked, one combined PDF. Statements stream: each is laid out,
 * drawn and written while the next is prepared (a few files in flight), so memory does not grow
 * with the batch. Progress goes out as task.progress, the end as statements.changed; a cancel is
 * served between two statements. Each written statement is recorded (template, when, send status
 * SAVED by 'pdf': without a company server, saving PDFs is how statements are handed out).
 */

/** Files being finished on disk at once. */
const IN_FLIGHT = 4
/** Statements recorded per transaction. */
const RECORD_BATCH = 250
const PROGRESS_MS = 150

interface Job {
  summary: StatementJobSummary
  controller: AbortController
  settled: Promise<void>
}

export interface GenerateRequest {
  templateId: number
  folder: string
  scope: StatementScope
  combined: boolean
}

/** Makes the folder when missing and checks it can be written to, before the batch starts. */
function prepareFolder(folder: string): string {
  const absolute = path.resolve(folder)
  try {
    fs.mkdirSync(absolute, { recursive: true })
    fs.accessSync(absolute, fs.constants.W_OK)
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unknown error'
    throw new Failure('BAD_INPUT', `The statements cannot be written to ${absolute} (${reason}).`)
  }
  if (!fs.statSync(absolute).isDirectory()) throw new Failure('BAD_INPUT', `${absolute} is not a folder.`)
  return absolute
}

export class StatementJobs {
  private readonly jobs = new Map<string, Job>()

  constructor(private readonly emit: Emit) {}

  start(
    workbook: Workbook,
    model: TableModel,
    user: SessionUser,
    request: GenerateRequest,
  ): StatementJobSummary {
    const template = getTemplate(workbook, request.templateId)
    const indexes = scopeIndexes(model, user, request.scope)
    if (indexes.length === 0) throw new Failure('BAD_INPUT', 'No employees are in this selection.')
    const folder = prepareFolder(request.folder)
    const logo = logoOf(template.logo)
    const summary: StatementJobSummary = {
      jobId: crypto.randomUUID(),
      phase: 'running',
      templateName: template.name,
      folder,
      total: indexes.length,
      written: 0,
      files: [],
      combined: null,
      error: null,
      startedAt: new Date().toISOString(),
      finishedAt: null,
    }
    const job: Job = { summary, controller: new AbortController(), settled: Promise.resolve() }
    this.jobs.set(summary.jobId, job)
    job.settled = this.run(job, async (signal) => {
      const measure = fontMeasure()
      const company = companyName(workbook)
      const places = employeePlaces(workbook)
      const record = statementRecorder(workbook)
      const now = new Date()
      const createdAt = now.toISOString()
      const day = localDay(now)
      const used = new Set<string>([COMBINED_FILE_NAME.toLowerCase()])
      const combined = request.combined
        ? new StatementPdf(path.join(folder, COMBINED_FILE_NAME), {
            title: `Reward statements (${template.name})`,
            author: company,
          })
        : null
      const inFlight: Promise<void>[] = []
      let pending: NewStatement[] = []
      let lastProgress = 0
      const flush = () => {
        if (pending.length > 0) record(pending)
        pending = []
      }
      try {
        for (const index of indexes) {
          if (signal.aborted) break
          const row = model.rows[index]
          const facts = statementFacts(model, row, places(row.e.id), day)
          const pages = layoutStatement({ companyName: company, template, logo, facts }, measure)
          const fileName = uniqueFileName(statementFileName(facts.employeeId, facts.name), used)
          const pdf = new StatementPdf(path.join(folder, fileName), {
            title: `Reward statement: ${facts.name}`,
            author: company,
          })
          pdf.addPages(pages)
          combined?.addPages(pages)
          summary.files.push(fileName)
          inFlight.push(
            pdf.finish().then(() => {
              summary.written++
            }),
          )
          pending.push({
            employeeId: row.e.id,
            templateId: template.id,
            payCycleId: model.payCycle.id,
            content: JSON.stringify({ templateName: template.name, fileName, folder }),
            createdAt,
            sendStatus: 'SAVED',
            sendMethod: 'pdf',
            sentAt: createdAt,
          })
          if (pending.length >= RECORD_BATCH) flush()
          if (inFlight.length >= IN_FLIGHT) await inFlight.shift()
          if (combined?.congested) await combined.drained()
          const at = performance.now()
          if (at - lastProgress > PROGRESS_MS) {
            lastProgress = at
            this.progress(summary)
          }
        }
        await Promise.all(inFlight)
        flush()
        if (combined) {
          if (signal.aborted) await combined.abandon()
          else {
            await combined.finish()
            summary.combined = COMBINED_FILE_NAME
          }
        }
      } catch (error) {
        await Promise.allSettled(inFlight)
        flush()
        await combined?.abandon()
        throw error
      }
    })
    this.progress(summary)
    return { ...summary, files: [...summary.files] }
  }

  private async run(job: Job, work: (signal: AbortSignal) => Promise<void>): Promise<void> {
    const { summary } = job
    try {
      await work(job.controller.signal)
      summary.phase = job.controller.signal.aborted ? 'cancelled' : 'done'
    } catch (error) {
      summary.phase = 'failed'
      summary.error = error instanceof Error ? error.message : String(error)
    }
    summary.finishedAt = new Date().toISOString()
    this.progress(summary)
    this.emit('statements.changed', this.summary(summary.jobId))
  }

  private progress(summary: StatementJobSummary): void {
    this.emit('task.progress', {
      task: 'statements',
      done: summary.written,
      total: summary.total,
      message: `${summary.written.toLocaleString('en-US')} of ${summary.total.toLocaleString('en-US')} statements written`,
    })
  }

  summary(jobId: string): StatementJobSummary {
    const job = this.jobs.get(jobId)
    if (!job) throw new Failure('NOT_FOUND', 'This batch of statements is no longer known.')
    return { ...job.summary, files: [...job.summary.files] }
  }

  cancel(jobId: string): StatementJobSummary {
    const job = this.jobs.get(jobId)
    if (!job) throw new Failure('NOT_FOUND', 'This batch of statements is no longer known.')
    if (job.summary.phase === 'running') job.controller.abort()
    return this.summary(jobId)
  }

  async whenSettled(jobId: string): Promise<StatementJobSummary> {
    const job = this.jobs.get(jobId)
    if (!job) throw new Failure('NOT_FOUND', 'This batch of statements is no longer known.')
    await job.settled
    return this.summary(jobId)
  }

  /** The workbook closes: running batches stop (what was written stays). */
  async cancelAll(): Promise<void> {
    for (const job of this.jobs.values()) job.controller.abort()
    await Promise.allSettled([...this.jobs.values()].map((j) => j.settled))
    this.jobs.clear()
  }
}

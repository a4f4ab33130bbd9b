import path from 'node:path'
import type {
  AppInfo,
  CompanyFileJoin,
  SecretStoreStatus,
  SessionUser,
  WorkbookSummary,
} from '../../src-shared/contract'
import { canAccessPage } from '../../src-shared/domain/roles'
import { findOwner, findUserByEmail } from '../workbook/queries/admin'
import { workbookSummary } from '../workbook/queries/summary'
import { openWorkbook, type Workbook } from '../workbook/open'
import type { Owner } from '../workbook/seed'
import type { Emit } from './emit'
import { Failure } from './failure'
import { ImportJobs } from './import/jobs'
import { StatementJobs } from './statements/jobs'
import { RecentFiles } from './recent-files'
import { browserFilesFolder } from './browser-files'
import { TableCache } from './table/cache'
import { createDemoWorkbook, createWorkbook } from './workbooks'
import { ReplicaJoin, type JoiningCompany } from './replica-join'
import { joinFromCompanyFile, type CompanyFileContent, type DownloadedCompanyFile } from './company-file'

export type { Emit } from './emit'

export interface SessionOptions {
  mode: AppInfo['mode']
  version: string
  /** Where recent files and the demo workbook live. */
  dataDir: string
  /** Where the shell's logger writes (Electron's logs path); else <dataDir>/logs. */
  logDir?: string
  /** Act as this user of the workbook (`--as <email>`); otherwise the workbook's owner. */
  actAs: string | null
  /** Where the shell keeps sign-in tokens (shown in Settings); null in the CLI. */
  secretStore?: SecretStoreStatus | null
  emit: Emit
  /** The CLI leaves the app's recent-files list alone (default true). */
  rememberRecent?: boolean
  /** Hashes a company file's content for join (the app: on the list reader's thread); else here. */
  companyFileContent?: CompanyFileContent
  /**
   * Closes every other connection to the open workbook (the app's list reader), so the writer
   * closes last and leaves the file whole, without a WAL.
   */
  closeReaders?: () => Promise<void>
}

export const DEMO_FILE_NAME = 'Demo Company.paycycle'
export const DEMO_EMPLOYEES = 500
export const DEMO_SEED = 1

/** The one open workbook of a running Meritbook and who is acting on it. */
export class Session {
  workbook: Workbook | null = null
  user: SessionUser | null = null
  private summary: WorkbookSummary | null = null
  private joining: ReplicaJoin | null = null
  readonly recent: RecentFiles
  /** Imports under way on the open workbook; discarded when it closes. */
  readonly imports: ImportJobs
  /** Batches of reward statements being written; stopped when the workbook closes. */
  readonly statements: StatementJobs
  /** The Compensation Table's model of the open workbook (services/table); dropped when it changes. */
  readonly table = new TableCache()

  constructor(readonly options: SessionOptions) {
    this.recent = new RecentFiles(options.dataDir)
    this.imports = new ImportJobs(options.emit)
    this.statements = new StatementJobs(options.emit)
  }

  info(): AppInfo {
    return {
      mode: this.options.mode,
      version: this.options.version,
      nativeDialogs: this.options.mode === 'electron',
      filesFolder: this.options.mode === 'browser' ? browserFilesFolder(this.options.dataDir) : null,
      workbook: this.summary,
      user: this.user,
      secretStore: this.options.secretStore ?? null,
    }
  }

  async open(filePath: string): Promise<WorkbookSummary> {
    const absolute = path.resolve(filePath)
    if (this.workbook?.path === absolute && this.summary) return this.summary
    const workbook = await openWorkbook(absolute)
    return this.adopt(workbook)
  }

  async create(filePath: string, owner: Owner): Promise<WorkbookSummary> {
    return this.adopt(await createWorkbook(filePath, owner))
  }

  /**
   * A new replica of a server company at `filePath`, written as its download streams in: `joinBytes`
   * with each chunk, then `finishJoin` opens it as the signed-in user (`abortJoin` removes it).
   */
  async beginJoin(filePath: string, company: JoiningCompany): Promise<null> {
    await this.abortJoin()
    this.joining = await ReplicaJoin.begin(filePath, company)
    return null
  }

  async joinBytes(bytes: Uint8Array): Promise<null> {
    const joining = this.joiningNow()
    await joining.bytes(bytes).catch((error: unknown) => {
      this.joining = null
      throw error
    })
    this.options.emit('task.progress', {
      task: 'join',
      done: joining.rows,
      total: null,
      message: `${joining.rows.toLocaleString('en-US')} rows written`,
    })
    return null
  }

  async finishJoin(): Promise<WorkbookSummary> {
    const joining = this.joiningNow()
    this.joining = null
    return this.adopt(await joining.finish())
  }

  /** A new replica of a server company at `filePath` from a downloaded company file, or why the file was refused. */
  async joinFromFile(
    filePath: string,
    company: JoiningCompany,
    download: DownloadedCompanyFile,
  ): Promise<CompanyFileJoin> {
    await this.abortJoin()
    this.options.emit('task.progress', {
      task: 'join',
      done: 0,
      total: null,
      message: 'company file downloaded, checking it against the server',
    })
    const joined = await joinFromCompanyFile(filePath, company, download, this.options.companyFileContent)
    return typeof joined === 'string' ? { refused: joined } : { summary: await this.adopt(joined) }
  }

  async abortJoin(): Promise<null> {
    const joining = this.joining
    this.joining = null
    await joining?.abort()
    return null
  }

  private joiningNow(): ReplicaJoin {
    if (!this.joining) throw new Failure('BAD_INPUT', 'No company is being joined: start the join again.')
    return this.joining
  }

  async openDemo(): Promise<WorkbookSummary> {
    const demoPath = this.demoPath()
    try {
      return await this.open(demoPath)
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'FILE_NOT_FOUND')) throw error
    }
    return this.adopt(await createDemoWorkbook(demoPath, { employees: DEMO_EMPLOYEES, seed: DEMO_SEED }))
  }

  /** After a change of the company's size (an import), tells the windows the new summary. */
  async refreshSummary(): Promise<void> {
    if (!this.workbook) return
    this.summary = await this.summarize(this.workbook)
    this.options.emit('workbook.changed', { workbook: this.summary })
  }

  /**
   * Builds the Compensation Table's model ahead of its first use when the acting user may open the
   * table: the app runs it while the page boots after a workbook opens (or an import changed it),
   * so the first rows need not wait a second for the model at 100,000 employees.
   */
  async prepareTable(): Promise<void> {
    const { workbook, user } = this
    if (!workbook || !user || !canAccessPage(user.role, 'employeetable') || this.table.peek(workbook)) return
    try {
      await this.table.get(workbook)
    } catch {
      // The table's own request reports what is wrong (no pay cycle, a damaged file).
    }
  }

  async close(): Promise<void> {
    await this.abortJoin()
    const workbook = this.workbook
    this.imports.discardAll()
    await this.statements.cancelAll()
    this.table.invalidate()
    this.workbook = null
    this.user = null
    this.summary = null
    if (workbook) {
      await this.options.closeReaders?.()
      await workbook.close()
      this.options.emit('workbook.changed', { workbook: null })
    }
  }

  /** Makes an opened workbook current: resolves who acts, records it as recent, tells the windows. */
  private async adopt(workbook: Workbook): Promise<WorkbookSummary> {
    let user: SessionUser
    try {
      user = await this.resolveActor(workbook)
    } catch (error) {
      await workbook.close()
      throw error
    }
    await this.close()
    this.workbook = workbook
    this.user = user
    this.summary = await this.summarize(workbook)
    if (this.options.rememberRecent !== false) this.recent.remember(workbook.path)
    this.options.emit('workbook.changed', { workbook: this.summary })
    return this.summary
  }

  private async summarize(workbook: Workbook): Promise<WorkbookSummary> {
    const summary = await workbookSummary(workbook)
    const withNotice = workbook.notice ? { ...summary, notice: workbook.notice } : summary
    return workbook.path === this.demoPath() ? { ...withNotice, demo: true } : withNotice
  }

  private demoPath(): string {
    return path.resolve(this.options.dataDir, DEMO_FILE_NAME)
  }

  private async resolveActor(workbook: Workbook): Promise<SessionUser> {
    const email = this.options.actAs
    const user = email ? await findUserByEmail(workbook, email) : await findOwner(workbook)
    if (!user) {
      throw new Failure(
        'NOT_FOUND',
        email
          ? `${path.basename(workbook.path)} has no user with the email ${email}.`
          : `${path.basename(workbook.path)} has no owner; it cannot be opened.`,
      )
    }
    return { id: user.id, email: user.email, name: user.name, role: user.role, employeeId: user.employeeId }
  }
}

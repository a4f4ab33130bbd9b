import fs from 'node:fs'
import path from 'node:path'
import { DamagedDownload, SnapshotReader } from '../../src-shared/contract/company-snapshot-stream'
import { Failure } from './failure'
import { openWorkbook, type Workbook } from '../workbook/open'
import { SnapshotWriter, type JoinedCompany } from '../workbook/queries/write-snapshot'
import { refuseExisting, withWorkbookExtension } from './workbooks'

/** The company being joined, known before its rows: the feed position comes with the last line. */
export type JoiningCompany = Omit<JoinedCompany, 'feedSeq'>

/**
 * A new replica being written while its company downloads (join): each chunk of the download's bytes
 * is checked and written as it arrives, in one transaction, so the company is never held whole.
 * `finish` commits and answers the workbook open; `abort` (or any failure) removes the file.
 */
export class ReplicaJoin {
  private constructor(
    private readonly workbook: Workbook,
    private readonly company: JoiningCompany,
    private readonly writer: SnapshotWriter,
    private readonly reader: SnapshotReader,
  ) {}

  static async begin(filePath: string, company: JoiningCompany): Promise<ReplicaJoin> {
    const target = withWorkbookExtension(path.resolve(filePath))
    refuseExisting(target)
    const workbook = await openWorkbook(target, { create: true })
    try {
      const writer = new SnapshotWriter(workbook)
      return new ReplicaJoin(workbook, company, writer, new SnapshotReader(writer))
    } catch (error) {
      await removeWorkbook(workbook)
      throw error
    }
  }

  /** Rows written so far. */
  get rows(): number {
    return this.reader.rowsRead
  }

  async bytes(chunk: Uint8Array): Promise<void> {
    try {
      this.reader.chunk(chunk)
    } catch (error) {
      await this.abort()
      throw refusal(error)
    }
  }

  async finish(): Promise<Workbook> {
    try {
      const feedSeq = this.reader.end()
      this.writer.commit({ ...this.company, feedSeq })
      return this.workbook
    } catch (error) {
      await this.abort()
      throw refusal(error)
    }
  }

  async abort(): Promise<void> {
    this.writer.rollback()
    await removeWorkbook(this.workbook)
  }
}

export async function removeWorkbook(workbook: Workbook): Promise<void> {
  await workbook.close()
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${workbook.path}${suffix}`, { force: true })
}

/** A damaged download is the server's fault, said as such; anything else is this app's. */
function refusal(error: unknown): unknown {
  return error instanceof DamagedDownload ? new Failure('SERVER', error.message) : error
}

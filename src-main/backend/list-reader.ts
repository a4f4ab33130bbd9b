import { ok, stringifyListEnvelope } from '../../src-shared/contract'
import { failureOf } from '../ipc/dispatch'
import { COMPANY_LISTS, type CompanyListChannel } from '../ipc/handlers/data'
import { openReadConnection, type Workbook } from '../workbook/open'

/**
 * The list reader: the company lists of the initial data load (employees, rewards, users…) read
 * on a read-only connection of its own, one at a time, and answered as encoded JSON so neither
 * the workbook worker nor the shell's thread spends time on tens of MiB. A read sees the workbook
 * as committed when it runs.
 */
export class ListReader {
  private workbook: Workbook | null = null
  private readonly encoder = new TextEncoder()

  constructor(private readonly log: (line: string) => void = console.warn) {}

  /** The envelope of the channel's answer, as UTF-8 JSON with one list item per line. */
  async read(path: string, channel: CompanyListChannel): Promise<Uint8Array> {
    let envelope
    try {
      const workbook = await this.connect(path)
      envelope = ok(await COMPANY_LISTS[channel](workbook))
    } catch (error) {
      envelope = failureOf(channel, error, this.log)
    }
    return this.encoder.encode(stringifyListEnvelope(envelope))
  }

  async release(): Promise<void> {
    const workbook = this.workbook
    this.workbook = null
    await workbook?.close()
  }

  private async connect(path: string): Promise<Workbook> {
    if (this.workbook?.path === path) return this.workbook
    await this.release()
    this.workbook = openReadConnection(path)
    return this.workbook
  }
}

import type { Workbook } from '../../workbook/open'
import { loadTableSource } from '../../workbook/queries/table'
import { Failure } from '../failure'
import { NO_PAY_CYCLE } from '../pay-cycle'
import { TableModel } from './model'
import { textRanks } from './query'

/**
 * The session's Compensation Table model: built on first use, kept while the workbook is open, and
 * dropped (rebuilt on next use) whenever the workbook changes other than by `rewards.update`: an
 * import, a pay-cycle change, a bulk plan, closing the workbook. A team budget is changed in place
 * (`TableModel.setTeamBudget`).
 */
export class TableCache {
  private model: TableModel | null = null
  private workbook: Workbook | null = null
  private generation = 0

  async get(workbook: Workbook): Promise<TableModel> {
    if (this.model && this.workbook === workbook) return this.model
    const generation = ++this.generation
    const source = await loadTableSource(workbook)
    const { payCycle } = source
    if (!payCycle) throw new Failure('NOT_FOUND', NO_PAY_CYCLE)
    const model = new TableModel({ ...source, payCycle })
    // The table's first column; ranked now so the first sort by name is as quick as the next.
    textRanks(model, 'employeeName')
    // A change while this build read the workbook makes the next use build again.
    if (generation === this.generation) {
      this.model = model
      this.workbook = workbook
    }
    return model
  }

  /** The model when built for this workbook, else null (nothing to keep up to date). */
  peek(workbook: Workbook): TableModel | null {
    return this.workbook === workbook ? this.model : null
  }

  /**
   * A change made in place on the built model (a submission, a send-back); a build under way read the
   * workbook before the change, so it is not kept.
   */
  update(workbook: Workbook, change: (model: TableModel) => void): void {
    this.generation++
    if (this.model && this.workbook === workbook) change(this.model)
  }

  invalidate(): void {
    this.generation++
    this.model = null
    this.workbook = null
  }
}

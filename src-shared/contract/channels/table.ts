import { z } from 'zod'
import { text } from '../text'
import type { BulkPlanResult, CheckReport } from '../dto'
import type {
  RewardHistoryEntry,
  TablePage,
  TableRow,
  ViewAsChoice,
  ViolationGroupsDto,
  ViolationItemsPage,
} from '../table-dto'
import { rewardChangesSchema, tableQuerySchema } from '../table-schema'
import { CURRENCY_CODES } from '../../domain/currencies'
import type { PayProblemList } from '../../domain/submit-pay-problems'
import { channel, none, planningEditor, planningPages } from './shared'

/** The Compensation Table and planning: queries, edits, bulk plans, export and checks. */
export const tableChannels = {
  /** Bulk planner input: a CSV's header and rows, validated and applied all-or-nothing. */
  'rewards.bulkPlan': channel<BulkPlanResult>()(
    z
      .object({
        headers: z.array(text()).max(200),
        rows: z.array(z.array(text()).max(200)).max(500_000),
      })
      .strict(),
    planningEditor,
  ),
  /**
   * The Compensation Table, computed in the main process: a page of rows after sort, filters and
   * search, scoped to the acting user (or the employee viewed as, within the acting user's scope).
   */
  'table.query': channel<TablePage>()(tableQuerySchema, planningEditor),
  /** The 'View as' picker: employees other than oneself who have users (a planner: within their teams). */
  'table.viewAsChoices': channel<ViewAsChoice[]>()(none, planningEditor),
  /** The 'View All' panel: the violations of the rows in view, grouped by rule with their counts. */
  'table.violationGroups': channel<ViolationGroupsDto>()(
    z.object({ viewAsEmployeeId: z.number().int().positive().nullable() }).strict(),
    planningEditor,
  ),
  /** A page of one rule's employees for the 'View All' panel. */
  'table.violationItems': channel<ViolationItemsPage>()(
    z
      .object({
        viewAsEmployeeId: z.number().int().positive().nullable(),
        rule: text().min(1).max(100),
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(200),
      })
      .strict(),
    planningEditor,
  ),
  /** Submit's warning: the Error-level pay problems of one's own plan (a count and the first ten). */
  'table.submitPayProblems': channel<PayProblemList>()(none, planningEditor),
  /** Planner edits, one undo step: all applied in one transaction, a reward-history row each. */
  'rewards.update': channel<TableRow[]>()(
    z
      .object({
        updates: z
          .array(z.object({ employeeId: z.number().int().positive(), changes: rewardChangesSchema }).strict())
          .min(1)
          .max(5000),
      })
      .strict(),
    planningEditor,
  ),
  /**
   * A paste's rows: the anchor row and the rows after it in the view's order (sort, filters, search,
   * 'View as'), across pages; fewer when the view ends first.
   */
  'table.rowsFrom': channel<TableRow[]>()(
    z
      .object({
        query: tableQuerySchema.omit({ offset: true, limit: true }),
        anchorId: z.number().int().positive(),
        count: z.number().int().min(1).max(5000),
      })
      .strict(),
    planningEditor,
  ),
  'rewards.history': channel<RewardHistoryEntry[]>()(
    z.object({ employeeId: z.number().int().positive() }).strict(),
    planningEditor,
  ),
  /** The table as shown (query without paging, columns, preferred currency) as CSV text. */
  'table.exportCsv': channel<{ csv: string; rows: number }>()(
    z
      .object({
        query: tableQuerySchema.omit({ offset: true, limit: true }),
        columns: z.array(text()).min(1).max(50),
        currency: z.enum(CURRENCY_CODES),
      })
      .strict(),
    planningEditor,
  ),
  /** The table as shown (as table.exportCsv) as an Excel workbook: the .xlsx file's bytes in base64. */
  'table.exportXlsx': channel<{ base64: string; rows: number }>()(
    z
      .object({
        query: tableQuerySchema.omit({ offset: true, limit: true }),
        columns: z.array(text()).min(1).max(50),
        currency: z.enum(CURRENCY_CODES),
      })
      .strict(),
    planningEditor,
  ),
  /** Every violation, proration and budget check the acting user can see. */
  'checks.run': channel<CheckReport>()(none, planningPages),
} as const

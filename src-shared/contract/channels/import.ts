import { z } from 'zod'
import { text } from '../text'
import { PLAN_MODES, type PlanMode } from '../../domain/reimport'
import type { ImportPreview, ImportRowsPage, ImportSummary } from '../import-dto'
import { admin, channel, filePath, member, none } from './shared'

const importId = text().min(1).max(100)

/** The employee import (Manage Data) and the company export in its format. */
export const importChannels = {
  /**
   * The employee import (Manage Data). `start` reads a CSV on this machine's disk in the
   * background (progress: task.progress; end: import.changed); browser mode uploads the chosen file
   * first (POST /api/upload). Nothing is written until `commit`, which refuses while errors remain.
   */
  'import.start': channel<ImportSummary>()(z.object({ path: filePath }).strict(), admin),
  'import.append': channel<ImportSummary>()(z.object({ importId, path: filePath }).strict(), admin),
  'import.cancel': channel<ImportSummary>()(z.object({ importId }).strict(), admin),
  'import.summary': channel<ImportSummary>()(z.object({ importId }).strict(), admin),
  'import.rows': channel<ImportRowsPage>()(
    z
      .object({
        importId,
        onlyErrors: z.boolean(),
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(5000),
      })
      .strict(),
    admin,
  ),
  /** Edits one cell (a field of the spec's import table) and re-validates. */
  'import.editCell': channel<ImportSummary>()(
    z
      .object({
        importId,
        row: z.number().int().min(1),
        field: text().min(1),
        value: text().max(10_000),
        /** 'ask': an edit that would make other rows disagree on a key waits in summary.pendingEdit. */
        conflicts: z.enum(['ask', 'mark']).optional(),
      })
      .strict(),
    admin,
  ),
  /** The answer to summary.pendingEdit: apply and mark, apply and make all match, apply and rename the key, or drop it. */
  'import.resolveEdit': channel<ImportSummary>()(
    z
      .object({
        importId,
        resolution: z.enum(['mark', 'matchRow', 'rename', 'cancel']),
        key: z.enum(['payRangeName', 'jobCode']).optional(),
        newValue: text().trim().min(1).max(200).optional(),
      })
      .strict(),
    admin,
  ),
  /**
   * A consistency-key fix: 'matchRow' makes every row sharing the key agree with row `row`;
   * 'rename' gives the rows that fully match row `row` the key `newValue`.
   */
  'import.fixConsistency': channel<ImportSummary>()(
    z
      .object({
        importId,
        row: z.number().int().min(1),
        field: z.enum(['payRangeName', 'jobCode']),
        mode: z.enum(['matchRow', 'rename']),
        newValue: text().trim().min(1).max(200).optional(),
      })
      .strict(),
    admin,
  ),
  /** "This column is day-first": its d/m/yyyy dates rewritten as yyyy-mm-dd, one undo step (issue 36). */
  'import.readDayFirst': channel<ImportSummary>()(
    z.object({ importId, field: z.enum(['hireDate', 'dateOfLastIncrease']) }).strict(),
    admin,
  ),
  'import.revalidate': channel<ImportSummary>()(z.object({ importId }).strict(), admin),
  /** Imports in review with fixes made (lost when the workbook closes): how many, and how many fixes. */
  'import.pending': channel<{ imports: number; fixes: number }>()(none, member),
  /** Every error of the import as a CSV report (Row, Employee Id, Header, Code, Message, Consistency Key). */
  'import.errorReport': channel<{ csv: string }>()(z.object({ importId }).strict(), admin),
  /** Takes back the last edit or consistency fix of the rows (summary.undoLabel names it). */
  'import.undo': channel<ImportSummary>()(z.object({ importId }).strict(), admin),
  /** Makes again the last change taken back (summary.redoLabel names it). */
  'import.redo': channel<ImportSummary>()(z.object({ importId }).strict(), admin),
  /**
   * What the import would do to the workbook: new, updated and unchanged employees and the plans it
   * affects (counted over the rows without errors), with one page of the updated employees or of
   * the affected plans and what each choice makes of them.
   */
  'import.preview': channel<ImportPreview>()(
    z
      .object({
        importId,
        list: z.enum(['updated', 'plans']),
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(500),
      })
      .strict(),
    admin,
  ),
  /**
   * What becomes of the affected plans at commit: for all (without employeeId; drops the employees'
   * own choices), or for one Employee Id (mode null: as for all).
   */
  'import.choosePlan': channel<null>()(
    z
      .object({
        importId,
        mode: z.enum(PLAN_MODES as [PlanMode, ...PlanMode[]]).nullable(),
        employeeId: text().min(1).max(200).optional(),
      })
      .strict(),
    admin,
  ),
  /** Issue 39: what becomes of the workbook's employees missing from the file at commit. */
  'import.chooseMissing': channel<null>()(
    z.object({ importId, choice: z.enum(['keep', 'endRewards']) }).strict(),
    admin,
  ),
  'import.commit': channel<ImportSummary>()(z.object({ importId }).strict(), admin),
  'import.discard': channel<null>()(z.object({ importId }).strict(), admin),
  /** Writes the company in the import format to a file on this machine. */
  'company.export': channel<{ path: string; rows: number }>()(z.object({ path: filePath }).strict(), admin),
} as const

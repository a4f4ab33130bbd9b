import { z } from 'zod'
import { text } from '../text'
import type {
  StatementEmployeesPage,
  StatementJobSummary,
  StatementPreviewDto,
  StatementTemplateDto,
  StatementTemplateSummary,
  TemplateChange,
} from '../statements-dto'
import { DATA_TAGS, TEMPLATE_NAME_MAX, TEMPLATE_TEXT_MAX } from '../../domain/statements/templates'
import { channel, filePath, none, statementsPage } from './shared'

const templateId = z.number().int().positive()
/** A draft as the editor holds it (templateProblems checks it in main before anything is written). */
const templateDraft = z
  .object({
    name: text().max(TEMPLATE_NAME_MAX * 2),
    // A 1 MiB image as base64, with its data: prefix.
    logo: text().max(1_500_000).nullable(),
    intro: text().max(TEMPLATE_TEXT_MAX * 2),
    closing: text().max(TEMPLATE_TEXT_MAX * 2),
    dataTags: z.object(
      Object.fromEntries(DATA_TAGS.map((t) => [t, z.boolean()])) as Record<
        (typeof DATA_TAGS)[number],
        z.ZodBoolean
      >,
    ),
  })
  .strict()
export const statementScope = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('employees'), ids: z.array(z.number().int().positive()).min(1).max(200_000) })
    .strict(),
  z
    .object({
      kind: z.literal('employeeIds'),
      employeeIds: z.array(text().trim().min(1).max(200)).min(1).max(200_000),
    })
    .strict(),
  z
    .object({
      kind: z.literal('filter'),
      search: text().max(200),
      teamId: z.number().int().positive().nullable(),
    })
    .strict(),
  z.object({ kind: z.literal('team'), teamId: z.number().int().positive() }).strict(),
  z.object({ kind: z.literal('all') }).strict(),
])

/** Reward Statements: templates, preview and batch generation. */
export const statementsChannels = {
  /** Reward statement templates, by name (without the logos' bytes). */
  'statements.templates': channel<StatementTemplateSummary[]>()(none, statementsPage),
  'statements.template': channel<StatementTemplateDto>()(
    z.object({ id: templateId }).strict(),
    statementsPage,
  ),
  /** POST (id null) or PATCH employee/reward-statements-templates/{id}/; one change-log entry (undo). */
  'statements.saveTemplate': channel<TemplateChange>()(
    z.object({ id: templateId.nullable(), draft: templateDraft }).strict(),
    statementsPage,
  ),
  'statements.deleteTemplate': channel<TemplateChange>()(
    z.object({ id: templateId }).strict(),
    statementsPage,
  ),
  /** Undo ('before') or redo ('after') of a template's save, creation or delete, from its change-log entry. */
  'statements.restoreTemplate': channel<TemplateChange>()(
    z.object({ changeLogId: z.number().int().positive(), side: z.enum(['before', 'after']) }).strict(),
    statementsPage,
  ),
  /** RewardStatementPreview: one employee's statement laid out exactly as its PDF draws it. */
  'statements.preview': channel<StatementPreviewDto>()(
    z.object({ draft: templateDraft, employeeId: z.number().int().positive() }).strict(),
    statementsPage,
  ),
  /** The employees whose statements the user may write (search by name, a team), with their latest statement. */
  'statements.employees': channel<StatementEmployeesPage>()(
    z
      .object({
        search: text().max(200),
        teamId: z.number().int().positive().nullable(),
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(500),
      })
      .strict(),
    statementsPage,
  ),
  /**
   * generate-batch: one PDF per employee in `folder` (named from the Employee Id and name), and one
   * combined PDF when asked; runs in the background (progress: task.progress; end: statements.changed).
   */
  'statements.generate': channel<StatementJobSummary>()(
    z.object({ templateId, folder: filePath, scope: statementScope, combined: z.boolean() }).strict(),
    statementsPage,
  ),
  /** Before generating or sending: how many of the batch's plans are not submitted (or sent back), and where. */
  'statements.readiness': channel<{ count: number; teams: string[]; warning: string | null }>()(
    z.object({ scope: statementScope }).strict(),
    statementsPage,
  ),
  'statements.job': channel<StatementJobSummary>()(
    z.object({ jobId: text().min(1).max(100) }).strict(),
    statementsPage,
  ),
  'statements.cancel': channel<StatementJobSummary>()(
    z.object({ jobId: text().min(1).max(100) }).strict(),
    statementsPage,
  ),
} as const

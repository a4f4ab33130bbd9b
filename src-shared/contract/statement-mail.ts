import { z } from 'zod'
import { text } from './text'
import { DATA_TAGS, TEMPLATE_NAME_MAX, TEMPLATE_TEXT_MAX } from '../domain/statements/templates'

/**
 * Sending statements through the company server (spec §7 Reward statements: bulk-mail-statement,
 * send-employee-statement, update-send-status, revoke- and unrevoke-magic-link). A request names
 * employees, a company template and a method only: the server draws every figure from its own rows
 * (statements/facts.ts), renders its stored template with src-shared/render and mails it (issue 34).
 */

/** 'attachment': the PDF in the mail; 'link': a personal, expiring link to it (revocable). */
export const SEND_METHODS = ['attachment', 'link'] as const
export type SendMethod = (typeof SEND_METHODS)[number]

/** Statements per bulk-mail-statement call (the desktop's progress moves per call). */
export const MAIL_BATCH_MAX = 25

/** A company template's fields (snake_case on the wire, as the spec's template entity). */
export const mailTemplateSchema = z
  .object({
    name: text().trim().min(1).max(TEMPLATE_NAME_MAX),
    logo_url: text()
      .max(1_500_000)
      .regex(/^data:image\/(png|jpeg);base64,/, 'The logo must be a PNG or JPEG data URL.')
      .nullable(),
    template_content: z
      .object({ intro: text().max(TEMPLATE_TEXT_MAX), closing: text().max(TEMPLATE_TEXT_MAX) })
      .strict(),
    data_tags: z.object(
      Object.fromEntries(DATA_TAGS.map((t) => [t, z.boolean()])) as Record<
        (typeof DATA_TAGS)[number],
        z.ZodBoolean
      >,
    ),
  })
  .strict()
export type MailTemplate = z.infer<typeof mailTemplateSchema>

/** A company template on the server (GET employee/reward-statements-templates/ and {id}/), the spec's fields. */
export interface ServerTemplateDto extends MailTemplate {
  id: number
  modified_at: string
}

/** A template's fields as the templates calls take them: any of them, the toggles and texts one by one. */
const templateFields = mailTemplateSchema
  .extend({
    template_content: mailTemplateSchema.shape.template_content.partial(),
    data_tags: mailTemplateSchema.shape.data_tags.partial(),
  })
  .partial()
  .strict()
/** POST employee/reward-statements-templates/: a name; the rest as a new template has it when left out. */
export const templateCreateSchema = templateFields.required({ name: true })
/** PATCH employee/reward-statements-templates/{id}/: the fields that change. */
export const templatePatchSchema = templateFields

/** POST /employee/reward-statements/: a statement of `employee` from the company template `template`. */
export const statementCreateSchema = z
  .object({
    employee: z.number().int().positive(),
    // Left out: the company's default template (statements/templates.ts `defaultTemplate`).
    template: z.number().int().positive().optional(),
  })
  .strict()

/** Statements one generate-batch call writes at most. */
export const GENERATE_BATCH_MAX = 10_000

/**
 * POST /employee/reward-statements/generate-batch/ (body not shown in the spec): statements of the
 * company template `template` for these employees, a team and the teams below it, or (neither)
 * everyone the caller writes statements for.
 */
export const generateBatchSchema = z
  .object({
    template: z.number().int().positive(),
    employees: z.array(z.number().int().positive()).min(1).max(GENERATE_BATCH_MAX).optional(),
    team: z.number().int().positive().optional(),
  })
  .strict()
  .refine((b) => b.employees === undefined || b.team === undefined, 'Give employees or team, not both.')

export interface GenerateBatchAnswer {
  generated: number
  statements: ServerStatementDto[]
}

const employeeId = z.number().int().positive()

/** Figures, job titles and template text are the server's to draw: a request carrying them is refused by name. */
const onlyIds = (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `${(issue.keys ?? []).map((k) => `"${k}"`).join(', ')} may not be sent: the server draws every figure of a statement from its own records and renders the company template named by template_id.`
    : undefined

/** Who: an employee id, or `{ employee_id }` (the shape of the spec's `data` items). */
const employeeRef = z
  .union([employeeId, z.strictObject({ employee_id: employeeId }, { error: onlyIds })])
  .transform((ref) => (typeof ref === 'number' ? ref : ref.employee_id))

/**
 * POST /employee/bulk-mail-statement/ (the spec's `{data, template_id}`): `data` the employees,
 * `template_id` a company template (GET reward-statements-templates/), `method` attachment by default.
 */
export const bulkMailSchema = z.strictObject(
  {
    template_id: z.number().int().positive(),
    method: z.enum(SEND_METHODS).default('attachment'),
    data: z
      .array(employeeRef)
      .min(1)
      .max(MAIL_BATCH_MAX)
      // One statement per employee a call: a repeated id would mail one person again and again.
      .refine((ids) => new Set(ids).size === ids.length, 'Name each employee once.'),
  },
  { error: onlyIds },
)
export type BulkMailRequest = z.infer<typeof bulkMailSchema>

/** POST /employee/send-employee-statement/: one employee (the spec does not show its body). */
export const sendEmployeeSchema = z.strictObject(
  {
    template_id: z.number().int().positive(),
    method: z.enum(SEND_METHODS).default('attachment'),
    employee_id: employeeId,
  },
  { error: onlyIds },
)

/** A statement's state on the server (GET /employee/reward-statements/ and every send's answer). */
export interface ServerStatementDto {
  id: number
  employee_id: number
  employee_name: string
  /** The desktop's template id (statements a desktop sent); null for those drawn on the server. */
  template_id: number | null
  /** The company template on the server it was drawn from (POST reward-statements, generate-batch). */
  server_template_id: number | null
  template_name: string
  created_at: string
  /** NOT_SENT (generated, not handed out yet), SENT, FAILED (with `detail`), SAVED (handed out otherwise: update-send-status). */
  send_status: string
  send_method: string | null
  sent_at: string | null
  detail: string | null
  /** The magic link's state; null when the statement was not sent as a link. */
  link: { expires_at: string; revoked: boolean } | null
}

export interface BulkMailAnswer {
  sent: number
  failed: number
  statements: ServerStatementDto[]
}

/**
 * What the desktop's workbook gives for one step of sending: its template (made a company template
 * before the call) and the step's employees; the figures are the server's.
 */
export interface StatementMailData {
  total: number
  /** The company server this workbook is a replica of (its employee ids are the server's), or null. */
  server: string | null
  template: MailTemplate
  employeeIds: number[]
}

/** The server's answer for a statement, as the desktop records it. */
export const serverStatementSchema = z.object({
  id: z.number().int().positive(),
  employee_id: z.number().int().positive(),
  employee_name: text(),
  template_id: z.number().int().nullable(),
  // A server from before company templates does not name one.
  server_template_id: z.number().int().nullable().default(null),
  template_name: text(),
  created_at: text(),
  send_status: text().max(40),
  send_method: text().max(40).nullable(),
  sent_at: text().nullable(),
  detail: text().nullable(),
  link: z.object({ expires_at: text(), revoked: z.boolean() }).nullable(),
}) satisfies z.ZodType<ServerStatementDto>

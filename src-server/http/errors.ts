import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import pg from 'pg'
import { ZodError } from 'zod'

/** An answer meant for the user: its status and a message that says what and where. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export const NOT_LOGGED_IN = 'Not logged in'

/** PostgreSQL's unique_violation: two writes of one unique thing (a race the route did not settle). */
export function isUniqueViolation(error: unknown): error is pg.DatabaseError {
  return error instanceof pg.DatabaseError && error.code === '23505'
}

export const ALREADY_SUBMITTED = 'This planner has already submitted for this pay cycle.'

/** What a unique constraint or index keeps single, in the user's words. */
const DUPLICATES: Record<string, string> = {
  app_user_email: 'A user with this e-mail address already exists.',
  planner_submission_company_id_pay_cycle_id_planner_employee_id_key: ALREADY_SUBMITTED,
  reward_template_name: 'A statement template with this name already exists.',
  employee_company_id_company_employee_id_key: 'An employee with this employee ID already exists.',
  job_profile_company_id_job_code_key: 'A job profile with this job code already exists.',
  pay_cycle_one_active: 'Another pay cycle is already active.',
  sync_change_company_id_idempotency_key_key:
    'This idempotency key was used by another request at the same time; send a new key or retry.',
  sync_push_key_pkey:
    'This idempotency key was used by another request at the same time; send a new key or retry.',
}

/** The 409 message of a unique violation: the constraint's words, else its table and columns. */
export function duplicateMessage(error: pg.DatabaseError): string {
  const known = error.constraint ? DUPLICATES[error.constraint] : undefined
  if (known) return known
  const columns = /^Key \((.*?)\)=/.exec(error.detail ?? '')?.[1]
  const what = error.table ? error.table.replace(/_/g, ' ') : 'record'
  return columns
    ? `A ${what} with the same ${columns.replace(/company_id, /, '')} already exists.`
    : `This ${what} already exists.`
}

/** PostgreSQL's foreign_key_violation: a row names another that does not exist (or one still named). */
export function isForeignKeyViolation(error: unknown): error is pg.DatabaseError {
  return error instanceof pg.DatabaseError && error.code === '23503'
}

/** The 409 message of a foreign-key violation: which column names what is missing, or what is still used. */
export function missingReferenceMessage(error: pg.DatabaseError): string {
  if (error.constraint === 'reward_new_job_profile') {
    const id = /\(company_id, new_job_profile_id\)=\(\d+, (\d+)\)/.exec(error.detail ?? '')?.[1]
    return `new_job_profile_id: no job profile has the id ${id ?? 'given'}.`
  }
  const key = /^Key \((.*?)\)=\((.*?)\)/.exec(error.detail ?? '')
  const columns = key?.[1].replace(/company_id, /, '') ?? 'a reference'
  const values = key?.[2].replace(/^\d+, /, '') ?? ''
  const what = error.table ? error.table.replace(/_/g, ' ') : 'record'
  return /is still referenced/.test(error.detail ?? '')
    ? `This ${what} is still in use (${columns} ${values}): move or remove what uses it first.`
    : `The ${what}'s ${columns} ${values} names nothing that exists.`
}

/**
 * Every error body of the server, whatever answers it (a route, the guard, Fastify's own checks, an
 * unknown route): the spec's client reads `non_field_errors[0]` (create user, pay cycle, submission)
 * and `message` (the matrix), the desktop reads `detail`. One text in all three.
 */
export interface ErrorBody {
  detail: string
  non_field_errors: [string]
  message: string
}

export function errorBody(detail: string): ErrorBody {
  return { detail, non_field_errors: [detail], message: detail }
}

/** Fastify's own refusals (before a handler runs) in the user's words. */
const FASTIFY_MESSAGES: Record<string, () => string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => 'The request body is too large for this call.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    'This call does not take a body of this content type; send application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => 'The Content-Length header does not match the body.',
  FST_ERR_CTP_INVALID_JSON_BODY: () => 'The body is not valid JSON.',
}

function fastifyMessage(error: FastifyError | Error, status: number): string {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : ''
  const known = FASTIFY_MESSAGES[code]
  if (known) return known()
  if (error instanceof SyntaxError && status === 400) return `The body is not valid JSON: ${error.message}`
  return error.message
}

/** Bodies are `errorBody`; a bad payload names the field and the rule. */
export function errorHandler(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error instanceof HttpError) {
    void reply.status(error.status).send(errorBody(error.message))
    return
  }
  if (error instanceof ZodError) {
    const issue = error.issues[0]
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
    void reply.status(400).send(errorBody(`${where}${issue?.message ?? 'Invalid request.'}`))
    return
  }
  if (isUniqueViolation(error)) {
    request.log.warn({ constraint: error.constraint }, 'unique violation answered 409')
    void reply.status(409).send(errorBody(duplicateMessage(error)))
    return
  }
  if (isForeignKeyViolation(error)) {
    request.log.warn({ constraint: error.constraint }, 'foreign key violation answered 409')
    void reply.status(409).send(errorBody(missingReferenceMessage(error)))
    return
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500
  if (status >= 500) request.log.error({ err: error }, 'request failed')
  void reply
    .status(status)
    .send(errorBody(status >= 500 ? 'An unexpected error occurred.' : fastifyMessage(error, status)))
}

/** An unknown route: the same body as every other error, naming what was asked. */
export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): void {
  const path = request.url.split('?')[0]
  void reply.status(404).send(errorBody(`No call answers ${request.method} ${path} on this server.`))
}

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
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

/** Bodies are `{ detail }` like the spec's server; a bad payload names the field and the rule. */
export function errorHandler(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error instanceof HttpError) {
    void reply.status(error.status).send({ detail: error.message })
    return
  }
  if (error instanceof ZodError) {
    const issue = error.issues[0]
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
    void reply.status(400).send({ detail: `${where}${issue?.message ?? 'Invalid request.'}` })
    return
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500
  if (status >= 500) request.log.error({ err: error }, 'request failed')
  void reply.status(status).send({ detail: status >= 500 ? 'An unexpected error occurred.' : error.message })
}

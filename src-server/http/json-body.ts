import type { FastifyInstance } from 'fastify'

/**
 * JSON bodies as Fastify reads them (prototype poisoning refused), except that an empty body with a
 * JSON content type is no body: the spec's client POSTs inviteAll and token/refresh/ "with no body"
 * and sends `Content-Type: application/json` all the same (issue 38, item 9).
 */
export function acceptEmptyJson(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const textBody = typeof body === 'string' ? body : body.toString('utf8')
    if (textBody.trim() === '') {
      done(null, undefined)
      return
    }
    parse(request, textBody, done)
  })
}

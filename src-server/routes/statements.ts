import type { FastifyInstance } from 'fastify'

/** The reward statement calls exist and answer 501 until statements are built (issue 17). */
const STATEMENT_ROUTES: ReadonlyArray<[method: 'GET' | 'POST' | 'PATCH', url: string]> = [
  ['GET', '/api/employee/reward-statements-templates/'],
  ['POST', '/api/employee/reward-statements-templates/'],
  ['GET', '/api/employee/reward-statements-templates/:id/'],
  ['PATCH', '/api/employee/reward-statements-templates/:id/'],
  ['GET', '/api/employee/reward-statements/'],
  ['POST', '/api/employee/reward-statements/'],
  ['POST', '/api/employee/reward-statements/generate-batch/'],
  ['POST', '/api/employee/reward-statements/update-send-status/'],
  ['POST', '/api/employee/reward-statements/:id/revoke-magic-link/'],
  ['POST', '/api/employee/reward-statements/:id/unrevoke-magic-link/'],
  ['POST', '/api/employee/send-employee-statement/'],
  ['POST', '/api/employee/bulk-mail-statement/'],
]

export function statementRoutes(app: FastifyInstance): void {
  for (const [method, url] of STATEMENT_ROUTES)
    app.route({
      method,
      url,
      handler: async (_request, reply) =>
        reply.status(501).send({ detail: 'Reward statements are not available on this server yet.' }),
    })
}

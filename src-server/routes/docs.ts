import type { FastifyInstance } from 'fastify'
import { openApiDocument, type OpenApiDocument } from '../http/openapi'

/** The contract's own version (bumped when a call changes shape), not the app's. */
export const API_VERSION = '1.0.0'

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/** A page anyone can read without a network beyond this server: no script, no CDN, the styles inline. */
export function docsPage(doc: OpenApiDocument): string {
  const rows = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => {
      const body = op.requestBody?.content['application/json'].schema
      const answer = op.responses['200'].content?.['application/json'].schema
      const block = (title: string, schema: unknown) =>
        schema === undefined
          ? ''
          : `<details><summary>${title}</summary><pre>${escape(JSON.stringify(schema, null, 2))}</pre></details>`
      return (
        `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escape(path)}</code></td>` +
        `<td>${escape(op.summary)}</td><td>${escape(op['x-roles'].join(', '))}</td>` +
        `<td>${block('Body', body)}${block('Answer', answer)}</td></tr>`
      )
    }),
  )
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(doc.info.title)} API</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:2rem;color:#1b1b1b}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}
pre{background:#f5f5f5;padding:.5rem;max-height:24rem;overflow:auto}code{font-size:13px}
</style></head><body>
<h1>${escape(doc.info.title)} API ${escape(doc.info.version)}</h1>
<p>${escape(doc.info.description)} The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>What</th><th>Roles</th><th>Bodies</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table></body></html>
`
}

/** GET /api/openapi.json (OpenAPI 3.1) and GET /api/docs (the same, as a page). */
export function docsRoutes(app: FastifyInstance): void {
  const doc = openApiDocument(API_VERSION)
  const page = docsPage(doc)
  app.get('/api/openapi.json', async () => doc)
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page))
}

import type { FastifyInstance } from 'fastify'
import { buildServer } from '../../src-server/app'
import { openApiPath, type OpenApiDocument } from '../../src-server/http/openapi'
import { testServer } from './support'

/** Issue 38: GET /api/openapi.json documents every route Fastify registers; /api/docs renders it. */
const server = testServer()
const registered: { method: string; url: string }[] = []
let app: FastifyInstance

beforeAll(async () => {
  // Its own instance on the test's database, with an onRoute hook in place before any route.
  app = await buildServer(server().context, false, (instance) =>
    instance.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        if (method !== 'HEAD') registered.push({ method, url: route.url })
    }),
  )
})
afterAll(async () => app.close())

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1, served without signing in, and lists every registered route and method', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(answer.statusCode).toBe(200)
    const doc = answer.json<OpenApiDocument>()
    expect(doc.openapi).toBe('3.1.0')
    expect(registered.length).toBeGreaterThan(50)
    const missing = registered.filter(
      (r) => doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()] === undefined,
    )
    expect(missing).toEqual([])
  })

  it('gives each route its roles and the routes’ bodies from their zod schemas', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json/' })).json<OpenApiDocument>()
    const create = doc.paths['/api/users/'].post
    expect(create['x-roles']).toEqual(['SUPER_USER', 'OWNER', 'ADMIN'])
    const body = create.requestBody?.content['application/json'].schema as { required: string[] }
    expect(body.required).toEqual(['email', 'role'])
    expect(doc.paths['/api/user/login'].post['x-roles']).toEqual(['public'])
    expect(doc.paths['/api/users/{id}/'].put.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    ])
    expect(doc.components.schemas.Error).toMatchObject({
      required: ['detail', 'non_field_errors', 'message'],
    })
  })

  it('/api/docs is a self-contained page listing routes, methods and roles', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toContain('<code>/api/users/{id}/</code>')
    expect(page.body).toContain('<td><code>PUT</code></td>')
    expect(page.body).toContain('SUPER_USER, OWNER, ADMIN')
    expect(page.body).not.toMatch(/<script|https?:\/\/(?!meritbook)/i)
  })
})

import { z } from 'zod'
import { ROUTE_ACCESS, rolesOf, type RouteAccess } from '../../src-shared/contract/route-access'
import { errorBodySchema, ROUTE_SCHEMAS } from './route-schemas'

type JsonSchema = Record<string, unknown>

export interface OpenApiOperation {
  summary: string
  'x-roles': string[]
  requestBody?: { required: boolean; content: { 'application/json': { schema: JsonSchema } } }
  parameters: { name: string; in: 'path'; required: true; schema: { type: 'string' } }[]
  responses: Record<string, { description: string; content?: { 'application/json': { schema: JsonSchema } } }>
}

export interface OpenApiDocument {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  paths: Record<string, Record<string, OpenApiOperation>>
  components: { schemas: Record<string, JsonSchema> }
}

/** A zod schema as JSON Schema, as a client sends it (transforms' input; what JSON cannot say is open). */
function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _s, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema
  return rest
}

/** Fastify's `/api/users/:id/` as OpenAPI writes it: `/api/users/{id}/`. */
export function openApiPath(fastifyPath: string): string {
  return fastifyPath.replace(/:([A-Za-z_]+)/g, '{$1}')
}

/** Who may call: "public" (the handler checks a cookie, link or key) or the roles the table lets in. */
export function rolesLabel(access: RouteAccess): string[] {
  return access.rule.kind === 'public' ? ['public'] : rolesOf(access.rule)
}

/**
 * The OpenAPI 3.1 document of the company server: every route of the route access table (which the
 * guard requires of every registered route), its roles, and the request and answer bodies of the
 * routes' own zod schemas (http/route-schemas.ts).
 */
export function openApiDocument(version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {}
  for (const [key, access] of Object.entries(ROUTE_ACCESS)) {
    const [method, path] = key.split(' ')
    const schemas = ROUTE_SCHEMAS[key] ?? {}
    const roles = rolesLabel(access)
    const what = typeof access.what === 'string' ? access.what : access.what(undefined)
    const operation: OpenApiOperation = {
      summary: `${what[0].toUpperCase()}${what.slice(1)}`,
      'x-roles': roles,
      parameters: [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({
        name: m[1],
        in: 'path',
        required: true,
        schema: { type: 'string' },
      })),
      responses: {
        '200': {
          description: 'Done.',
          ...(schemas.response
            ? { content: { 'application/json': { schema: jsonSchema(schemas.response) } } }
            : {}),
        },
        '4XX': {
          description: 'Refused: the detail says what and where.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    }
    if (schemas.body)
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(schemas.body) } },
      }
    const entry = (paths[openApiPath(path)] ??= {})
    entry[method.toLowerCase()] = operation
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Meritbook company server',
      version,
      description:
        'The REST calls of seed 001 §7. Paths answer with and without the trailing slash. ' +
        'x-roles: who may call (public: the handler checks a cookie, link or key).',
    },
    paths,
    components: { schemas: { Error: jsonSchema(errorBodySchema) } },
  }
}

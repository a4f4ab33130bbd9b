import { testServer } from './support'

/** Issue 38 item 2: one error body for every route, Fastify's own refusals and unknown routes. */
const server = testServer()
const shape = (detail: string) => ({ detail, non_field_errors: [detail], message: detail })

describe('every error answers {detail, non_field_errors: [detail], message}', () => {
  it('an unknown route names the method and path', async () => {
    const answer = await server().app.inject({ method: 'GET', url: '/api/no-such-call/?x=1' })
    expect(answer.statusCode).toBe(404)
    expect(answer.json()).toEqual(shape('No call answers GET /api/no-such-call/ on this server.'))
  })

  it('bad JSON, a body too large and an unknown content type', async () => {
    const post = (payload: string, type = 'application/json') =>
      server().app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': type },
        payload,
      })
    const bad = await post('{"username": ')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual(shape('The body is not valid JSON.'))
    const large = await post(JSON.stringify({ username: 'x'.repeat(70_000), password: 'y' }))
    expect(large.statusCode).toBe(413)
    expect(large.json()).toEqual(shape('The request body is too large for this call.'))
    const xml = await post('<a/>', 'application/xml')
    expect(xml.statusCode).toBe(415)
    expect(xml.json()).toEqual(
      shape('This call does not take a body of this content type; send application/json.'),
    )
  })

  it('a validation error names the field; a guard refusal and a sign-in failure have the same shape', async () => {
    const invalid = await server().app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'a' },
    })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json()).toEqual(shape('password: Invalid input: expected string, received undefined'))
    const signedOut = await server().app.inject({ method: 'GET', url: '/api/users' })
    expect(signedOut.statusCode).toBe(401)
    expect(signedOut.json()).toEqual(shape('Not logged in'))
  })
})

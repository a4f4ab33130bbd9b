import Fastify from 'fastify'
import pg from 'pg'
import { duplicateMessage, errorHandler } from '../../src-server/http/errors'

function violation(fields: Partial<pg.DatabaseError>): pg.DatabaseError {
  const error = new pg.DatabaseError('duplicate key value violates unique constraint', 0, 'error')
  return Object.assign(error, { code: '23505', ...fields })
}

describe('a unique violation the route did not settle is a 409 naming what is duplicated', () => {
  it('by its constraint’s words, else its table and columns (no values)', () => {
    expect(
      duplicateMessage(violation({ constraint: 'reward_template_name', table: 'reward_template' })),
    ).toBe('A statement template with this name already exists.')
    expect(
      duplicateMessage(
        violation({
          constraint: 'team_company_id_name_key',
          table: 'team',
          detail: 'Key (company_id, name)=(1, Sales) already exists.',
        }),
      ),
    ).toBe('A team with the same name already exists.')
    expect(duplicateMessage(violation({}))).toBe('This record already exists.')
  })

  it('the error handler answers 409 with it, not 500', async () => {
    const app = Fastify()
    app.setErrorHandler(errorHandler)
    app.get('/', async () => {
      throw violation({ constraint: 'app_user_email', table: 'app_user' })
    })
    const answer = await app.inject({ method: 'GET', url: '/' })
    expect(answer.statusCode).toBe(409)
    expect(answer.json()).toMatchObject({ detail: 'A user with this e-mail address already exists.' })
    await app.close()
  })
})

import type { ServerContext } from './context'
import { HttpError } from './http/errors'
import { sendLink } from './auth/send-link'

/** The company the server's operators belong to; it plans no pay cycle. */
export const OPERATORS_COMPANY = 'Meritbook server operators'

/**
 * `npm run server -- --create-super-user <email>`: a SUPER_USER in the operators' company, mailed
 * an invitation to set a password. The only door that makes one.
 */
export async function createSuperUser(
  context: ServerContext,
  input: { email: string; name: string },
): Promise<{ userId: number; companyId: number }> {
  const created = await context.db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('app_user')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.toLowerCase()))
      .executeTakeFirst()
    if (taken) throw new HttpError(409, `A user with the e-mail ${input.email} exists already.`)
    const existing = await trx
      .selectFrom('company')
      .select('id')
      .where('operators', '=', true)
      .executeTakeFirst()
    const companyId =
      existing?.id ??
      (
        await trx
          .insertInto('company')
          .values({ name: OPERATORS_COMPANY, server_owner_email: null, operators: true })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    const user = await trx
      .insertInto('app_user')
      .values({
        company_id: companyId,
        email: input.email,
        name: input.name,
        role: 'SUPER_USER',
        employee_id: null,
        password_hash: null,
        invited_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { userId: user.id, companyId }
  })
  await sendLink(context, created.userId, 'invite')
  return created
}

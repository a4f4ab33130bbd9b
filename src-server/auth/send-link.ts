import type { ServerContext } from '../context'
import { createLink } from './links'

/** Sends an invitation or recovery link: the link opens the desktop's set-password screen. */
export async function sendLink(
  context: ServerContext,
  userId: number,
  purpose: 'invite' | 'recover',
): Promise<void> {
  const user = await context.db
    .selectFrom('app_user')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const company = await context.db
    .selectFrom('company')
    .select('name')
    .where('id', '=', user.company_id)
    .executeTakeFirstOrThrow()
  const token = await createLink(context.db, userId, purpose, context.now())
  const link = `${context.publicUrl}/set-password?link=${encodeURIComponent(token)}`
  const text =
    purpose === 'invite'
      ? `Hello ${user.name},\n\n${company.name} invites you to plan its pay cycle in Meritbook. Set your password within 7 days:\n\n${link}\n`
      : `Hello ${user.name},\n\nSomeone asked to reset your Meritbook password. If it was you, set a new one within an hour:\n\n${link}\n\nIf not, ignore this message.\n`
  await context.mailer.send({
    to: user.email,
    subject:
      purpose === 'invite'
        ? `Your invitation to ${company.name} on Meritbook`
        : 'Reset your Meritbook password',
    text,
  })
  if (purpose === 'invite')
    await context.db
      .updateTable('app_user')
      .set({ invited: true, invited_at: context.now() })
      .where('id', '=', userId)
      .execute()
}

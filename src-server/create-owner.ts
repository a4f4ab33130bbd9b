import { z } from 'zod'
import { emailText, text } from '../src-shared/contract/text'
import { sendLink } from './auth/send-link'
import type { ServerContext } from './context'
import { createCompany } from './routes/company'

/** The port the server listens on when neither --port nor PORT says otherwise. */
export const DEFAULT_PORT = 8787

const ownerSchema = z.object({
  email: emailText('--create-owner: not an e-mail address.').transform((e) => e.trim()),
  company: text('--create-owner needs --company <name>.')
    .trim()
    .min(1, '--company: the company name is blank.')
    .max(200, '--company: the company name is longer than 200 characters.'),
  name: text().trim().max(200, '--owner-name: longer than 200 characters.').optional(),
})

export interface CommandResult {
  /** 0 done, 1 refused, 2 usage. */
  code: number
  out: string[]
  err: string[]
}

/**
 * `--create-owner <email> --company <name>`: a new company with its owner, who is sent a set-password
 * link. A rerun for the same owner and company (the mail failed, the link expired) sends a new link
 * instead of refusing; an address that already belongs to another company is refused.
 */
export async function createOwnerCommand(
  context: ServerContext,
  input: { email: string; company: string | undefined; ownerName: string | undefined },
): Promise<CommandResult> {
  const parsed = ownerSchema.safeParse({ email: input.email, company: input.company, name: input.ownerName })
  if (!parsed.success) return { code: 2, out: [], err: [parsed.error.issues[0].message] }
  const { email, company, name } = parsed.data
  const existing = await context.db
    .selectFrom('app_user')
    .innerJoin('company', 'company.id', 'app_user.company_id')
    .select([
      'app_user.id',
      'app_user.role',
      'app_user.invite_accepted',
      'company.id as companyId',
      'company.name',
    ])
    .where((eb) => eb(eb.fn('lower', ['app_user.email']), '=', email.toLowerCase()))
    .executeTakeFirst()
  if (existing) {
    if (existing.role !== 'OWNER' || existing.name !== company)
      return {
        code: 1,
        out: [],
        err: [
          `${email} already has an account in ${existing.name} (company ${existing.companyId}); an owner e-mail belongs to one company.`,
        ],
      }
    // The owner who never set a password gets a new invitation; one who did, a recovery link.
    await sendLink(context, existing.id, existing.invite_accepted ? 'recover' : 'invite')
    return {
      code: 0,
      out: [
        `${company} (company ${existing.companyId}) already has its owner ${email}: a new link was sent.`,
      ],
      err: [],
    }
  }
  const created = await createCompany(context, {
    companyName: company,
    ownerEmail: email,
    ownerName: name || email,
  })
  return {
    code: 0,
    out: [`Created ${company} (company ${created.companyId}) with its owner ${email}.`],
    err: [],
  }
}

import path from 'node:path'
import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import { hashPassword } from '../../src-server/auth/passwords'
import { createCompany } from '../../src-server/routes/company'
import { openWorkbook } from '../../src-main/workbook/open'
import { readCompanySnapshot } from '../../src-main/workbook/queries/company-snapshot'
import { cli } from '../support/cli'
import type { TestServer } from './support'

export const PASSWORD = 'a long enough passphrase'
export type Method = 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE'

/** Calls and sign-ins against one test server. */
export function clientOf(server: () => TestServer) {
  const withPassword = async (email: string): Promise<void> => {
    await server()
      .db.updateTable('app_user')
      .set({ password_hash: await hashPassword(PASSWORD), invite_accepted: true })
      .where('email', '=', email)
      .execute()
  }
  const signIn = async (email: string): Promise<string> => {
    await withPassword(email)
    const response = await server().app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: email, password: PASSWORD },
    })
    if (response.statusCode !== 200) throw new Error(response.body)
    return response.json<{ access: string }>().access
  }
  const call = (token: string, method: Method, url: string, payload?: object) =>
    server().app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload }),
    })
  return { withPassword, signIn, call }
}

/**
 * A demo workbook (the CLI's `new --demo`) published to a new server company whose owner is the
 * workbook's owner; answers the file, its snapshot and the owner's token. `prepare` changes the
 * closed file before it is read and published, so the desktop and the server start alike.
 */
export async function publishedDemo(
  server: () => TestServer,
  dir: string,
  options: { employees: number; seed: number; company: string; prepare?: (file: string) => Promise<void> },
): Promise<{ file: string; snapshot: CompanySnapshot; owner: string; companyId: number }> {
  const file = path.join(dir, `${options.company}.paycycle`)
  const made = await cli('new', file, '--demo', String(options.employees), '--seed', String(options.seed))
  if (made.code !== 0) throw new Error(made.errors.join('\n'))
  await options.prepare?.(file)
  const workbook = await openWorkbook(file, { readonly: true })
  const snapshot = readCompanySnapshot(workbook)
  await workbook.close()
  const ownerUser = snapshot.users.find((u) => u.role === 'OWNER')
  if (!ownerUser) throw new Error('The demo has no owner.')
  const created = await createCompany(server().context, {
    companyName: options.company,
    ownerEmail: ownerUser.email,
    ownerName: ownerUser.name,
  })
  const { signIn, call } = clientOf(server)
  const owner = await signIn(ownerUser.email)
  const published = await call(owner, 'POST', '/api/company/publish/', snapshot)
  if (published.statusCode !== 200) throw new Error(published.body)
  return { file, snapshot, owner, companyId: created.companyId }
}

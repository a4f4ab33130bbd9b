import { spawnSync } from 'node:child_process'
import path from 'node:path'
import type { InjectOptions } from 'fastify'
import { login, setPassword, type TestServer } from './support'

const ROOT = path.resolve(__dirname, '../..')
export const ATTACK_PASSWORD = 'correct horse battery'

/** What the attack tests do to a test server: calls with a token, users made behind the API's back. */
export function attackerOf(server: () => TestServer) {
  const call = (token: string | null, method: InjectOptions['method'], url: string, payload?: unknown) =>
    server().app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    })

  const roleOf = async (email: string) =>
    (
      await server()
        .db.selectFrom('app_user')
        .select('role')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst()
    )?.role

  /** `npm run server -- <args>` against the test's database (no SMTP: the link is printed). */
  const serverCli = (...args: string[]) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      MERITBOOK_PUBLIC_URL: 'https://meritbook.test',
      LOG_LEVEL: 'warn',
    }
    delete env.MERITBOOK_SMTP_URL
    return spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src-server/main.ts', '--database-url', server().databaseUrl, ...args],
      { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 },
    )
  }

  /** A new empty company whose owner has signed in. */
  const freshCompanyOwner = async (name: string, ownerEmail: string): Promise<string> => {
    const made = await server().app.inject({
      method: 'POST',
      url: '/api/company/onboarding/',
      headers: { 'x-onboarding-key': 'test-onboarding-key' },
      payload: { company_name: name, owner_email: ownerEmail, owner_name: name },
    })
    if (made.statusCode !== 200) throw new Error(made.body)
    await setPassword(server().db, ownerEmail, ATTACK_PASSWORD)
    return login(server(), ownerEmail, ATTACK_PASSWORD)
  }

  /** A user of `role` in the company of `colleagueEmail`, made straight in the database, signed in. */
  const userOf = async (
    colleagueEmail: string,
    role: 'PLANNER' | 'COMM_MANAGER' | 'EMPLOYEE' | 'SUPER_USER',
    employeeId: number | null,
  ): Promise<string> => {
    const email = `${role.toLowerCase()}.attack@${colleagueEmail.split('@')[1]}`
    const colleague = await server()
      .db.selectFrom('app_user')
      .select('company_id')
      .where('email', '=', colleagueEmail)
      .executeTakeFirstOrThrow()
    await server()
      .db.insertInto('app_user')
      .values({ company_id: colleague.company_id, email, name: role, role, employee_id: employeeId })
      .execute()
    await setPassword(server().db, email, ATTACK_PASSWORD)
    return login(server(), email, ATTACK_PASSWORD)
  }

  return { call, roleOf, serverCli, freshCompanyOwner, userOf }
}

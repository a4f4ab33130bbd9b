import fs from 'node:fs'
import { defaultDataDir } from '../app-paths'
import { chooseSecretStore } from '../secrets/choose-secret-store'
import { ServerAccount } from '../server-account/account'
import { joinCompany, sessionJoinSteps } from '../server-account/join'
import { Session } from '../services/session'
import type { Flags, Output } from './commands'
import { UsageError } from './usage'
import { withSession } from './workbook-session'

function credentials(
  flags: Flags,
  command: string,
  defaultServer?: string,
): { server: string; email: string; password: string } {
  const server = typeof flags.server === 'string' ? flags.server : defaultServer
  const email = typeof flags.email === 'string' ? flags.email : undefined
  if (!server || !email || !flags['password-stdin'])
    throw new UsageError(`${command} needs --server <url> --email <e> --password-stdin.`)
  // The password comes on stdin, never as an argument (the process list and shell history show those).
  const password = fs.readFileSync(0, 'utf8').replace(/\r?\n$/, '')
  if (!password) throw new UsageError(`${command} reads the password from stdin; none was given.`)
  return { server, email, password }
}

/** Signs in for one command and out again, so the CLI leaves no session behind. */
export async function withAccount<T>(
  flags: Flags,
  command: string,
  work: (account: ServerAccount) => Promise<T>,
  defaultServer?: string,
): Promise<T> {
  const login = credentials(flags, command, defaultServer)
  const dataDir = defaultDataDir()
  fs.mkdirSync(dataDir, { recursive: true })
  const { store } = await chooseSecretStore({ dataDir })
  const account = new ServerAccount(store, dataDir)
  await account.signIn(login)
  try {
    return await work(account)
  } finally {
    await account.signOut().catch(() => undefined)
  }
}

/** `server-publish <file>`: the workbook's company into the signed-in user's empty server company. */
export async function serverPublishCommand(file: string, flags: Flags, out: Output): Promise<void> {
  const snapshot = await withSession(file, flags, (session) => session.call('company.snapshot', {}))
  const result = await withAccount(flags, 'server-publish', (account) => account.publish(snapshot))
  if (flags.json) out.json(result)
  else {
    out.text(`Published ${result.employees} employees, ${result.teams} teams and ${result.users} users.`)
    if (result.notice) out.text(result.notice)
  }
}

/** `server-join <out file>`: the signed-in user's company into a new workbook (their replica). */
export async function serverJoinCommand(file: string, flags: Flags, out: Output): Promise<void> {
  const session = new Session({
    mode: 'cli',
    version: 'cli',
    dataDir: defaultDataDir(),
    actAs: null,
    emit: () => undefined,
    rememberRecent: false,
  })
  try {
    const summary = await withAccount(flags, 'server-join', (account) =>
      joinCompany(account, sessionJoinSteps(session), file),
    )
    if (flags.json) out.json(summary)
    else out.text(`Joined ${summary.companyName}: ${summary.employees} employees in ${summary.path}.`)
  } finally {
    await session.close()
  }
}

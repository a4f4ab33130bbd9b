import {
  contract,
  fail,
  ok,
  SHELL_CHANNELS,
  type ChannelInput,
  type CompanySnapshot,
  type Result,
} from '../../src-shared/contract'
import type { BackendClient } from '../backend/client'
import { Failure } from '../services/failure'
import type { ServerAccount } from './account'
import { joinCompany, workerJoinSteps } from './join'
import { refreshStatements, sendStep, setLink } from './statements'

type ShellChannel = (typeof SHELL_CHANNELS)[number]
const isShellChannel = (channel: string): channel is ShellChannel =>
  (SHELL_CHANNELS as readonly string[]).includes(channel)

/**
 * The backend as the windows reach it, with the company-server channels answered here, on the
 * shell's thread, where the tokens live. Publish asks the workbook worker for the company; join
 * hands the download's text to it as it streams in (join.ts).
 */
export function withServerAccount(backend: BackendClient, account: ServerAccount): BackendClient {
  const encoder = new TextEncoder()

  async function answer(channel: ShellChannel, input: unknown): Promise<Result<unknown>> {
    const parsed = contract[channel].input.safeParse(input)
    if (!parsed.success)
      return fail(
        'BAD_INPUT',
        `Invalid request to ${channel}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ')}`,
      )
    const value = parsed.data as Record<string, string>
    try {
      switch (channel) {
        case 'server.status':
          return ok(account.status())
        case 'server.signIn':
          return ok(
            await account.signIn({ server: value.server, email: value.email, password: value.password }),
          )
        case 'server.signOut':
          return ok(await account.signOut())
        case 'server.recoverPassword':
          return ok(await account.recoverPassword({ server: value.server, email: value.email }))
        case 'server.setPassword':
          return ok(
            await account.setPassword({ server: value.server, link: value.link, password: value.password }),
          )
        case 'server.publish': {
          const snapshot = await backend.invoke('company.snapshot', {})
          if (!snapshot.ok) return snapshot
          return ok(await account.publish(snapshot.value as CompanySnapshot))
        }
        case 'statements.send':
          return await sendStep(backend, account, parsed.data as ChannelInput<'statements.send'>)
        case 'statements.setLink':
          return await setLink(backend, account, parsed.data as ChannelInput<'statements.setLink'>)
        case 'statements.refresh':
          return await refreshStatements(backend, account, parsed.data as ChannelInput<'statements.refresh'>)
        case 'server.join':
          return ok(await joinCompany(account, workerJoinSteps(backend), value.path))
      }
    } catch (error) {
      if (error instanceof Failure) return fail(error.code, error.message)
      console.error(`[meritbook] ${channel} failed:`, error)
      return fail('INTERNAL', `Meritbook could not complete ${channel}. The details are in the log.`)
    }
  }

  return {
    ...backend,
    invoke: (channel, input, caller) =>
      isShellChannel(channel) ? answer(channel, input) : backend.invoke(channel, input, caller),
    invokeEncoded: async (channel, input, caller) =>
      isShellChannel(channel)
        ? encoder.encode(JSON.stringify(await answer(channel, input)))
        : backend.invokeEncoded(channel, input, caller),
  }
}

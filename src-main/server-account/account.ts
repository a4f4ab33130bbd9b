import fs from 'node:fs'
import path from 'node:path'
import type { PublishResult, ServerStatus } from '../../src-shared/contract'
import type { CompanySnapshot } from '../../src-shared/contract/company-snapshot'
import {
  COMPANY_FILE_BYTES_MAX,
  COMPANY_FILE_TYPE,
  CONTENT_HASH_HEADER,
} from '../../src-shared/contract/company-file'
import { SEQ_HEADER } from '../../src-shared/contract/sync-dto'
import { hasAdminPowers, isRoleName } from '../../src-shared/domain/roles'
import { joinRefusal } from '../../src-shared/contract/route-access'
import type { SecretStore } from '../secrets/secret-store'
import { Failure } from '../services/failure'
import { compressCompanyFile, writeInflatedCompanyFile } from './company-file-wire'
import { answerOf, refreshFrom, REFRESH_COOKIE, ServerTransport } from './transport'

export const LOGOUT_FAILED = 'Error logging out'

interface Profile {
  id: number
  email: string
  name: string
  role: string
  employee_id: number | null
  company: { id: number; name: string }
}

/** The keychain account of a sign-in: `<server>|<email>` (service Meritbook). */
export const secretAccount = (server: string, email: string) => `${server}|${email.toLowerCase()}`

/** A server address as typed ('acme.example.com', 'http://127.0.0.1:8787/'), made canonical. */
export function normalizeServer(text: string): string {
  const trimmed = text.trim()
  const url = new URL(/^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`)
  return url.origin
}

/**
 * The desktop's sign-in to its company server, on the shell's main thread: the refresh token lives
 * only in the secret store (the OS keychain when there is one), the access token only in this
 * object's memory; neither ever reaches the renderer or a file. The last server and e-mail (not
 * secrets) are kept in the data folder to sign in again at start.
 */
export class ServerAccount {
  private transport: ServerTransport | null = null
  private profile: Profile | null = null
  private readonly lastFile: string

  constructor(
    private readonly secrets: SecretStore,
    dataDir: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.lastFile = path.join(dataDir, 'server-account.json')
  }

  private last(): { server: string; email: string } | null {
    try {
      const value = JSON.parse(fs.readFileSync(this.lastFile, 'utf8')) as {
        server?: unknown
        email?: unknown
      }
      return typeof value.server === 'string' && typeof value.email === 'string'
        ? { server: value.server, email: value.email }
        : null
    } catch {
      return null
    }
  }

  status(): ServerStatus {
    const last = this.last()
    if (this.transport && this.profile)
      return {
        signedIn: true,
        server: this.transport.server,
        email: this.profile.email,
        name: this.profile.name,
        role: this.profile.role,
        company: this.profile.company.name,
      }
    return { signedIn: false, server: last?.server ?? null, email: last?.email ?? null }
  }

  private newTransport(server: string, email: string, refresh: string | null): ServerTransport {
    const account = secretAccount(server, email)
    return new ServerTransport(
      server,
      refresh,
      async (token) => {
        if (token) await this.secrets.set(account, token)
        else await this.secrets.delete(account)
      },
      this.fetchImpl,
    )
  }

  /** At start: the last sign-in again, when the keychain still holds its refresh token and the server takes it. */
  async restore(): Promise<ServerStatus> {
    const last = this.last()
    if (!last) return this.status()
    const refresh = await this.secrets.get(secretAccount(last.server, last.email))
    if (!refresh) return this.status()
    const transport = this.newTransport(last.server, last.email, refresh)
    try {
      if (await transport.refreshAccess()) {
        this.profile = await transport.call<Profile>('GET', 'api/user/profile')
        this.transport = transport
      }
    } catch {
      // Offline or refused: stay signed out; the user signs in again.
    }
    return this.status()
  }

  async signIn(input: { server: string; email: string; password: string }): Promise<ServerStatus> {
    const server = normalizeServer(input.server)
    const transport = this.newTransport(server, input.email, null)
    const response = await transport.raw('POST', 'api/user/login', {
      username: input.email,
      password: input.password,
    })
    const { access } = await answerOf<{ access: string }>(response)
    const refresh = refreshFrom(response)
    transport.setTokens(access, refresh)
    if (refresh) await this.secrets.set(secretAccount(server, input.email), refresh)
    this.profile = await transport.call<Profile>('GET', 'api/user/profile')
    this.transport = transport
    fs.writeFileSync(this.lastFile, JSON.stringify({ server, email: this.profile.email }))
    return this.status()
  }

  /** Signs out: the server revokes the refresh token, the keychain forgets it. 'Error logging out' when the server could not be told. */
  async signOut(): Promise<ServerStatus> {
    const transport = this.transport
    const email = this.profile?.email
    this.transport = null
    this.profile = null
    if (!transport || !email) return this.status()
    await this.secrets.delete(secretAccount(transport.server, email))
    const refresh = transport.refreshToken
    try {
      const response = await transport.raw(
        'POST',
        'api/user/token/logout',
        undefined,
        refresh ? { cookie: `${REFRESH_COOKIE}=${refresh}` } : {},
      )
      if (!response.ok) throw new Error(String(response.status))
    } catch {
      throw new Failure('SERVER', LOGOUT_FAILED)
    }
    return this.status()
  }

  async recoverPassword(input: { server: string; email: string }): Promise<null> {
    const transport = this.newTransport(normalizeServer(input.server), input.email, null)
    await answerOf(await transport.raw('POST', 'api/user/recover_password', { email: input.email }))
    return null
  }

  /** Sets a password from an invitation or recovery link (its token). */
  async setPassword(input: { server: string; link: string; password: string }): Promise<null> {
    const transport = this.newTransport(normalizeServer(input.server), '', null)
    const { access } = await answerOf<{ access: string }>(
      await transport.raw('POST', 'api/user/token/verify_link/', { refresh: input.link }),
    )
    await answerOf(
      await transport.raw(
        'POST',
        'api/user/set_password',
        { password: input.password },
        { authorization: `Bearer ${access}` },
      ),
    )
    return null
  }

  /** The signed-in transport (the sync engine's), or null when signed out. */
  currentTransport(): ServerTransport | null {
    return this.transport
  }

  private signedIn(): ServerTransport {
    if (!this.transport) throw new Failure('SIGNED_OUT', 'Sign in to your company first.')
    return this.transport
  }

  publish(snapshot: CompanySnapshot): Promise<PublishResult> {
    return this.signedIn().call('POST', 'api/company/publish/', snapshot)
  }

  /** The signed-in company as a replica of it records it. */
  joining(): { name: string; serverUrl: string; userEmail: string } {
    const transport = this.signedIn()
    return {
      name: this.profile?.company.name ?? '',
      serverUrl: transport.server,
      userEmail: this.profile?.email ?? '',
    }
  }

  /** Why this user's role may not join (the company's download holds everyone's pay), or null. */
  joinRefusal(): string | null {
    const role = this.profile?.role
    return role !== undefined && isRoleName(role) ? joinRefusal(role) : null
  }

  /** Admin roles see the whole company, so they may join from, and share, a company file. */
  usesCompanyFile(): boolean {
    const role = this.profile?.role
    return role !== undefined && isRoleName(role) && hasAdminPowers(role)
  }

  /**
   * The company file to join from (docs/sync.md, "Company file"), saved at `toPath` as it
   * downloads, with its feed position and the server's content hash; null when the server has none
   * to offer.
   */
  async downloadCompanyFile(toPath: string): Promise<{ seq: number; contentHash: string } | null> {
    const response = await this.signedIn().authorized('GET', 'api/company/file/')
    if (response.status === 404) {
      await response.body?.cancel()
      return null
    }
    if (!response.ok || !response.body) await answerOf(response)
    const seq = Number(response.headers.get(SEQ_HEADER))
    const contentHash = response.headers.get(CONTENT_HASH_HEADER) ?? ''
    if (!Number.isSafeInteger(seq) || seq < 0 || !/^[0-9a-f]{64}$/.test(contentHash))
      throw new Failure('SERVER', 'The company server sent a company file without its position or hash.')
    // Written as it arrives: a company of 100,000 people is a file of about 32 MB (8 MB compressed).
    await writeInflatedCompanyFile(response.body!, toPath, COMPANY_FILE_BYTES_MAX)
    return { seq, contentHash }
  }

  /** The feed position of the server's company file, or null when it has none. */
  async companyFilePosition(): Promise<number | null> {
    return (await this.signedIn().call<{ seq: number | null }>('GET', 'api/company/file/position/')).seq
  }

  /**
   * Shares a company file written from this replica at feed position `seq`, compressed on the way;
   * the server keeps it if the company has not moved on.
   */
  async shareCompanyFile(file: Uint8Array, seq: number): Promise<void> {
    const compressed = await compressCompanyFile(file)
    await answerOf(
      await this.signedIn().authorized('PUT', 'api/company/file/', compressed, {
        'content-type': COMPANY_FILE_TYPE,
        [SEQ_HEADER]: String(seq),
      }),
    )
  }

  /** The company as this user may see it, its bytes handed to `chunk` as they stream in (join writes the replica meanwhile). */
  async streamCompany(chunk: (bytes: Uint8Array) => Promise<void>): Promise<void> {
    const transport = this.signedIn()
    const response = await transport.authorized('GET', 'api/company/snapshot/')
    if (!response.ok) await answerOf(response)
    try {
      if (!response.body) throw new Error('the answer was empty')
      const reader = response.body.getReader()
      for (let read = await reader.read(); !read.done; read = await reader.read()) await chunk(read.value)
    } catch (error) {
      if (error instanceof Failure) throw error
      const reason = error instanceof Error ? error.message : String(error)
      throw new Failure(
        'SERVER',
        reason.startsWith('The company server') ? reason : `The company download failed: ${reason}`,
      )
    }
  }
}

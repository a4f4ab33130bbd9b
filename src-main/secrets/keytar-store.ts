import { SECRET_SERVICE, type SecretStore } from './secret-store'

/** The part of keytar Meritbook uses (keytar is an optional dependency: it may be absent). */
export interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>
}

/** Secrets in the OS keychain through keytar (libsecret's Secret Service on Linux). */
export class KeytarSecretStore implements SecretStore {
  readonly kind = 'keytar'

  constructor(
    private readonly keytar: KeytarModule,
    private readonly service = SECRET_SERVICE,
  ) {}

  get(account: string): Promise<string | null> {
    return this.keytar.getPassword(this.service, account)
  }

  set(account: string, secret: string): Promise<void> {
    return this.keytar.setPassword(this.service, account, secret)
  }

  delete(account: string): Promise<boolean> {
    return this.keytar.deletePassword(this.service, account)
  }
}

/**
 * Loads keytar only when a secret store is chosen, and checks that a keychain answers (on Linux a
 * Secret Service on D-Bus). Resolves to the module, or to why it cannot be used.
 */
export async function loadKeytar(service = SECRET_SERVICE): Promise<KeytarModule | { unavailable: string }> {
  let keytar: KeytarModule
  try {
    // A specifier in a variable: keytar is optional, so neither TypeScript nor the bundler may require it.
    const specifier = 'keytar'
    const loaded = (await import(specifier)) as KeytarModule & { default?: KeytarModule }
    keytar = loaded.default ?? loaded
  } catch (error) {
    return { unavailable: `keytar is not installed (${firstLine(error)})` }
  }
  try {
    await withTimeout(keytar.findCredentials(service), PROBE_TIMEOUT_MS)
    return keytar
  } catch (error) {
    return { unavailable: `no keychain answered (${firstLine(error)})` }
  }
}

/** A D-Bus without a Secret Service can keep a call waiting for its 25 s activation timeout. */
const PROBE_TIMEOUT_MS = 5000

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''
}

import type { SecretStore } from './secret-store'

/** Secrets for this run only: the user signs in again next time. */
export class MemorySecretStore implements SecretStore {
  readonly kind = 'memory'
  private readonly secrets = new Map<string, string>()

  async get(account: string): Promise<string | null> {
    return this.secrets.get(account) ?? null
  }

  async set(account: string, secret: string): Promise<void> {
    this.secrets.set(account, secret)
  }

  async delete(account: string): Promise<boolean> {
    return this.secrets.delete(account)
  }
}

/**
 * Where Meritbook keeps secrets (the company server's tokens): never in a workbook, never as plain
 * text on disk. Three back ends, chosen in this order by `chooseSecretStore`:
 * Electron's safeStorage (desktop app), keytar (a Secret Service / Keychain / Credential Vault where
 * the optional module is installed), and memory (this run only).
 */
import type { SecretStoreStatus } from '../../src-shared/contract'

export type { SecretStoreStatus }
export type SecretStoreKind = SecretStoreStatus['kind']

export interface SecretStore {
  readonly kind: SecretStoreKind
  get(account: string): Promise<string | null>
  set(account: string, secret: string): Promise<void>
  delete(account: string): Promise<boolean>
}

/** The keychain service name every back end files Meritbook's secrets under. */
export const SECRET_SERVICE = 'Meritbook'

/** The log line naming the chosen back end. */
export function describeSecretStore(status: SecretStoreStatus): string {
  const names = {
    safeStorage: "Electron's safeStorage",
    keytar: 'the OS keychain (keytar)',
    memory: 'memory only',
  }
  const why = status.passedOver.length > 0 ? ` Passed over: ${status.passedOver.join('; ')}.` : ''
  return `[meritbook] sign-in tokens: ${names[status.kind]}.${why}${status.advice ? ` ${status.advice}` : ''}`
}

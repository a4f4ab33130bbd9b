import { KeytarSecretStore, loadKeytar } from './keytar-store'
import { MemorySecretStore } from './memory-store'
import { SafeStorageSecretStore, safeStorageUnavailable, type SafeStorageCipher } from './safe-storage-store'
import type { SecretStore, SecretStoreStatus } from './secret-store'

export interface SecretStoreChoice {
  store: SecretStore
  status: SecretStoreStatus
}

export interface ChooseOptions {
  /** Electron's safeStorage, passed by the desktop app only. */
  safeStorage?: SafeStorageCipher
  /** Where the desktop app keeps safeStorage's ciphertext. */
  dataDir: string
  platform?: NodeJS.Platform
}

/** safeStorage in the desktop app, else keytar where installed and a keychain answers, else memory. */
export async function chooseSecretStore(options: ChooseOptions): Promise<SecretStoreChoice> {
  const passedOver: string[] = []
  if (options.safeStorage) {
    const unavailable = safeStorageUnavailable(options.safeStorage)
    if (!unavailable)
      return {
        store: new SafeStorageSecretStore(options.safeStorage, options.dataDir),
        status: {
          kind: 'safeStorage',
          description: 'Sign-in tokens are encrypted by your operating system’s keychain.',
          advice: null,
          passedOver,
        },
      }
    passedOver.push(`Electron's safeStorage: ${unavailable}`)
  }
  const keytar = await loadKeytar()
  if (!('unavailable' in keytar))
    return {
      store: new KeytarSecretStore(keytar),
      status: {
        kind: 'keytar',
        description: 'Sign-in tokens are kept in your operating system’s keychain.',
        advice: null,
        passedOver,
      },
    }
  passedOver.push(`keytar: ${keytar.unavailable}`)
  return {
    store: new MemorySecretStore(),
    status: {
      kind: 'memory',
      description:
        'Sign-in tokens are kept in memory for this run only: you will sign in again next time you start Meritbook.',
      advice: enableKeychainAdvice(options.platform ?? process.platform),
      passedOver,
    },
  }
}

/** How to give Meritbook a keychain on each OS. */
export function enableKeychainAdvice(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'To stay signed in, unlock your login keychain in Keychain Access.'
  if (platform === 'win32')
    return 'To stay signed in, sign in to Windows with a user account that has Credential Manager.'
  return 'To stay signed in, your computer needs a keyring (such as GNOME Keyring or KWallet) running when you sign in to it. Ask whoever looks after your computer to turn one on, then start Meritbook again.'
}

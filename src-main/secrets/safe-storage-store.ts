import fs from 'node:fs'
import path from 'node:path'
import type { SecretStore } from './secret-store'

/** The part of Electron's `safeStorage` this store uses (passed in: only src-main/index.ts imports electron). */
export interface SafeStorageCipher {
  isEncryptionAvailable(): boolean
  encryptString(plainText: string): Buffer
  decryptString(encrypted: Buffer): string
  /** Linux only: 'basic_text' means a hard-coded key, no better than plain text. */
  getSelectedStorageBackend?(): string
}

/** Why safeStorage cannot keep secrets here, or null when it can. */
export function safeStorageUnavailable(cipher: SafeStorageCipher): string | null {
  if (!cipher.isEncryptionAvailable()) return 'the OS keychain did not give Electron a key'
  if (cipher.getSelectedStorageBackend?.() === 'basic_text')
    return 'no OS keychain is running, so Electron would encrypt with a fixed key'
  return null
}

type SecretFile = Record<string, string>

/**
 * Secrets encrypted by the OS keychain through Electron's safeStorage; only the ciphertext is kept,
 * base64 in `secrets.json` in the app's data folder (owner-only, written atomically).
 */
export class SafeStorageSecretStore implements SecretStore {
  readonly kind = 'safeStorage'
  private readonly file: string

  constructor(
    private readonly cipher: SafeStorageCipher,
    dataDir: string,
  ) {
    this.file = path.join(dataDir, 'secrets.json')
  }

  async get(account: string): Promise<string | null> {
    const encrypted = this.read()[account]
    return encrypted === undefined ? null : this.cipher.decryptString(Buffer.from(encrypted, 'base64'))
  }

  async set(account: string, secret: string): Promise<void> {
    this.write({ ...this.read(), [account]: this.cipher.encryptString(secret).toString('base64') })
  }

  async delete(account: string): Promise<boolean> {
    const secrets = this.read()
    if (!(account in secrets)) return false
    delete secrets[account]
    this.write(secrets)
    return true
  }

  private read(): SecretFile {
    let text: string
    try {
      text = fs.readFileSync(this.file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
      throw error
    }
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error(`${this.file} is not a Meritbook secrets file.`)
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    )
  }

  private write(secrets: SecretFile): void {
    const temporary = `${this.file}.${process.pid}.tmp`
    fs.writeFileSync(temporary, JSON.stringify(secrets), { mode: 0o600 })
    fs.renameSync(temporary, this.file)
  }
}

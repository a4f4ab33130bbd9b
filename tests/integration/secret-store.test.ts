import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { SecretStoreStatus } from '../../src-shared/contract'
import {
  SafeStorageSecretStore,
  safeStorageUnavailable,
  type SafeStorageCipher,
} from '../../src-main/secrets/safe-storage-store'
import { tempDir } from '../support/temp'

const ROOT = path.resolve(__dirname, '../..')
const CANARY_SCRIPT = path.join(ROOT, 'tests/support/secret-canary.ts')

interface CanaryRun {
  status: SecretStoreStatus
  read: string | null
}

/** A fresh home for one test: HOME, the XDG folders (the keyring lives there) and the app's data folder. */
function freshHome() {
  const root = tempDir()
  const dirs = {
    HOME: path.join(root, 'home'),
    XDG_DATA_HOME: path.join(root, 'data'),
    XDG_CONFIG_HOME: path.join(root, 'config'),
    XDG_CACHE_HOME: path.join(root, 'cache'),
    XDG_RUNTIME_DIR: path.join(root, 'run'),
  }
  for (const dir of Object.values(dirs)) fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  const dataDir = path.join(root, 'meritbook')
  fs.mkdirSync(dataDir)
  return { root, dataDir, env: { PATH: process.env.PATH ?? '', ...dirs } }
}

type Home = ReturnType<typeof freshHome>

function runCanary(home: Home, action: 'store' | 'read', canary: string, keychain: boolean): CanaryRun {
  const node = `${JSON.stringify(process.execPath)} --import tsx ${JSON.stringify(CANARY_SCRIPT)} ${action} ${JSON.stringify(home.dataDir)} ${canary}`
  // A private D-Bus with an unlocked GNOME Keyring (its login keyring kept under XDG_DATA_HOME).
  const command = keychain
    ? [
        'dbus-run-session',
        '--',
        'sh',
        '-c',
        `echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null && ${node}`,
      ]
    : ['sh', '-c', node]
  const result = spawnSync(command[0], command.slice(1), { cwd: ROOT, env: home.env, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${command.join(' ')} failed:\n${result.stderr}`)
  return JSON.parse(result.stdout) as CanaryRun
}

/** Every file under `root` whose bytes hold the canary (as UTF-8, UTF-16 or base64). */
function filesHolding(root: string, canary: string): string[] {
  const needles = [
    Buffer.from(canary, 'utf8'),
    Buffer.from(canary, 'utf16le'),
    Buffer.from(Buffer.from(canary).toString('base64')),
  ]
  const hits: string[] = []
  const files = fs.readdirSync(root, { recursive: true, withFileTypes: true })
  for (const entry of files) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    const bytes = fs.readFileSync(file)
    if (needles.some((needle) => bytes.includes(needle))) hits.push(file)
  }
  return hits
}

function filesUnder(root: string): number {
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
}

const canary = () => `canary-${crypto.randomUUID()}`

describe('secret stores: a token is never written to disk as plain text', () => {
  it('keytar on a real Secret Service (GNOME Keyring under dbus-run-session) keeps the token across runs, encrypted', () => {
    const home = freshHome()
    const token = canary()
    const stored = runCanary(home, 'store', token, true)
    expect(stored.status.kind).toBe('keytar')
    expect(stored.status.description).toBe('Sign-in tokens are kept in your operating system’s keychain.')
    expect(stored.read).toBe(token)
    // A new D-Bus session and keyring daemon: the token comes back from the keyring file.
    expect(runCanary(home, 'read', token, true).read).toBe(token)
    expect(fs.readdirSync(path.join(home.root, 'data/keyrings'))).toContain('login.keyring')
    expect(filesHolding(home.root, token)).toEqual([])
  })

  it('without a keychain tokens live in memory for this run only, and the user is told how to keep them', () => {
    const home = freshHome()
    const token = canary()
    const stored = runCanary(home, 'store', token, false)
    expect(stored.status).toMatchObject({
      kind: 'memory',
      description:
        'Sign-in tokens are kept in memory for this run only: you will sign in again next time you start Meritbook.',
    })
    // Said plainly for a user: no package names or commands for developers (issue 39).
    expect(stored.status.advice).toContain('keyring')
    expect(stored.status.advice).not.toMatch(/npm|libsecret|apt-get|sudo/)
    expect(stored.status.passedOver.join()).toMatch(/^keytar: no keychain answered/)
    expect(stored.read).toBe(token)
    expect(runCanary(home, 'read', token, false).read).toBeNull()
    expect(filesHolding(home.root, token)).toEqual([])
  })

  it('the scan finds a token that was written as plain text (the check can fail)', () => {
    const home = freshHome()
    const token = canary()
    fs.writeFileSync(path.join(home.dataDir, 'leak.json'), JSON.stringify({ token }))
    expect(filesHolding(home.root, token)).toEqual([path.join(home.dataDir, 'leak.json')])
  })
})

/**
 * Electron's safeStorage cannot run here (Electron's binary is not installed on these machines), so
 * its back end's file handling is checked with AES-256-GCM standing in for the OS keychain's cipher.
 */
describe("safeStorage back end (Electron's cipher cannot run here: AES-GCM stands in for it)", () => {
  function standInCipher(backend = 'gnome_libsecret'): SafeStorageCipher {
    const key = crypto.randomBytes(32)
    return {
      isEncryptionAvailable: () => true,
      getSelectedStorageBackend: () => backend,
      encryptString(plainText) {
        const iv = crypto.randomBytes(12)
        const cipher = crypto.createCipheriv('aes-256-gcm', key, iv)
        const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()])
        return Buffer.concat([iv, cipher.getAuthTag(), body])
      },
      decryptString(encrypted) {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, encrypted.subarray(0, 12))
        decipher.setAuthTag(encrypted.subarray(12, 28))
        return Buffer.concat([decipher.update(encrypted.subarray(28)), decipher.final()]).toString('utf8')
      },
    }
  }

  it('keeps only ciphertext, owner-only, and reads, replaces and deletes tokens', async () => {
    const dir = tempDir()
    const store = new SafeStorageSecretStore(standInCipher(), dir)
    const token = canary()
    await store.set('a', token)
    await store.set('b', 'other')
    expect(await store.get('a')).toBe(token)
    await store.set('a', `${token}-2`)
    expect(await store.get('a')).toBe(`${token}-2`)
    expect(await store.delete('b')).toBe(true)
    expect(await store.delete('b')).toBe(false)
    expect(await store.get('b')).toBeNull()
    expect(fs.statSync(path.join(dir, 'secrets.json')).mode & 0o777).toBe(0o600)
    expect(filesUnder(dir)).toBe(1)
    expect(filesHolding(dir, token)).toEqual([])
  })

  it('refuses a keychain-less Linux (basic_text) and an unavailable cipher', () => {
    expect(safeStorageUnavailable(standInCipher('basic_text'))).toBe(
      'no OS keychain is running, so Electron would encrypt with a fixed key',
    )
    expect(safeStorageUnavailable({ ...standInCipher(), isEncryptionAvailable: () => false })).toBe(
      'the OS keychain did not give Electron a key',
    )
    expect(safeStorageUnavailable(standInCipher())).toBeNull()
  })

  it('names a secrets file that is not its own instead of overwriting it', async () => {
    const dir = tempDir()
    fs.writeFileSync(path.join(dir, 'secrets.json'), '[1,2]')
    const store = new SafeStorageSecretStore(standInCipher(), dir)
    await expect(store.set('a', 'x')).rejects.toThrow(
      `${path.join(dir, 'secrets.json')} is not a Meritbook secrets file.`,
    )
    expect(fs.readFileSync(path.join(dir, 'secrets.json'), 'utf8')).toBe('[1,2]')
  })
})

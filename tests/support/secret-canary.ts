// Run by tests/integration/secret-store.test.ts in a child process (its own HOME, and under
// dbus-run-session for the keychain): chooses a secret store as the app does, then stores or reads
// one token and prints what happened as JSON.
import { chooseSecretStore } from '../../src-main/secrets/choose-secret-store'

const [action, dataDir, canary] = process.argv.slice(2)
const ACCOUNT = 'https://company.example/api token'

async function main(): Promise<void> {
  const { store, status } = await chooseSecretStore({ dataDir })
  if (action === 'store') await store.set(ACCOUNT, canary)
  const read = await store.get(ACCOUNT)
  process.stdout.write(JSON.stringify({ status, read }))
}

main().catch((error: unknown) => {
  process.stderr.write(String(error))
  process.exitCode = 1
})

/**
 * The company server of `npm run bench -- sync`, in a process of its own as in a real deployment
 * (its work does not share the desktop's thread): serves the database named on the command line on
 * a free loopback port, prints `listening <url>` and runs until it is killed.
 */
import crypto from 'node:crypto'
import { buildServer } from '../../src-server/app'
import { connect } from '../../src-server/db/connect'

async function main(): Promise<void> {
  const db = connect(process.argv[2], 8)
  const app = await buildServer({
    db,
    jwtSecret: crypto.randomBytes(32),
    mailer: { send: async () => undefined },
    publicUrl: 'http://127.0.0.1',
    secureCookies: false,
    onboardingKey: null,
    now: () => new Date(),
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  console.log(`listening http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`)
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => db.destroy())
      .finally(() => process.exit(0))
  })
}

void main()

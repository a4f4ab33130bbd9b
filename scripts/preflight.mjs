// `npm test` runs this first (and so does .ci/run, through npm test): it finds the system packages
// the suite needs and installs the missing ones with the platform's package manager when it may
// (root, or sudo without a password), printing what it runs, as `playwright install --with-deps`
// does. Where it may not, it stops at once with one line naming the command to run. Then it builds
// keytar if `npm ci` had to skip it (keytar is optional: it builds only against libsecret).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Debian/Ubuntu packages the tests need, and why. */
const APT_PACKAGES = [
  { name: 'chromium', why: 'the end-to-end tests drive browser mode in /usr/bin/chromium' },
  { name: 'libsecret-1-dev', why: 'keytar builds against libsecret to reach the keychain' },
  { name: 'gnome-keyring', why: 'a real Secret Service for the keychain tests' },
  { name: 'dbus-daemon', why: 'dbus-run-session gives the keychain tests a private D-Bus' },
  { name: 'sqlite3', why: 'the import benchmark compares with sqlite3' },
  { name: 'postgresql', why: "the company server's tests run against a real PostgreSQL" },
  {
    name: 'poppler-utils',
    why: "the reward statements' tests read PDFs back (pdftotext, pdffonts, pdftoppm)",
  },
]

function log(line) {
  console.log(`[preflight] ${line}`)
}

function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0
}

function installedDebianPackage(name) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' })
  return result.status === 0 && result.stdout.includes('install ok installed')
}

/** How packages may be installed here: directly (root), through sudo without a password, or not at all. */
function privilege() {
  if (process.getuid?.() === 0) return []
  if (commandExists('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0)
    return ['sudo']
  return null
}

function run(argv) {
  log(`$ ${argv.join(' ')}`)
  const result = spawnSync(argv[0], argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  if (result.status !== 0) {
    console.error(`[preflight] failed: ${argv.join(' ')}`)
    process.exit(result.status ?? 1)
  }
}

function ensureDebianPackages() {
  const missing = APT_PACKAGES.filter((p) => !installedDebianPackage(p.name))
  if (missing.length === 0) {
    log(`system packages present: ${APT_PACKAGES.map((p) => p.name).join(', ')}`)
    return
  }
  const names = missing.map((p) => p.name)
  const sudo = privilege()
  if (sudo === null) {
    console.error(
      `[preflight] the tests need system packages; run: sudo apt-get update && sudo apt-get install -y --no-install-recommends ${names.join(' ')}`,
    )
    process.exit(1)
  }
  for (const p of missing) log(`missing ${p.name}: ${p.why}`)
  run([...sudo, 'apt-get', 'update'])
  run([...sudo, 'apt-get', 'install', '-y', '--no-install-recommends', ...names])
}

function keytarLoads() {
  return spawnSync(process.execPath, ['-e', "require('keytar')"], { cwd: root, stdio: 'ignore' }).status === 0
}

/** keytar is an optional dependency: `npm ci` skips it where libsecret was missing. Build it now. */
function ensureKeytar() {
  if (keytarLoads()) return log('keytar is built')
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'))
  const version = lock.packages['node_modules/keytar']?.version
  if (!version) throw new Error('package-lock.json does not list keytar')
  log('keytar was skipped by npm ci (libsecret was missing then); building it now')
  run(['npm', 'install', '--no-save', '--no-audit', '--no-fund', `keytar@${version}`])
  if (!keytarLoads()) {
    console.error('[preflight] keytar still does not load after building it; see the npm output above.')
    process.exit(1)
  }
}

function answersOn5432() {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      "require('net').connect(5432,'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))",
    ],
    { stdio: 'ignore', timeout: 3000 },
  )
  return probe.status === 0
}

const TEST_ROLE_CHECK = ['-h', '127.0.0.1', '-U', 'meritbook', '-d', 'postgres', '-tAc', 'select 1']

/** A PostgreSQL on 127.0.0.1:5432 with the tests' login role (meritbook / meritbook, CREATEDB). */
function ensurePostgres() {
  const roleWorks = () =>
    spawnSync('psql', TEST_ROLE_CHECK, { env: { ...process.env, PGPASSWORD: 'meritbook' }, stdio: 'ignore' })
      .status === 0
  if (answersOn5432() && roleWorks()) return log('PostgreSQL answers on 127.0.0.1:5432 with the test role')
  const sudo = privilege()
  if (sudo === null) {
    console.error(
      '[preflight] the server tests need PostgreSQL on 127.0.0.1:5432 with a role meritbook (password meritbook, CREATEDB); run: sudo pg_ctlcluster 15 main start && sudo -u postgres psql -c "create role meritbook login createdb password \'meritbook\'"',
    )
    process.exit(1)
  }
  if (!answersOn5432()) {
    const version = fs.readdirSync('/etc/postgresql').sort().at(-1)
    run([...sudo, 'pg_ctlcluster', version, 'main', 'start'])
  }
  if (!roleWorks())
    run([
      ...sudo,
      'su',
      'postgres',
      '-c',
      `psql -qc "create role meritbook login createdb password 'meritbook'"`,
    ])
  if (!roleWorks()) {
    console.error(
      '[preflight] PostgreSQL runs but the meritbook role cannot sign in over TCP; check pg_hba.conf.',
    )
    process.exit(1)
  }
}

if (process.platform === 'linux' && commandExists('apt-get') && commandExists('dpkg-query')) {
  ensureDebianPackages()
  ensurePostgres()
  ensureKeytar()
} else {
  console.error(
    `[preflight] npm test runs on Debian or Ubuntu (it needs /usr/bin/chromium, a Secret Service and apt-get); this is ${process.platform}. npm ci && npm start work here.`,
  )
  process.exit(1)
}

// `npm run mutate`: mutation testing of issue 20's targets, batch by batch (docs/testing.md).
// Runs Stryker once per batch of scripts/mutate-batches.ts that has no result yet or whose result is
// older than its files or tests, smallest batches (fewest mutants) first, each with its own
// incremental file and JSON report under reports/mutate/; then prints the figures per batch and per
// target folder (scripts/mutate-summary.ts): the raw score, and the score with the survivors of the
// ledger of equivalent mutants (tests/mutation/equivalent.json) left out. An interrupted driver loses
// at most the batch in flight.
//
//   --report           run nothing, print the figures of the last results
//   --only X           only the batches named X, of folder X (or below it), or mutating file X;
//                      repeat it or separate with commas
//   --all              also re-run the batches whose result is current (incremental: cheap)
//   --concurrency N    Stryker's test runners (default 2)
//   --until HH:MM      start no batch after this UTC time
//
// Before each batch it waits while /tmp/pause-mutate exists (MUTATE_PAUSE_FILE), and while Stryker
// runs its process group id is in /tmp/mutate.pgid (MUTATE_PGID_FILE), so that another job can
// pause it: kill -STOP -- -$(cat /tmp/mutate.pgid). Run it niced: nice -n 19 npm run mutate.
import { spawn } from 'node:child_process'
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { loadavg } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { Instrumenter } from '@stryker-mutator/instrumenter'
import { MUTATE_BATCHES, MUTATE_TARGETS } from './mutate-batches.ts'
import { parseLedger } from './mutate-ledger.ts'
import { formatSummary, summarize } from './mutate-summary.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const OUT = 'reports/mutate'
const PAUSE_FILE = process.env.MUTATE_PAUSE_FILE ?? '/tmp/pause-mutate'
const PGID_FILE = process.env.MUTATE_PGID_FILE ?? '/tmp/mutate.pgid'
const STRYKER = join(ROOT, 'node_modules/@stryker-mutator/core/bin/stryker.js')
const LEDGER = 'tests/mutation/equivalent.json'

const { values } = parseArgs({
  options: {
    report: { type: 'boolean', default: false },
    only: { type: 'string', multiple: true },
    all: { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '2' },
    until: { type: 'string' },
  },
})

const concurrency = Number(values.concurrency)
if (!Number.isInteger(concurrency) || concurrency < 1)
  fail(`--concurrency wants a whole number, not ${values.concurrency}`)

function fail(message) {
  console.error(`mutate: ${message}`)
  process.exit(2)
}

/** The UTC time given as HH:MM, next after now. */
function untilTime(text) {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text)
  if (!match) fail(`--until wants HH:MM (UTC), not ${text}`)
  const now = new Date()
  const at = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), +match[1], +match[2]),
  )
  if (at <= now) at.setUTCDate(at.getUTCDate() + 1)
  return at
}
const until = values.until === undefined ? null : untilTime(values.until)

const path = (file) => join(ROOT, file)
const out = (name, suffix) => `${OUT}/${name}${suffix}`

const sources = {
  read: (file) => (existsSync(path(file)) ? readFileSync(path(file), 'utf8') : null),
  modifiedAt: (file) => (existsSync(path(file)) ? statSync(path(file)).mtime : null),
}

function readJson(file) {
  return existsSync(path(file)) ? JSON.parse(readFileSync(path(file), 'utf8')) : null
}

function inputs() {
  const map = new Map()
  for (const batch of MUTATE_BATCHES) {
    const file = out(batch.name, '.json')
    const report = readJson(file)
    map.set(batch.name, {
      report,
      reportTime: report ? statSync(path(file)).mtime : null,
      run: readJson(out(batch.name, '.run.json')),
    })
  }
  return map
}

function folderFiles() {
  const map = new Map()
  for (const target of MUTATE_TARGETS) {
    const files = readdirSync(path(target.folder), { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => `${target.folder}/${file.split('\\').join('/')}`)
      .sort()
    map.set(target.folder, files)
  }
  return map
}

/** The ledger of equivalent mutants (docs/mutation.md); a malformed one stops the driver, naming the entry. */
function ledger() {
  const text = sources.read(LEDGER)
  if (text === null) return []
  try {
    return parseLedger(text, LEDGER)
  } catch (error) {
    fail(error.message)
  }
}

function currentSummary() {
  return summarize(MUTATE_TARGETS, MUTATE_BATCHES, inputs(), folderFiles(), sources, ledger())
}

function selected() {
  const wanted = (values.only ?? [])
    .flatMap((item) => item.split(','))
    .map((item) => item.trim().replace(/\/$/, ''))
  if (wanted.length === 0) return MUTATE_BATCHES
  for (const item of wanted) {
    if (!MUTATE_BATCHES.some((batch) => matches(batch, item)))
      fail(`no batch is named ${item}, mutates it or lies in it`)
  }
  return MUTATE_BATCHES.filter((batch) => wanted.some((item) => matches(batch, item)))
}

function matches(batch, item) {
  return (
    batch.name === item ||
    batch.folder === item ||
    batch.folder.startsWith(`${item}/`) ||
    batch.files.includes(item) ||
    batch.files.some((file) => file.startsWith(`${item}/`))
  )
}

// A batch's size: its mutants as Stryker's instrumenter finds them (static and not compiling included).
const quiet = { isTraceEnabled: () => false, isDebugEnabled: () => false, isInfoEnabled: () => false }
for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal']) quiet[level] = () => {}
async function mutants(batch) {
  const files = batch.files
    .map((name) => ({ name, content: sources.read(name), mutate: true }))
    .filter((file) => file.content !== null)
  const options = { plugins: null, excludedMutations: [], ignorers: [], noHeader: true }
  return (await new Instrumenter(quiet).instrument(files, options)).mutants.length
}

function writeConfigs(batch) {
  const target = MUTATE_TARGETS.find((candidate) => candidate.folder === batch.folder)
  const options = {
    mutate: [...batch.files],
    incremental: true,
    incrementalFile: out(batch.name, '.incremental.json'),
    reporters: ['json', 'html', 'clear-text', 'progress-append-only'],
    jsonReporter: { fileName: out(batch.name, '.json') },
    htmlReporter: { fileName: out(batch.name, '.html') },
    clearTextReporter: { allowColor: false, allowEmojis: false },
    concurrency,
  }
  if (batch.tests) {
    // reports/ is not copied into Stryker's sandbox: the config is named by its absolute path, and
    // vitest resolves its include from the sandbox (its working directory).
    const vitestConfig = path(out(batch.name, '.vitest.config.mts'))
    const include = [...(target.baseTests ?? ['tests/unit/**/*.test.ts']), ...batch.tests]
    writeFileSync(
      vitestConfig,
      `// Written by scripts/mutate.mjs for batch ${batch.name}.\n` +
        `import base from ${JSON.stringify(pathToFileURL(path(target.vitestConfig)).href)}\n` +
        `export default { ...base, test: { ...base.test, include: ${JSON.stringify(include)} } }\n`,
    )
    options.vitest = { configFile: vitestConfig }
  }
  const strykerConfig = path(out(batch.name, '.stryker.config.mjs'))
  writeFileSync(
    strykerConfig,
    `// Written by scripts/mutate.mjs for batch ${batch.name}.\n` +
      `import base from ${JSON.stringify(pathToFileURL(path(target.strykerConfig)).href)}\n` +
      `export default { ...base, ...${JSON.stringify(options, null, 2)} }\n`,
  )
  return strykerConfig
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms))
const load = () => loadavg().map((value) => Math.round(value * 100) / 100)
const clock = () => new Date().toISOString().slice(11, 19) + ' UTC'

let running = null
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (running) {
      console.log(
        `\nmutate: ${signal}: stopping Stryker (process group ${running.pid}); this batch keeps nothing`,
      )
      try {
        process.kill(-running.pid, 'SIGCONT')
        process.kill(-running.pid, 'SIGTERM')
      } catch {
        // already gone
      }
      rmSync(PGID_FILE, { force: true })
    }
    process.exit(130)
  })
}

async function runBatch(batch) {
  const config = writeConfigs(batch)
  const log = path(out(batch.name, '.log'))
  const started = Date.now()
  const loadBefore = load()
  console.log(
    `${clock()}  ${batch.name}: ${batch.files.length} files, load ${loadBefore.join(' ')}; log ${relative(ROOT, log)}`,
  )
  const stream = createWriteStream(log)
  const child = spawn(process.execPath, [STRYKER, 'run', config], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running = child
  writeFileSync(PGID_FILE, `${child.pid}\n`)
  child.stdout.pipe(stream, { end: false })
  child.stderr.pipe(stream, { end: false })
  const exitCode = await new Promise((done) =>
    child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1))),
  )
  running = null
  rmSync(PGID_FILE, { force: true })
  stream.end()
  const seconds = Math.round((Date.now() - started) / 1000)
  const run = {
    finishedAt: new Date().toISOString(),
    seconds,
    loadBefore,
    loadAfter: load(),
    concurrency,
    exitCode,
    tests: batch.tests ?? null,
  }
  if (exitCode === 0) writeFileSync(path(out(batch.name, '.run.json')), `${JSON.stringify(run, null, 2)}\n`)
  console.log(
    `${clock()}  ${batch.name}: ${exitCode === 0 ? 'done' : `Stryker failed (exit ${exitCode}), see the log`} ` +
      `in ${Math.floor(seconds / 60)} min ${seconds % 60} s, load ${run.loadAfter.join(' ')}`,
  )
  return exitCode === 0
}

let failed = false
if (!values.report) {
  mkdirSync(path(OUT), { recursive: true })
  const states = new Map(currentSummary().batches.map((row) => [row.batch.name, row.state]))
  const sizes = new Map()
  for (const batch of selected()) {
    if (values.all || states.get(batch.name) !== 'current') sizes.set(batch, await mutants(batch))
  }
  const todo = [...sizes.keys()].sort((a, b) => sizes.get(a) - sizes.get(b))
  const names = todo.map((batch) => `${batch.name} (${sizes.get(batch)})`)
  console.log(
    `mutate: ${todo.length} batches to run, smallest first (mutants): ${names.join(', ') || 'none'}`,
  )
  for (const batch of todo) {
    let told = false
    while (existsSync(PAUSE_FILE)) {
      if (!told) console.log(`${clock()}  waiting while ${PAUSE_FILE} exists`)
      told = true
      await sleep(30_000)
    }
    if (until && new Date() > until) {
      console.log(`${clock()}  past --until ${values.until} UTC: no more batches`)
      break
    }
    failed = !(await runBatch(batch)) || failed
  }
  console.log('')
}
console.log(formatSummary(currentSummary()))
process.exit(failed ? 1 : 0)

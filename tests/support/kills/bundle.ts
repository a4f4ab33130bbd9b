import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { build, type Plugin } from 'esbuild'

const ROOT = path.resolve(__dirname, '../../..')

/**
 * Modules the killed writers never call, replaced by a stub that throws if one is used: loading
 * PDFKit and its fonts costs a child ~0.15 s of its start (statements, not a writer tested here).
 */
function notLoaded(names: string[]): Plugin {
  const filter = new RegExp(`^(${names.join('|')})$`)
  return {
    name: 'not-loaded',
    setup(build) {
      build.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'not-loaded' }))
      build.onLoad({ filter: /.*/, namespace: 'not-loaded' }, (args) => ({
        contents: `module.exports = new Proxy(function () {}, { get(_, key) { if (key === '__esModule') return false; if (key === 'default') return module.exports; throw new Error(${JSON.stringify(`${args.path} is not loaded in the kill tests' bundle`)}) } })`,
        loader: 'js',
      }))
    },
  }
}

/** Runs a bundle to completion (setting up a test), answering its stdout; throws when it fails. */
export function runBundle(bundles: KillBundles, script: string, ...args: string[]): string {
  const run = spawnSync(process.execPath, [script, ...args], { env: bundles.env, encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`${path.basename(script)} ${args.join(' ')}: ${run.stderr}`)
  return run.stdout
}

/** Where the bundles are, and the environment a child needs to load their native modules. */
export interface KillBundles {
  cli: string
  pasteChild: string
  traceSql: string
  fixedClock: string
  env: NodeJS.ProcessEnv
}

/**
 * The CLI, the paste child, the SQL tracer and the fixed clock, each as one CommonJS file in `dir`. A child of the
 * kill tests starts in ~0.4 s of CPU this way instead of ~2.5 s through tsx, which is what lets CI
 * afford 20 kills per writer. Native modules (and PDFKit's data files) stay in node_modules.
 */
export async function buildKillBundles(dir: string): Promise<KillBundles> {
  await build({
    entryPoints: {
      cli: path.join(ROOT, 'src-main/cli.ts'),
      'paste-child': path.join(__dirname, 'paste-child.ts'),
      'trace-sql': path.join(__dirname, 'trace-sql.ts'),
      'fixed-clock': path.join(__dirname, 'fixed-clock.ts'),
    },
    outdir: dir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['better-sqlite3', 'argon2', 'keytar', 'electron', 'pg-native'],
    plugins: [notLoaded(['pdfkit', 'fontkit'])],
    logLevel: 'error',
  })
  return {
    cli: path.join(dir, 'cli.cjs'),
    pasteChild: path.join(dir, 'paste-child.cjs'),
    traceSql: path.join(dir, 'trace-sql.cjs'),
    fixedClock: path.join(dir, 'fixed-clock.cjs'),
    // One clock for the reference run and every kill (see fixed-clock.ts).
    env: { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules'), KILL_CLOCK: new Date().toISOString() },
  }
}

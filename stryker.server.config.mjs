// The batches of the company server's authentication (src-server/auth), HTTP layer and access checks
// (src-server/http: who the caller is, which channel a role may use, which teams a planner plans,
// locks, limits) (`npm run mutate:server`), tested by the server suites against the PostgreSQL on
// 127.0.0.1:5432 (vitest.stryker.server.config.mts). A mutant re-runs the files that reach it, each
// making its own database first: seconds a mutant.
import base from './stryker.config.mjs'

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: ['src-server/auth/**/*.ts', 'src-server/http/**/*.ts'],
  vitest: { configFile: 'vitest.stryker.server.config.mts' },
  tsconfigFile: 'tsconfig.stryker.server.json',
  incrementalFile: 'reports/stryker-incremental-server.json',
  htmlReporter: { fileName: 'reports/mutation/server.html' },
  timeoutMS: 60_000,
  dryRunTimeoutMinutes: 30,
}

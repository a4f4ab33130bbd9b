// The batches of src-main/services/import and src-main/services/table (`npm run mutate:services`), whose behaviour the
// integration tests check through the dispatcher (vitest.stryker.services.config.mts runs them too).
import base from './stryker.config.mjs'

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: ['src-main/services/import/**/*.ts', 'src-main/services/table/**/*.ts'],
  vitest: { configFile: 'vitest.stryker.services.config.mts' },
  incrementalFile: 'reports/stryker-incremental-services.json',
  htmlReporter: { fileName: 'reports/mutation/services.html' },
  // A mutant re-runs the integration files that reach it, each building its demo workbook first.
  timeoutMS: 60_000,
  // The first run of every covering test (unit and integration) took over Stryker's default 5 min here.
  dryRunTimeoutMinutes: 30,
}

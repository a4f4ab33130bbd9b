import { defineConfig } from 'vitest/config'

/**
 * The tests mutation testing runs for the import and table services (`npm run mutate:services`): the
 * unit tests and the integration tests that drive these services in this process through the
 * dispatcher. Each writes its workbooks under a fresh folder of the OS temp dir and removes it
 * (tests/support/temp.ts), so it is safe to run from Stryker's sandbox. Left out: the suites that
 * start child processes (kills, the CLI through tsx), which would not see the mutant, and the slow
 * fuzz and real-data suites.
 */
export default defineConfig({
  test: {
    globals: true,
    include: [
      'tests/unit/**/*.test.ts',
      'tests/integration/table-*.test.ts',
      'tests/integration/import-jobs.test.ts',
      'tests/integration/import-conflicts.test.ts',
      'tests/integration/reimport-plans.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

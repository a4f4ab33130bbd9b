import { defineConfig } from 'vitest/config'

/**
 * The tests mutation testing runs for the server's authentication, HTTP layer and access checks
 * (`npm run mutate:server`): the server suites that sign in, refuse and scope requests. Each file
 * makes its own PostgreSQL database (tests/server/support.ts, 127.0.0.1:5432) and drops it after, so
 * two Stryker runners can share the server. Left out: the replica and CLI suites (child processes,
 * tens of seconds a run), which reach these files only through the same checks.
 */
export const SERVER_MUTATION_TESTS = [
  'tests/server/auth.test.ts',
  'tests/server/sessions.test.ts',
  'tests/server/route-access.test.ts',
  'tests/server/attacks.test.ts',
  'tests/server/attacks-limits.test.ts',
  'tests/server/client-mistakes.test.ts',
  'tests/server/planning.test.ts',
  'tests/server/no-5xx.test.ts',
]

export default defineConfig({
  test: {
    globals: true,
    include: SERVER_MUTATION_TESTS,
    environment: 'node',
    testTimeout: 60_000,
    // Every file hashes passwords (argon2) and publishes a company before its tests.
    hookTimeout: 120_000,
  },
})

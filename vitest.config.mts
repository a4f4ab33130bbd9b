import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    globals: true,
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/server/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // Server suites hash passwords (argon2) and publish companies before their tests: slow on 2 busy cores.
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default on 2 cores is one worker; two run the suite in about 2/3 of the time here.
    maxWorkers: 2,
  },
})

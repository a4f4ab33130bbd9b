import { defineConfig } from 'vitest/config'

/** The tests mutation testing runs for each mutant: the fast unit tests (no workbook files, no server). */
export default defineConfig({
  test: {
    globals: true,
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
})

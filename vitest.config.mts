import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { defineConfig } from 'vitest/config'

/**
 * Files that run for tens of seconds (child processes killed mid-write, replicas against the server).
 * A clean checkout has no timings cached, so Vitest would start the largest files first and reach
 * these small ones last, leaving one of the two workers idle while they finish.
 */
const LONG_FIRST = [
  'tests/integration/writer-kills.test.ts',
  'tests/server/sync-model.test.ts',
  'tests/integration/import-kill.test.ts',
  'tests/server/sync-push-kills.test.ts',
  'tests/server/statements-cli.test.ts',
  'tests/server/create-owner.test.ts',
  'tests/integration/import-fuzz.test.ts',
]

class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (file: TestSpecification) => {
      const index = LONG_FIRST.findIndex((name) => file.moduleId.endsWith(name))
      return index === -1 ? LONG_FIRST.length : index
    }
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file)
  }
}

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
    sequence: { sequencer: LongFirstSequencer },
  },
})

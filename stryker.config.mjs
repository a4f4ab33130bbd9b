// Mutation testing (docs/testing.md). `npm run mutate` (scripts/mutate.mjs) runs it batch by batch with
// stryker.domain.config.mjs or stryker.services.config.mjs; this file holds what they share. Not part of npm test.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: [
    'src-shared/domain/**/*.ts',
    'src-main/services/import/**/*.ts',
    'src-main/services/table/**/*.ts',
  ],
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.mts' },
  // Mutants in module-level constants would re-run every test each; they are counted apart.
  ignoreStatic: true,
  checkers: ['typescript'],
  // Only the mutated folders and what they import: checking the whole project (renderer, tests)
  // cost about 6–7 s a mutant here. Dependents outside these folders are not checked, so a mutant
  // that would only break them is tested, not excluded.
  tsconfigFile: 'tsconfig.stryker.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  concurrency: 2,
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
}

// The batches of src-shared/domain (`npm run mutate:domain`), checked by a TypeScript program of that folder
// alone (tsconfig.stryker.domain.json), which is what makes a full run of the folder affordable.
import base from './stryker.config.mjs'

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: ['src-shared/domain/**/*.ts'],
  tsconfigFile: 'tsconfig.stryker.domain.json',
  incrementalFile: 'reports/stryker-incremental-domain.json',
  htmlReporter: { fileName: 'reports/mutation/domain.html' },
}

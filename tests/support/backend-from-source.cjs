// The app's backend threads run from the TypeScript source (tsx), so vitest can start the real worker pair.
// Plain CommonJS: Node loads this entry itself, before tsx is registered to load the rest.
/* eslint-disable @typescript-eslint/no-require-imports */
require('tsx/cjs/api').register()
require('../../src-main/backend/worker.ts')

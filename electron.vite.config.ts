import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // Pure-JS dependencies are bundled: one file to parse starts the CLI ~100 ms sooner than
      // resolving kysely's and zod's hundreds of modules. Native modules stay external, keytar
      // too: it is optional, so the build must not need it (it is loaded at run time if present).
      externalizeDeps: { exclude: ['kysely', 'zod', 'csv-parse'], include: ['keytar'] },
      rollupOptions: {
        input: {
          // Electron shell (the only entry that loads `electron`).
          index: resolve(__dirname, 'src-main/index.ts'),
          // The workbook worker thread both shells talk to.
          backend: resolve(__dirname, 'src-main/backend/worker.ts'),
          // Browser mode: the same contract over loopback HTTP, run with plain Node.
          browser: resolve(__dirname, 'src-main/web/main.ts'),
          // The headless CLI (`node out/main/cli.js`), what `npm run bench -- import` times.
          cli: resolve(__dirname, 'src-main/cli.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: { input: { index: resolve(__dirname, 'src-preload/index.ts') } },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    base: './',
    plugins: [react()],
    // plotly.js's modules (the dashboards' partial bundle) read Node's `global`.
    define: { global: 'globalThis' },
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      minify: true,
      chunkSizeWarningLimit: 4000,
      rollupOptions: { input: resolve(__dirname, 'src-renderer/index.html') },
    },
  },
})

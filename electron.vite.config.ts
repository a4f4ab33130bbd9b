import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          // Electron shell (the only entry that loads `electron`).
          index: resolve(__dirname, 'src-main/index.ts'),
          // The workbook worker thread both shells talk to.
          backend: resolve(__dirname, 'src-main/backend/worker.ts'),
          // Browser mode: the same contract over loopback HTTP, run with plain Node.
          browser: resolve(__dirname, 'src-main/web/main.ts'),
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
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      minify: true,
      chunkSizeWarningLimit: 4000,
      rollupOptions: { input: resolve(__dirname, 'src-renderer/index.html') },
    },
  },
})

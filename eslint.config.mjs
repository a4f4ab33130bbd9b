import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const electronOnly = {
  name: 'electron',
  message: 'Only src-main/index.ts and the Electron shell modules it alone loads may import electron.',
}
const nodeBuiltins = {
  regex: '^(node:|(fs|path|os|child_process|worker_threads|http|net|crypto)$)',
  message: 'src-shared and src-renderer stay free of Node I/O.',
}

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'reports/**',
      '.stryker-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src-shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnly],
          patterns: [
            {
              regex: '(^|/)src-(main|renderer|preload)(/|$)',
              message: 'src-shared imports nothing outside itself.',
            },
            { regex: '^\\.\\./\\.\\./\\.\\.', message: 'src-shared imports nothing outside itself.' },
            { regex: '^(better-sqlite3|kysely|keytar|csv-parse|react)', message: 'src-shared does no I/O.' },
            nodeBuiltins,
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnly],
          patterns: [
            { regex: '(^|/)src-(main|preload)(/|$)', message: 'The renderer never imports src-main.' },
            nodeBuiltins,
          ],
        },
      ],
    },
  },
  {
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/index.ts', 'src-main/electron-updates.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnly],
          patterns: [
            { regex: '(^|/)src-renderer(/|$)', message: 'The main process never imports the renderer.' },
          ],
        },
      ],
    },
  },
  {
    // The company server shares src-shared with the desktop, never the desktop's own code.
    files: ['src-server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnly],
          patterns: [
            {
              regex: '(^|/)src-(main|renderer|preload)(/|$)',
              message: 'The server imports src-shared, never src-main, the renderer or the preload.',
            },
            { regex: '^(better-sqlite3|keytar)$', message: 'The server keeps its data in PostgreSQL.' },
          ],
        },
      ],
    },
  },
  {
    // Tests may import any layer, but not electron (it cannot load here).
    files: ['tests/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [electronOnly] }] },
  },
)

import { chromium, type Browser, type Page } from '@playwright/test'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { Channel, ChannelInput, ChannelOutput, Result } from '../../src-shared/contract'

/**
 * What the benchmarks that drive the app in Chromium share: the build, the demo workbooks, the
 * browser, and calls to the main process from the page.
 */
export const ROOT = path.resolve(__dirname, '../..')
export const WAIT_MS = 120_000
const CHROMIUM = '/usr/bin/chromium'
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** Builds the app (electron-vite) unless browser mode's entry is there already. */
export function ensureBuilt(): void {
  if (fs.existsSync(path.join(ROOT, 'out/main/browser.js'))) return
  const built = spawnSync('npx', ['electron-vite', 'build'], { cwd: ROOT, encoding: 'utf8' })
  if (built.status !== 0) throw new Error(`npx electron-vite build failed:\n${built.stderr}`)
}

/** Debian's Chromium, headless, as the e2e tests run it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
}

/** `meritbook new <file> --demo <employees> --seed 1` through the CLI; returns how long it took (ms). */
export function createDemoWorkbookFile(file: string, employees: number): number {
  const started = performance.now()
  const created = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src-main/cli.ts', 'new', file, '--demo', String(employees), '--seed', '1'],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  if (created.status !== 0) throw new Error(`meritbook new --demo ${employees} failed:\n${created.stderr}`)
  return performance.now() - started
}

/** Calls the main process from the page, as the signed-in user (browser mode's HTTP bridge). */
export async function invokeFromPage<C extends Channel>(
  page: Page,
  channel: C,
  input: ChannelInput<C>,
): Promise<ChannelOutput<C>> {
  const result = await page.evaluate(
    async ([name, body]) => {
      const response = await fetch(`/api/invoke/${name}`, { method: 'POST', body: JSON.stringify(body) })
      return (await response.json()) as Result<unknown>
    },
    [channel, input] as const,
  )
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value as ChannelOutput<C>
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return NaN
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** A median with the runs it came from: `812 ms  (790, 812, 840)`. */
export function msOf(values: number[]): string {
  return `${median(values).toFixed(0)} ms  (${values.map((v) => v.toFixed(0)).join(', ')})`
}

import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface RunningApp {
  /** The printed address, carrying the per-run secret. */
  url: string
  origin: string
  dataDir: string
  stop(): Promise<void>
  /**
   * Ctrl+C as `npm start` delivers it: SIGINT to the whole process group, then again (start.mjs
   * forwards its own). Resolves with the exit code once the process has ended.
   */
  interrupt(): Promise<number | null>
}

const ROOT = path.resolve(__dirname, '../../..')
const BROWSER_ENTRY = path.join(ROOT, 'out/main/browser.js')

/** Starts Meritbook in browser mode, as `npm start` does, in a fresh data folder. */
export async function startApp(args: string[] = ['--demo'], dataDir?: string): Promise<RunningApp> {
  if (!fs.existsSync(BROWSER_ENTRY)) throw new Error('Build first: npm run build')
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'meritbook-e2e-'))
  // A process group of its own, as a terminal gives `npm start`: `interrupt` signals the group.
  const child: ChildProcess = spawn(process.execPath, [BROWSER_ENTRY, '--data-dir', dir, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`browser mode did not start:\n${output}`)), 30_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[0])
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`browser mode exited with ${code}:\n${output}`))
    })
  })
  return {
    url,
    origin: new URL(url).origin,
    dataDir: dir,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => {
          if (!dataDir) fs.rmSync(dir, { recursive: true, force: true })
          resolve()
        })
        child.kill('SIGTERM')
      }),
    interrupt: () =>
      new Promise<number | null>((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode)
        const group = -(child.pid as number)
        const again = setTimeout(() => {
          try {
            process.kill(group, 'SIGINT')
          } catch {
            // Already gone.
          }
        }, 50)
        child.once('exit', (code) => {
          clearTimeout(again)
          resolve(code)
        })
        process.kill(group, 'SIGINT')
      }),
  }
}

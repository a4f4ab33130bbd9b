import { spawn } from 'node:child_process'
import path from 'node:path'
import { runCli } from '../../src-main/cli'

const ROOT = path.resolve(__dirname, '../..')

/** Runs the CLI in this process, collecting what it prints (progress: as on a pipe, not a terminal). */
export async function cli(...argv: string[]) {
  const json: unknown[] = []
  const text: string[] = []
  const errors: string[] = []
  const progress: string[] = []
  const code = await runCli(
    argv,
    {
      json: (v) => json.push(v),
      text: (l) => text.push(l),
      progress: { isTTY: false, write: (chunk) => progress.push(chunk) },
    },
    (l) => errors.push(l),
  )
  return { code, json, text, errors, progress }
}

/**
 * Runs the CLI in a process of its own, as a person or a script would, with `stdin` given (the
 * password for `--password-stdin`) and its secrets under `dataDir`.
 */
export function cliProcess(
  args: string[],
  options: { stdin: string; dataDir: string },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/cli.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, MERITBOOK_DATA_DIR: options.dataDir },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('close', (code) => resolve({ code, stdout, stderr }))
    child.stdin.end(options.stdin)
  })
}

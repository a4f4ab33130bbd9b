import { runCli } from '../../src-main/cli'

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
